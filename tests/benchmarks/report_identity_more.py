"""Check that a speed change leaves `designer report --json` byte-identical on designs the
generator does not make: six other generated ones, and hand-mutated and randomly mutated
copies of them (cables deleted, duplicated, reversed, re-ended onto a wrong or missing port,
looped back, cabled back to back, a spine's cables taken away, fabrics, media and lengths
dropped or changed, splitter cable ids added). Irregular designs take the analysis's other
paths (max-flow, duplicates, unresolved ends, the twin-pod check failing).

Usage (from the repository root):

    .venv/bin/python tests/benchmarks/report_identity_more.py baseline DIR
    .venv/bin/python tests/benchmarks/report_identity_more.py compare DIR

DIR holds the designs (made once, reused) and the reference reports. CD_TREE=PATH runs the
reports from another source tree (a checkout of the commit before the change), so a baseline
can be made after the fact. Exit 1 on any difference, naming the design and the first lines
that differ.
"""

from __future__ import annotations

import copy
import difflib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREE = Path(os.environ.get("CD_TREE", ROOT))
DESIGNER = [sys.executable, "-m", "designer"]
SPECS = {
    "h100-64-sn5600": "--server nvidia-dgx-h100 --nodes 64 --switch nvidia-sn5600",
    "b300-72-q3400": "--server nvidia-dgx-b300 --nodes 72 --switch nvidia-q3400 --rack-power-kw 62",
    "b300-512-sn5600": "--server nvidia-dgx-b300 --nodes 512 --switch nvidia-sn5600 --rack-power-kw 62",
    "h100-127-reserved": "--server nvidia-dgx-h100 --nodes 127 --switch nvidia-qm9700 --rack-power-kw 42 "
                         "--storage-fabric reserved --reserved-storage-ports 96",
    "b200-128-weka": "--server nvidia-dgx-b200 --nodes 128 --switch nvidia-qm9700 --storage weka-wekapod-nitro-8 "
                     "--storage-nodes 2",
    # the GB300 NVL72's liquid share and weight are unpublished: the generator asks for both
    # (these are benchmark inputs, stored in the design as figures the user supplied)
    "gb300-8-q3400": "--server nvidia-gb300-nvl72 --nodes 8 --switch nvidia-q3400 --server-liquid-share 0.85 "
                     "--server-weight-kg 1200 --rack-type rack-42u-600-vertiv-vr3300 --rack-power-kw 150",
}
MEDIA = ["DAC", "AOC", "MMF", "SMF", "CAT6A", "ACC", None]


def _load(work: Path, name: str) -> dict:
    return json.loads((work / f"{name}.json").read_text())


def _named_mutants(work: Path) -> dict[str, dict]:
    out = {}
    for base in ("h100-64-sn5600", "b200-128-weka", "b300-512-sn5600"):
        d = _load(work, base)
        r = random.Random(1)
        d["links"] = [l for l in d["links"] if r.random() > 0.05]
        out[f"{base}-del5pct"] = d
    d = _load(work, "h100-64-sn5600")
    r = random.Random(2)
    for l in r.sample(d["links"], 5):
        d["links"].append(copy.deepcopy(l))
    rev = copy.deepcopy(d["links"][3])
    rev["a"], rev["b"] = rev["b"], rev["a"]
    d["links"].append(rev)
    out["h100-64-dup"] = d
    d = _load(work, "b200-128-weka")
    links = d["links"]
    links[0]["b"] = copy.deepcopy(links[1]["b"])  # two cables on one port
    links[5]["b"]["port"] = "nonexistent-port"
    links[10]["a"]["device"] = "no-such-device"
    out["b200-128-reend"] = d
    d = _load(work, "h100-127-reserved")
    links = d["links"]
    l0 = next(l for l in links if "leaf" in l["b"]["device"])
    loop = copy.deepcopy(l0)
    loop["a"] = dict(l0["b"])
    links.append(loop)  # a port cabled to itself
    servers = [l for l in links if l["a"]["device"].startswith("node")]
    b2b = copy.deepcopy(servers[0])
    b2b["b"] = copy.deepcopy(next(l["a"] for l in servers if l["a"]["device"] != servers[0]["a"]["device"]))
    links.append(b2b)
    out["h100-127-loop"] = d
    d = _load(work, "b300-72-q3400")
    for i, l in enumerate(d["links"]):
        l.pop("fabric", None)
        if i % 7 == 0:
            l.pop("media", None)
        if i % 11 == 0:
            l.pop("length_m", None)
    out["b300-72-nofabric"] = d
    d = _load(work, "b300-512-sn5600")
    spines = sorted({e["device"] for l in d["links"] for e in (l["a"], l["b"]) if "spine" in e["device"]})
    gone, half, n, keep = spines[0], spines[-1], 0, []
    for l in d["links"]:
        names = (l["a"]["device"], l["b"]["device"])
        if gone in names:
            continue
        if half in names:
            n += 1
            if n % 2:
                continue
        keep.append(l)
    d["links"] = keep
    out["b300-512-spinegone"] = d
    d = _load(work, "gb300-8-q3400")
    r = random.Random(7)
    d["links"] = [l for l in d["links"] if r.random() > 0.1]
    leaves = sorted({e["device"] for l in d["links"] for e in (l["a"], l["b"]) if "leaf" in e["device"]})
    for l in d["links"]:
        if l["b"]["device"] in leaves and len(leaves) > 1:
            l["b"]["device"] = leaves[-1] if l["b"]["device"] != leaves[-1] else leaves[0]
            break
    out["gb300-8-moved"] = d
    return out


def _random_mutant(work: Path, i: int) -> dict:
    r = random.Random(100 + i)
    bases = ["h100-64-sn5600", "b200-128-weka", "gb300-8-q3400", "b300-72-q3400", "h100-127-reserved"]
    d = _load(work, bases[i % len(bases)])
    links = d["links"]
    ends = [(l["a"]["device"], l["a"]["port"]) for l in links] + [(l["b"]["device"], l["b"]["port"]) for l in links]
    for _ in range(r.randint(1, 6)):
        op = r.choice(["del", "dup", "swap", "reend", "loop", "nofab", "media", "len", "cid", "b2b", "rev", "spine"])
        if not links:
            break
        if op == "del":
            for _ in range(r.randint(1, 40)):
                if links:
                    links.pop(r.randrange(len(links)))
        elif op == "dup":
            for _ in range(r.randint(1, 5)):
                links.append(copy.deepcopy(r.choice(links)))
        elif op == "swap":
            x, y = r.choice(links), r.choice(links)
            x["b"], y["b"] = y["b"], x["b"]
        elif op == "reend":
            device, port = r.choice(ends)
            r.choice(links)[r.choice("ab")] = {"device": device, "port": port}
        elif op == "loop":
            l = copy.deepcopy(r.choice(links))
            l["a"] = copy.deepcopy(l["b"])
            l["b"] = {"device": l["a"]["device"], "port": r.choice([p for d_, p in ends if d_ == l["a"]["device"]])}
            links.append(l)
        elif op == "nofab":
            for l in r.sample(links, min(len(links), 30)):
                l.pop("fabric", None)
        elif op == "media":
            for l in r.sample(links, min(len(links), 30)):
                media = r.choice(MEDIA)
                if media is None:
                    l.pop("media", None)
                else:
                    l["media"] = media
        elif op == "len":
            for l in r.sample(links, min(len(links), 30)):
                l["length_m"] = r.choice([1.0, 3.0, 7.0, 30.0, 100.0, 2.5])
        elif op == "cid":
            for l in r.sample(links, min(len(links), 10)):
                l["cable_id"] = f"C{r.randint(1, 4)}"
        elif op == "b2b":
            (d1, p1), (d2, p2) = r.choice(ends), r.choice(ends)
            links.append({"a": {"device": d1, "port": p1}, "b": {"device": d2, "port": p2},
                          "fabric": r.choice(d["fabrics"])["name"], "media": "MMF", "length_m": 3.0})
        elif op == "rev":
            for l in r.sample(links, min(len(links), 50)):
                l["a"], l["b"] = l["b"], l["a"]
        elif op == "spine":
            switches = sorted({e["device"] for l in links for e in (l["a"], l["b"])
                               if "spine" in e["device"] or "core" in e["device"]})
            if switches:
                gone = r.choice(switches)
                d["links"] = links = [l for l in links if gone not in (l["a"]["device"], l["b"]["device"])
                                      or r.random() < 0.3]
    return d


def designs(work: Path) -> list[str]:
    names = []
    for name, spec in SPECS.items():
        path = work / f"{name}.json"
        if not path.exists():
            subprocess.run(DESIGNER + ["new", *spec.split(), "-o", str(path), "--force"], check=True, cwd=TREE,
                           stdout=subprocess.DEVNULL)
        names.append(name)
    mutants = _named_mutants(work) | {f"random{i:02d}": _random_mutant(work, i) for i in range(40)}
    for name, design in mutants.items():
        path = work / f"m-{name}.json"
        if not path.exists():
            path.write_text(json.dumps(design))
        names.append(f"m-{name}")
    return names


def report(path: Path) -> bytes:
    run = subprocess.run(DESIGNER + ["report", "--json", str(path)], cwd=TREE, capture_output=True)
    return run.stdout + b"\n--rc " + str(run.returncode).encode() + b"\n" + run.stderr


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("baseline", "compare"):
        print(__doc__)
        return 2
    mode, work = argv[0], Path(argv[1])
    work.mkdir(parents=True, exist_ok=True)
    different = 0
    for name in designs(work):
        got = report(work / f"{name}.json")
        ref = work / f"{name}.report"
        if mode == "baseline":
            ref.write_bytes(got)
            continue
        want = ref.read_bytes()
        if got == want:
            continue
        different += 1
        print(f"{name}: DIFFERENT")
        for i, line in enumerate(difflib.unified_diff(want.decode().splitlines(), got.decode().splitlines(),
                                                      "before", "after", n=1, lineterm="")):
            if i > 30:
                break
            print("   ", line)
    print(f"{mode}: {len(SPECS)} generated designs, {len(designs(work)) - len(SPECS)} mutated; "
          f"{different} different")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
