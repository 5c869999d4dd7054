"""Side-by-side process figures of two builds of the designer (issue 17: honest figures).

    .venv/bin/python tests/benchmarks/compare_builds.py OTHER_TREE ROUNDS [--ratio] -- report --json FILE

runs ``python -m designer ARGS`` alternately from OTHER_TREE (e.g. ``git archive`` of an
older commit unpacked in a folder) and from this tree, ROUNDS times each, and prints the
median wall and CPU seconds and peak RSS of each (pairs alternate so that a busy machine
slows both alike).  ``json.load`` as the command measures a bare ``json.load`` of FILE.
``--ratio``: a bare ``json.load`` of the command's last argument runs in the same turns, and
each build's median is given as a multiple of it (issue 17's measure).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path



HERE = Path(__file__).resolve().parents[2]


def command(args: list[str]) -> list[str]:
    if args[0] == "json.load":
        return [sys.executable, "-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))", args[1]]
    return [sys.executable, "-m", "designer", *args]


def main(argv: list[str]) -> int:
    from test_process_speed import run_process  # type: ignore[import-not-found]

    other, rounds, rest = Path(argv[0]).resolve(), int(argv[1]), argv[argv.index("--") + 1:]
    ratio = "--ratio" in argv[2:argv.index("--")]
    arms = [("other", other, command(rest)), ("this", HERE, command(rest))]
    if ratio:
        arms.append(("json.load", HERE, command(["json.load", rest[-1]])))
    runs: dict[str, list[dict]] = {name: [] for name, _tree, _cmd in arms}
    for _ in range(rounds):
        for name, tree, cmd in arms:
            runs[name].append(run_process(cmd, cwd=tree))
    medians = {}
    for name, items in runs.items():
        codes = {r["code"] for r in items}
        medians[name] = statistics.median(r["wall_s"] for r in items)
        print(f"{name:9s} wall {medians[name]:7.2f} s  "
              f"CPU {statistics.median(r['cpu_s'] for r in items):7.2f} s  "
              f"peak {statistics.median(r['rss_mib'] for r in items):6.0f} MiB  exit {sorted(codes)}")
    if ratio:
        print(f"as a multiple of json.load (wall): other {medians['other'] / medians['json.load']:.2f}x, "
              f"this {medians['this'] / medians['json.load']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main(sys.argv[1:]))
