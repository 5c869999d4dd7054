"""Check that a speed change leaves `designer report --json` byte-identical.

Usage (from the repository root):

    .venv/bin/python tests/benchmarks/report_identity.py baseline DIR   # write reference reports
    .venv/bin/python tests/benchmarks/report_identity.py compare DIR    # diff against them

It generates the bundled example plus 1,024 / 16,384 / 32,768-GPU designs (DGX H100 on
QM9700) once into DIR (reused when present), runs `designer report --json` on each in a
fresh process and stores (baseline) or compares (compare) the bytes.  Exit 1 on any
difference, naming the design and the first differing line.
"""

from __future__ import annotations

import difflib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESIGNER = [sys.executable, "-m", "designer"]
SIZES = {"1k": 128, "16k": 2048, "32k": 4096}


def designs(work: Path, only: list[str]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    example = ROOT / "resources/examples/dgx-h100-16-node.json"
    if not only or "example" in only:
        out["example"] = example
    for name, nodes in SIZES.items():
        if only and name not in only:
            continue
        path = work / f"{name}.json"
        if not path.exists():
            subprocess.run(
                DESIGNER + ["new", "--server", "nvidia-dgx-h100", "--nodes", str(nodes),
                            "--switch", "nvidia-qm9700", "-o", str(path), "--force"],
                check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        out[name] = path
    return out


def report(path: Path) -> bytes:
    run = subprocess.run(DESIGNER + ["report", "--json", str(path)], cwd=ROOT,
                         capture_output=True)
    return run.stdout + b"\n--rc " + str(run.returncode).encode()


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("baseline", "compare"):
        print(__doc__)
        return 2
    mode, work, only = argv[0], Path(argv[1]), argv[2:]
    work.mkdir(parents=True, exist_ok=True)
    failed = False
    for name, path in designs(work, only).items():
        got = report(path)
        ref = work / f"{name}.report.json"
        if mode == "baseline":
            ref.write_bytes(got)
            print(f"{name}: baseline {len(got):,} bytes")
            continue
        want = ref.read_bytes()
        if got == want:
            print(f"{name}: identical ({len(got):,} bytes)")
            continue
        failed = True
        diff = difflib.unified_diff(want.decode().splitlines(), got.decode().splitlines(),
                                    "before", "after", n=1, lineterm="")
        print(f"{name}: DIFFERENT")
        for i, line in enumerate(diff):
            if i > 30:
                break
            print("   ", line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
