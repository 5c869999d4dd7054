"""`designer report` (JSON and text) is a public contract: its bytes must not change when
the results behind it change shape (issue 18, 7b: typed results behind ``as_dict()``).

The golden files in ``tests/data/golden`` were written by ``designer report [--json]`` on
main before the results were typed: the bundled example, a generated 32-node
rail-optimized DGX H100 design with a reserved storage fabric (``RAIL32``) and an 8-node
one on Spectrum-4 (RoCE: the report's ``roce`` block filled, ``ROCE8``). A change that means to change a figure regenerates them with
``CD_UPDATE_GOLDEN=1 pytest tests/test_report_golden.py`` and says why in its commit.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from designer.cli import main
from designer.resources import example_design

GOLDEN = Path(__file__).parent / "data" / "golden"
RAIL32 = ["new", "--server", "nvidia-dgx-h100", "--nodes", "32", "--switch", "nvidia-qm9700", "--rail-optimized",
          "--rack-power-kw", "42", "--storage-fabric", "reserved", "--reserved-storage-ports", "24"]

ROCE8 = ["new", "--server", "nvidia-dgx-h100", "--nodes", "8", "--switch", "nvidia-sn5600",
         "--storage-fabric", "reserved", "--reserved-storage-ports", "8"]


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("golden")
    paths = {"example": example_design()}
    for name, argv in (("rail32", RAIL32), ("roce8", ROCE8)):
        paths[name] = folder / f"{name}.json"
        assert main([*argv, "-o", str(paths[name]), "--force"]) == 0
    return paths


def _first_difference(want: str, got: str) -> str:
    diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "now", n=1, lineterm="")
    return "\n".join(line for _, line in zip(range(30), diff))


@pytest.mark.parametrize("name", ["example", "rail32", "roce8"])
@pytest.mark.parametrize("form", ["json", "txt"])
def test_report_is_byte_identical_to_the_golden_file(name, form, generated, capsys):
    capsys.readouterr()
    argv = ["report", *(["--json"] if form == "json" else []), str(generated[name])]
    code = main(argv)
    got = capsys.readouterr().out
    assert code == 0
    golden = GOLDEN / f"{name}.report.{form}"
    if os.environ.get("CD_UPDATE_GOLDEN"):
        golden.write_text(got, encoding="utf-8", newline="")
    want = golden.read_text(encoding="utf-8")
    assert got == want, f"designer {' '.join(argv)} differs from {golden}:\n{_first_difference(want, got)}"
