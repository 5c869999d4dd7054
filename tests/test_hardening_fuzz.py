"""Loader fuzzing (issue 18), seeded and a few seconds long: mutants of the bundled example
(bytes and structure) either load or raise the project's own error — never another
exception — and the CLI answers a sample of them with exit 2 and one line."""

from __future__ import annotations

import json
import os
import random
import time

from designer.catalog.entries import parse_entry
from designer.catalog.yaml_reader import parse_yaml
from designer.errors import DesignerError
from designer.model.io import parse_design

from conftest import ROOT, run_cli

EXAMPLE = ROOT / "resources" / "examples" / "dgx-h100-16-node.json"
ENTRY = ROOT / "resources" / "catalog"
SOAK = bool(os.environ.get("CD_SOAK"))  # make soak: >= 100,000 mutants instead of seconds' worth
SEED = int(os.environ.get("CD_SOAK_SEED", 18)) if SOAK else 18
BUDGET_S = 4.0
SOAK_MUTANTS = 100_000

_HOSTILE_VALUES = [
    None, True, "false", "", "x" * 5_000, "a\x00b", "n\x1b[31m", "\ud800", -1, 0, 1e308, -1e308, 10**30,
    [], {}, [[[[[[]]]]]], {"a": {"b": {"c": {}}}}, "1e999", 3.5, "node001", ["a", "b"],
]


def _byte_mutant(rng: random.Random, raw: bytes) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 8)):
        if not data:
            break
        op = rng.random()
        pos = rng.randrange(len(data))
        if op < 0.3:
            data[pos] = rng.randrange(256)
        elif op < 0.5:
            del data[pos : pos + rng.randint(1, 64)]
        elif op < 0.7:
            data[pos:pos] = rng.choice([b"[", b"{", b"]", b"}", b",", b'"', b"\\u0000", b"1e999", b"\xff", b"-"])
        elif op < 0.85:
            chunk = data[pos : pos + rng.randint(1, 200)]
            data[pos:pos] = chunk
        else:
            data = data[:pos]
    return bytes(data)


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node[:3]):
            yield from _paths(value, (*path, i))


def _structure_mutant(rng: random.Random, data: dict) -> bytes:
    data = json.loads(json.dumps(data))
    paths = [p for p in _paths(data) if p]
    for _ in range(rng.randint(1, 4)):
        path = rng.choice(paths)
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            op = rng.random()
            if op < 0.6:
                value = rng.choice(_HOSTILE_VALUES)
                if value == "nest":
                    value = []
                parent[path[-1]] = value
            elif op < 0.75 and isinstance(parent, dict):
                del parent[path[-1]]
            elif op < 0.9:
                parent[path[-1]] = f"__DEEP_{rng.choice([70, 999, 1_500, 5_000])}__"
            elif isinstance(parent, list):
                parent.append(parent[path[-1]])  # a duplicate item
        except (KeyError, IndexError, TypeError):
            continue
    text = json.dumps(data, ensure_ascii=True)
    for depth in (70, 999, 1_500, 5_000):  # nesting written as text: json.dumps would recurse
        text = text.replace(f'"__DEEP_{depth}__"', "[" * depth + "0" + "]" * depth)
    return text.encode()


def _load_or_refuse(raw: bytes, catalog) -> str:
    try:
        parse_design(raw, "mutant.json", catalog)
    except DesignerError as exc:
        text = exc.format()
        assert "\n" not in text and "Traceback" not in text, text
        return "refused"
    return "loaded"


def test_mutated_projects_load_or_raise_the_projects_error(catalog):
    rng = random.Random(SEED)
    raw = EXAMPLE.read_bytes()
    data = json.loads(raw)
    outcomes = {"loaded": 0, "refused": 0}
    started = time.perf_counter()
    n = 0
    while (n < SOAK_MUTANTS) if SOAK else (time.perf_counter() - started < BUDGET_S or n < 40):
        mutant = _byte_mutant(rng, raw) if n % 2 else _structure_mutant(rng, data)
        try:
            outcomes[_load_or_refuse(mutant, catalog)] += 1
        except AssertionError:
            raise
        except Exception as exc:  # the test's whole point: name the input that escaped
            raise AssertionError(f"mutant {n} (seed {SEED}) raised {type(exc).__name__}: {exc!s:.300}") from exc
        n += 1
    assert outcomes["refused"] > n // 2, outcomes
    print(f"fuzz: {n} mutants, {outcomes}")


def test_mutated_catalog_yaml_loads_or_raises_the_projects_error():
    rng = random.Random(SEED)
    files = sorted(p for p in ENTRY.glob("*/*.yaml"))[:12]
    n = 0
    started = time.perf_counter()
    while time.perf_counter() - started < 2.0 or n < 40:
        path = files[n % len(files)]
        mutant = _byte_mutant(rng, path.read_bytes())
        try:
            entry = parse_yaml(mutant, path.name)
            parse_entry(entry, path)
        except DesignerError as exc:
            assert "\n" not in exc.format()
        except Exception as exc:
            raise AssertionError(f"YAML mutant {n} of {path.name} raised {type(exc).__name__}: {exc!s:.300}") from exc
        n += 1
    print(f"yaml fuzz: {n} mutants")


def test_the_cli_answers_mutants_in_one_line(tmp_path):
    rng = random.Random(SEED + 1)
    raw = EXAMPLE.read_bytes()
    data = json.loads(raw)
    checked = 0
    for n in range(400):
        mutant = _byte_mutant(rng, raw) if n % 2 else _structure_mutant(rng, data)
        path = tmp_path / f"mutant-{n}.json"
        path.write_bytes(mutant)
        result = run_cli("check", path)
        if result.code in (0, 1):
            continue
        assert result.code == 2, result
        lines = result.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {path}"), result
        checked += 1
        if checked == 12:
            break
    assert checked == 12
