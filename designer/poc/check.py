"""Verdicts of POC results against the plan: pass / fail / missing per test.

A test the plan marks ``"check": "by_hand"`` (HCCL Test's all-gather, whose per-NPU data size
Huawei does not define against nccl-tests' busbw; rccl-tests' all-gather, whose output does not
name the operation) is ``by_hand``, not missing.

Results are matched to tests by their content, never their file names: an nccl-tests run by
its operation and rank count (and node count, from the hosts of its ``# Rank`` lines); a
perftest run by its test and its link type, then the link class whose speed fits what it
measured; a fio run by the directions it moved data in. A nccl-tests run passes when the
out-of-place busbw at its largest size reaches the model's busbw at that size less the
tolerance and no line reports a wrong value (#wrong); perftest and fio when they reach the
expected figure less the tolerance. ``ib_write_lat`` is recorded.

Exit code (``designer poc check``): 2 when any file is unusable, else 1 when any test fails,
else 0.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from designer.poc.parse import Result, ResultError, read_result
from designer.poc.plan import PocContext, expected_busbw


def _verdict(measured: float | None, expected: float | None, tolerance: float) -> str:
    if expected is None or measured is None:
        return "recorded"
    return "pass" if measured >= expected * (1 - tolerance) else "fail"


def _collective_test(data: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any] | None:
    """The plan's collective test a run is of: by operation and rank count, then node count."""
    candidates = [t for t in plan["tests"] if t["kind"] == "nccl" and t["operation"] == data["operation"]
                  and t["ranks"] == data["ranks"]]
    if data["nodes"] and candidates:
        candidates = [t for t in candidates if t["nodes"] == data["nodes"]] or candidates
    return candidates[0] if candidates else None


def _unmatched(result: Result, detail: str) -> dict[str, Any]:
    """A result file no test of the plan takes, and why."""
    return {"test": None, "file": result.file, "verdict": "unmatched", "detail": detail}


def _nccl(result: Result, plan: dict[str, Any], poc: PocContext) -> list[dict[str, Any]]:
    data = result.data
    test = _collective_test(data, plan)
    if test is None:
        return [_unmatched(result, f"{data['operation']} over {data['ranks']} ranks on {data['nodes']} hosts: "
                                   "no test of the plan has that many ranks")]
    big = max(data["rows"], key=lambda r: r["size_bytes"])
    expected = expected_busbw(poc.scope_system(test["nodes"]), test["operation"], big["size_bytes"])
    wrong = sum(r["wrong"] for r in data["rows"])
    verdict = _verdict(big["busbw_gbytes_s"], expected, plan["tolerance"])
    detail = (f"busbw {big['busbw_gbytes_s']:g} GB/s at {big['size_bytes']} B against "
              + ("no figure of the model" if expected is None else f"{expected:g} GB/s"))
    if wrong:
        verdict, detail = "fail", detail + f"; {wrong} wrong values (#wrong)"
    return [{"test": test["id"], "file": result.file, "verdict": verdict, "measured": big["busbw_gbytes_s"],
             "expected": expected, "unit": "GB/s busbw", "size_bytes": big["size_bytes"], "ranks": data["ranks"],
             "hosts": data["hosts"], "devices": data["devices"], "detail": detail}]


def _hccl(result: Result, plan: dict[str, Any], poc: PocContext) -> list[dict[str, Any]]:
    """HCCL Test's all-reduce: its ``alg_bandwidth`` is the data size per NPU over the time, the
    per-rank buffer nccl-tests' algbw divides by too, so its busbw is alg_bandwidth x 2(n-1)/n
    (nccl-tests doc/PERFORMANCE.md) against the model's busbw; a ``check_result`` of failed fails
    the test (NULL: Huawei's tool did not check, as with -c 0)."""
    data = result.data
    test = _collective_test(data, plan)
    if test is None:
        return [_unmatched(result, f"HCCL Test {data['operation']} over {data['ranks']} NPUs: no test of the "
                                   "plan has that many ranks")]
    n = data["ranks"]
    big = max(data["rows"], key=lambda r: r["size_bytes"])
    if test.get("check") == "by_hand" or data["operation"] != "all_reduce" or n < 2:
        return [{"test": test["id"], "file": result.file, "verdict": "by_hand", "measured": big["algbw_gbytes_s"],
                 "expected": None, "unit": "GB/s alg_bandwidth", "size_bytes": big["size_bytes"], "ranks": n,
                 "detail": f"HCCL Test {data['operation']}: alg_bandwidth is checked by hand against the plan"}]
    busbw = round(big["algbw_gbytes_s"] * 2 * (n - 1) / n, 3)
    expected = expected_busbw(poc.scope_system(test["nodes"]), "all_reduce", big["size_bytes"])
    verdict = _verdict(busbw, expected, plan["tolerance"])
    detail = (f"alg_bandwidth {big['algbw_gbytes_s']:g} GB/s at {big['size_bytes']} B = busbw {busbw:g} GB/s "
              f"(x 2(n-1)/n, n = {n}) against " + ("no figure of the model" if expected is None
                                                    else f"{expected:g} GB/s"))
    failed = sum(1 for r in data["rows"] if r["check"].lower() == "failed")
    if failed:
        verdict, detail = "fail", detail + f"; check_result failed at {failed} sizes"
    return [{"test": test["id"], "file": result.file, "verdict": verdict, "measured": busbw, "expected": expected,
             "unit": "GB/s busbw", "size_bytes": big["size_bytes"], "ranks": n, "detail": detail}]


def _perftest(result: Result, plan: dict[str, Any]) -> list[dict[str, Any]]:
    data = result.data
    candidates = [t for t in plan["tests"] if t["kind"] == "perftest" and t["test"] == data["test"]
                  and (data["link_type"] is None or t["link_type"] == data["link_type"])]
    if not candidates:
        return [_unmatched(result, f"{data['test']} on a {data['link_type']} link: no such link class in the design")]
    if data["test"].endswith("_bw"):
        peak = data["peak_gbits_s"]
        fitting = sorted((t for t in candidates if t["speed_gbps"] >= peak * 0.99), key=lambda t: t["speed_gbps"])
        test = fitting[0] if fitting else max(candidates, key=lambda t: t["speed_gbps"])
        measured, expected, unit = data["average_gbits_s"], test["expected_gbits_s"], "Gb/s"
    else:
        test = candidates[0]
        measured, expected, unit = data["t_typical_us"], None, "us typical"
    return [{"test": test["id"], "file": result.file, "verdict": _verdict(measured, expected, plan["tolerance"]),
             "measured": measured, "expected": expected, "unit": unit, "device": data["device"],
             "detail": f"{data['test']} on {data['device']} ({data['link_type']})"}]


def _fio(result: Result, plan: dict[str, Any]) -> list[dict[str, Any]]:
    data = result.data
    out = []
    for direction in ("read", "write"):
        measured = data[f"{direction}_gbytes_s"]
        if not measured:
            continue
        test = next((t for t in plan["tests"] if t["kind"] == "fio" and t["rw"] == direction), None)
        if test is None:
            out.append(_unmatched(result, f"fio {direction}: the design's storage publishes no {direction} figure"))
            continue
        out.append({"test": test["id"], "file": result.file,
                    "verdict": _verdict(measured, test["expected_gbytes_s"], plan["tolerance"]),
                    "measured": measured, "expected": test["expected_gbytes_s"], "unit": "GB/s aggregate",
                    "detail": f"fio {data['rw']} bs={data['bs']}, {data['jobs']} jobs"})
    if not out:
        out.append(_unmatched(result, "fio moved no data"))
    return out


def check_results(plan: dict[str, Any], poc: PocContext, files: Iterable[str]) -> dict[str, Any]:
    verdicts: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    for name in files:
        try:
            result = read_result(name)
        except ResultError as exc:
            errors.append(exc.as_dict())
            continue
        if result.kind == "nccl":
            verdicts += _nccl(result, plan, poc)
        elif result.kind == "hccl":
            verdicts += _hccl(result, plan, poc)
        elif result.kind == "perftest":
            verdicts += _perftest(result, plan)
        else:
            verdicts += _fio(result, plan)
    seen = {v["test"] for v in verdicts if v["test"]}
    for test in plan["tests"]:
        if test["id"] in seen:
            continue
        if test.get("check") == "by_hand":
            # a result the check cannot judge (HCCL Test's and rccl-tests' all-gather): the plan
            # says so, and the check does not count it as missing
            verdicts.append({"test": test["id"], "file": None, "verdict": "by_hand",
                             "detail": f"{test.get('tool') or 'its tool'}'s output is checked by hand against "
                                       "the plan"})
        else:
            verdicts.append({"test": test["id"], "file": None, "verdict": "missing", "detail": "no result supplied"})
    counts: dict[str, int] = {}
    for v in verdicts:
        counts[v["verdict"]] = counts.get(v["verdict"], 0) + 1
    exit_code = 2 if errors else (1 if counts.get("fail") else 0)
    return {"project": plan["project"], "tolerance": plan["tolerance"], "results": verdicts, "errors": errors,
            "counts": counts, "exit_code": exit_code}


def format_check(report: dict[str, Any]) -> str:
    lines = [f"POC check: {report['project']}"]
    for v in report["results"]:
        figure = ""
        if v.get("measured") is not None:
            figure = f" measured {v['measured']:g}"
            if v.get("expected") is not None:
                figure += f" vs expected {v['expected']:g} {v['unit']}"
            else:
                figure += f" {v['unit']}"
        where = f" [{v['file']}]" if v.get("file") else ""
        lines.append(f"  {v['verdict'].upper():9} {v['test'] or '(no test)'}{figure}{where}")
        if v["verdict"] in ("fail", "unmatched"):
            lines.append(f"            {v['detail']}")
    for e in report["errors"]:
        where = f"{e['file']}:{e['line']}" if e.get("line") else e["file"]
        lines.append(f"  error: {where}: {e['message']}")
    summary = ", ".join(f"{n} {k}" for k, n in sorted(report["counts"].items()))
    lines.append(f"  {summary}")
    return "\n".join(lines) + "\n"
