"""Unit conversions go through designer/model/units.py only (issue 18, item 7): no inline
`* 1000`, `/ 1000`, `* 3.412` or other unit factors in the rules, the fabric generator, the
estimates or the model, and no second definition of a factor units.py holds."""

from __future__ import annotations

import ast
from pathlib import Path

import designer.model.units as units

ROOT = Path(__file__).resolve().parent.parent / "designer"
SCANNED = ("checks", "fabric", "estimates", "model")
UNITS = ROOT / "model" / "units.py"

# Factors that convert a unit: kW/W, mm/m, s/ms/us/ns, MB/GB/TB/bytes, bits/Gbit,
# TFLOPS, billions, and BTU/h per W.
BTU_H_PER_W = 3.412
FACTORS = {1000, 1e-3, 1e6, 1e-6, 1e9, 1e-9, 1e12, 1e-12, BTU_H_PER_W}

# A literal in a product or quotient that is one of FACTORS but no unit conversion:
# (file relative to designer/, line text stripped) -> why it is not a conversion. Empty
# today: the tolerances (``1e-3`` on a ratio, ``EPSILON = 1e-6``) are added, not multiplied,
# and nothing else is left.
ALLOWED: dict[tuple[str, str], str] = {}


def _number(node: ast.AST) -> float | None:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return -inner if inner is not None else None
    return None


def _sources() -> list[Path]:
    return [p for d in SCANNED for p in sorted((ROOT / d).rglob("*.py")) if p != UNITS]


def _inline_factors(path: Path, label: str | None = None) -> list[str]:
    label = label or str(path.relative_to(ROOT))
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for node in ast.walk(ast.parse(text)):
        operands: list[ast.AST] = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv)):
            operands = [node.left, node.right]
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv)):
            operands = [node.value]
        for operand in operands:
            value = _number(operand)
            if value is not None and value in FACTORS:
                line = lines[node.lineno - 1].strip()
                if (label, line) not in ALLOWED:
                    found.append(f"{label}:{node.lineno}: {line}")
        # BTU/h per W is that factor in whatever expression
        if _number(node) == BTU_H_PER_W:
            found.append(f"{label}:{node.lineno}: 3.412 outside units.py")
    return sorted(set(found))


def _factor_definitions(path: Path) -> list[str]:
    """Module-level NAME = <number> where the name is one units.py defines: a second copy."""
    ours = {n for n in dir(units) if n.isupper()}
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        for target in targets:
            if isinstance(target, ast.Name) and target.id in ours:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {target.id} (import it from units.py)")
    return found


def test_no_inline_unit_factors() -> None:
    found = [hit for path in _sources() for hit in _inline_factors(path)]
    assert not found, "convert through designer/model/units.py:\n" + "\n".join(found)


def test_no_second_copy_of_a_units_constant() -> None:
    found = [hit for path in _sources() for hit in _factor_definitions(path)]
    assert not found, "\n".join(found)


def test_every_allowance_is_still_there() -> None:
    # a stale entry would let a real conversion in on that line later
    texts = {str(p.relative_to(ROOT)): {l.strip() for l in p.read_text(encoding="utf-8").splitlines()}
             for p in _sources()}
    stale = [f"{f}: {line}" for f, line in ALLOWED if line not in texts.get(f, set())]
    assert not stale, stale


def test_the_scan_sees_a_conversion(tmp_path: Path) -> None:
    # the scanner itself: each form it must catch, and what it must let be
    samples = ["x = budget_kw * 1000\n", "x = length_mm / 1000.0\n", "x = heat_w * 3.412\n", "x = t * 1e3\n",
               "x *= 1e-9\n", "x = n_billion * 1e9\n", "x = BTU_H_PER_W = 3.412\n"]
    path = tmp_path / "sample.py"
    for sample in samples:
        path.write_text(sample, encoding="utf-8")
        assert _inline_factors(path, "sample.py"), sample
    for harmless in ["x = ratio + 1e-3\n", "x = kw_to_w(budget_kw)\n", "x = n * 2\n", "x = 1000\n"]:
        path.write_text(harmless, encoding="utf-8")
        assert not _inline_factors(path, "sample.py"), harmless


def test_the_conversions_are_the_plain_operations() -> None:
    # replacing `x * 1000.0` with kw_to_w(x) (and so on) keeps every float bit for bit
    for x in (0.1, 1.7, 40.0, 123.456, 1e-7, 3):
        assert units.kw_to_w(x) == x * 1000.0
        assert units.w_to_kw(x) == x / 1000
        assert units.mm_to_m(x) == x / 1000.0
        assert units.mm2_to_m2(x) == x / 1e6
        assert units.s_to_ms(x) == x * 1e3
        assert units.us_to_ms(x) == x / 1e3
        assert units.ns_to_s(x) == x * 1e-9
        assert units.gbit_to_bit(x) == x * 1e9
        assert units.mb_to_bytes(x) == x * 1e6
        assert units.bytes_to_mb(x) == x / 1e6
        assert units.bits_to_bytes(x) == x / 8
        assert units.tflops_to_flops(x) == x * 1e12
        assert units.from_billions(x) == x * 1e9
        assert units.w_to_btu_h(x) == x * 3.412
