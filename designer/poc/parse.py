"""Readers for the real output formats of the POC's tools.

- nccl-tests (github.com/NVIDIA/nccl-tests), the stdout table of ``*_perf``: ``#`` comment
  lines (``# Collective test starting: all_reduce_perf`` in 2.17 and later, ``# Using
  devices`` with one ``#  Rank  N Group G Pid P on HOST device D [BUS] NAME`` line per rank,
  the column header ``#  size  count  type  redop  root  time  algbw  busbw  #wrong  time ...``
  — out-of-place, then in-place —), one data line per size, and ``# Avg bus bandwidth : X``
  at the end. rccl-tests (github.com/ROCm/rccl-tests, ROCm's fork) prints the same table; its
  rank lines have no ``Group`` field (``#   Rank  N Pid P on HOST device D [BUS] NAME``,
  src/common.cu), read alike. Older versions lack the ``Collective test starting`` line: the operation is
  then told from the reduction column and busbw / algbw (2(n-1)/n for all-reduce, (n-1)/n
  for the others, doc/PERFORMANCE.md).
- perftest (github.com/linux-rdma/perftest) ``ib_write_bw`` / ``ib_write_lat``: the title
  (``RDMA_Write BW Test`` / ``RDMA_Write Latency Test``), ``Device : mlx5_0``, ``Link type :
  IB`` (``Ethernet`` on RoCE), a ``#bytes`` header and a result line; bandwidth in
  ``[Gb/sec]`` with ``--report_gbits``, else ``[MB/sec]`` (MiB/s: 2^20 bytes).
- HCCL Test (Huawei CANN ``tools/hccl_test``, hiascend.com "HCCL Performance Tester, Result
  Description", HCCLpertest_16_0006): ``the minbytes is B, maxbytes is B, iters is N,
  warmup_iters is N``, the header ``data_size(Bytes): | avg_time(us): | alg_bandwidth(GB/s): |
  check_result:`` and one ``|``-separated line per size; ``alg_bandwidth`` is the algorithm
  bandwidth, data size per NPU over time, and ``check_result`` success, failed or NULL (no
  check). The table names neither the binary nor the rank count, so the file must carry the
  command line above it, as Huawei's own example shows it (``# mpirun -n 8
  ./bin/all_reduce_test -b 8K -e 64M -f 2 -d fp32 -o sum -p 8``): ``-n`` all NPUs, ``-p`` NPUs per
  node.
- fio (``--output-format=json``): ``jobs`` [{jobname, job options, read / write {bw_bytes,
  bw (KiB/s), iops}}]; a distributed run (``--client``) adds ``client_stats``, whose
  ``All clients`` entries are the aggregate.

Every reader returns a ``Result`` or raises ``ResultError`` naming the file and line.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

NCCL_OPERATIONS = {"all_reduce_perf": "all_reduce", "all_gather_perf": "all_gather",
                   "reduce_scatter_perf": "reduce_scatter", "alltoall_perf": "all_to_all"}
MIB = 1024 * 1024
# nccl-tests' "Rank N Group G Pid P on HOST device D [BUS] NAME"; rccl-tests has no Group field
RANK_LINE = re.compile(r"Rank\s+\d+\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device\s+\d+\s+\[[^\]]*\]\s*(.*)$")


class ResultError(Exception):
    """A result file the check cannot use: the file, the line (1-based, or None) and why."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        super().__init__(self.format())

    def format(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "message": self.message}


@dataclass
class Result:
    kind: str  # "nccl", "hccl", "perftest" or "fio"
    file: str
    data: dict[str, Any] = field(default_factory=dict)


def read_result(path: str | Path) -> Result:
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise ResultError(name, None, f"cannot be read: {exc.strerror or exc}") from exc
    return parse_text(text, name)


def parse_text(text: str, name: str) -> Result:
    stripped = text.lstrip()
    if not stripped:
        raise ResultError(name, None, "is empty")
    if "RDMA_" in text and ("BW Test" in text or "Latency Test" in text) and "#bytes" in text:
        return parse_perftest(text, name)
    if re.search(r"^#\s+size\s+count\s+type", text, re.M) or "# Collective test starting" in text \
            or "# nThread" in text:
        return parse_nccl(text, name)
    if "alg_bandwidth" in text and "data_size" in text:
        return parse_hccl(text, name)
    if '"fio version"' in text or '"jobs"' in text:
        return parse_fio(text, name)
    first = next((i + 1 for i, line in enumerate(text.splitlines()) if line.strip()), 1)
    raise ResultError(name, first, "not nccl-tests, HCCL Test, perftest (ib_write_bw / ib_write_lat) or fio JSON "
                                   "output")


# ---------------------------------------------------------------- nccl-tests


def parse_nccl(text: str, name: str) -> Result:
    lines = text.splitlines()
    program = None
    ranks: list[tuple[str, str]] = []  # (host, device name)
    header: list[str] | None = None
    header_line = 0
    rows: list[dict[str, Any]] = []
    avg_busbw = None
    for number, line in enumerate(lines, 1):
        s = line.strip()
        if s.startswith("#"):
            body = s.lstrip("#").strip()
            m = re.match(r"Collective test starting:\s*(\S+)", body)
            if m:
                program = m.group(1)
            m = RANK_LINE.match(body)
            if m:
                ranks.append((m.group(1), m.group(2).strip()))
            if re.match(r"size\s+count\s+type", body):
                header, header_line = body.split(), number
            m = re.match(r"Avg bus bandwidth\s*:\s*([0-9.eE+-]+)", body)
            if m:
                avg_busbw = float(m.group(1))
            continue
        if header is None or not s:
            continue
        tokens = s.split()
        if not tokens[0].isdigit():
            continue  # a warning or an MPI message between the lines
        if len(tokens) < len(header):
            raise ResultError(name, number, f"nccl-tests line has {len(tokens)} of the {len(header)} columns of "
                                            f"the header (line {header_line}): the output is cut short")
        rows.append(_nccl_row(header, tokens, name, number))
    if header is None:
        raise ResultError(name, len(lines), "nccl-tests output without its column header ('#  size  count  type ...')")
    if not rows:
        raise ResultError(name, len(lines), "nccl-tests output with no result line")
    if avg_busbw is None:
        raise ResultError(name, len(lines), "nccl-tests output ends before its summary ('# Avg bus bandwidth'): "
                                            "the run was cut short")
    n = len(ranks)
    operation = NCCL_OPERATIONS.get(program or "")
    if program and operation is None:
        raise ResultError(name, None, f"nccl-tests program {program} is not one the plan tests "
                                      f"({', '.join(NCCL_OPERATIONS)})")
    if operation is None:
        operation = _infer_operation(rows, n, name)
    return Result("nccl", name, {
        "operation": operation, "program": program, "ranks": n, "hosts": sorted({h for h, _ in ranks}),
        "nodes": len({h for h, _ in ranks}), "devices": sorted({d for _, d in ranks}), "rows": rows,
        "avg_busbw_gbytes_s": avg_busbw,
    })


def _nccl_row(header: list[str], tokens: list[str], name: str, number: int) -> dict[str, Any]:
    busbw_at = [i for i, h in enumerate(header) if h == "busbw"]
    algbw_at = [i for i, h in enumerate(header) if h == "algbw"]
    wrong_at = [i for i, h in enumerate(header) if h in ("#wrong", "error")]
    try:
        row = {"size_bytes": int(tokens[0]), "busbw_gbytes_s": float(tokens[busbw_at[0]]),
               "algbw_gbytes_s": float(tokens[algbw_at[0]])}
    except (ValueError, IndexError) as exc:
        raise ResultError(name, number, f"nccl-tests line does not read as numbers: {' '.join(tokens)}") from exc
    wrong = []
    for i in wrong_at[:2]:
        value = tokens[i]
        if header[i] == "#wrong" and value.isdigit():
            wrong.append(int(value))
    row["wrong"] = sum(wrong)
    row["redop"] = tokens[header.index("redop")] if "redop" in header else None
    return row


def _infer_operation(rows: list[dict[str, Any]], n: int, name: str) -> str:
    big = max(rows, key=lambda r: r["size_bytes"])
    if n <= 1 or not big["algbw_gbytes_s"]:
        raise ResultError(name, None, "nccl-tests output without '# Collective test starting' and too few ranks "
                                      "to tell the operation")
    ratio = big["busbw_gbytes_s"] / big["algbw_gbytes_s"]
    reduce_ = (big.get("redop") or "").lower() not in ("none", "")
    if reduce_:
        return "all_reduce" if abs(ratio - 2 * (n - 1) / n) < abs(ratio - (n - 1) / n) else "reduce_scatter"
    raise ResultError(name, None, "nccl-tests output without '# Collective test starting': all-gather and "
                                  "all-to-all print alike; rerun with nccl-tests 2.17 or later")


# ---------------------------------------------------------------- HCCL Test

HCCL_OPERATIONS = {"all_reduce_test": "all_reduce", "all_gather_test": "all_gather"}
# the binary by the last part of its path (``.../hccl_test/bin/all_reduce_test``: not the folder)
HCCL_COMMAND = re.compile(r"\bmpirun\b(?P<before>.*?)(?<!\S)(?:\S*/)?(?P<program>\w+_test)(?=\s|$)(?P<after>.*)$")


def parse_hccl(text: str, name: str) -> Result:
    lines = text.splitlines()
    program = ranks = per_node = None
    command_line = header_line = 0
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        s = line.strip()
        m = HCCL_COMMAND.search(s)
        if m:
            if command_line:
                raise ResultError(name, number, f"a second HCCL Test run (the first's command is line {command_line}): "
                                                "save one run per file")
            command_line, program = number, m.group("program")
            n = re.search(r"(?:^|\s)--?(?:n|np)\s+(\d+)", m.group("before"))
            p = re.search(r"(?:^|\s)-p\s+(\d+)", m.group("after"))
            ranks = int(n.group(1)) if n else None
            per_node = int(p.group(1)) if p else None
            continue
        if "data_size" in s and "alg_bandwidth" in s:
            if header_line:
                raise ResultError(name, number, f"a second HCCL Test table (the first's header is line {header_line}): "
                                                "save one run per file")
            header_line = number
            continue
        cells = [c.strip() for c in s.split("|")] if "|" in s else s.split()
        if not header_line or not cells or not cells[0].isdigit():
            continue  # an MPI message or a time stamp around the table
        if len(cells) < 4:
            raise ResultError(name, number, f"HCCL Test line has {len(cells)} of the 4 columns of the header (line "
                                            f"{header_line}): the output is cut short")
        try:
            time_us, algbw = float(cells[1]), float(cells[2])
        except ValueError as exc:
            raise ResultError(name, number, f"HCCL Test line does not read as numbers: {s}") from exc
        if not (math.isfinite(time_us) and math.isfinite(algbw)):
            raise ResultError(name, number, f"HCCL Test line has a figure that is not a number: {s}")
        rows.append({"size_bytes": int(cells[0]), "time_us": time_us, "algbw_gbytes_s": algbw, "check": cells[3]})
    if not header_line:
        raise ResultError(name, len(lines), "HCCL Test output without its column header "
                                            "('data_size(Bytes): | avg_time(us): | alg_bandwidth(GB/s): | ...')")
    if not rows:
        raise ResultError(name, len(lines), "HCCL Test output with no result line")
    if program is None or ranks is None:
        raise ResultError(name, 1, "HCCL Test output does not say its binary and NPU count: keep the command line "
                                   "above the table, as Huawei's result example shows it ('# mpirun -n 8 "
                                   "./bin/all_reduce_test -p 8 -b 8K -e 8G -f 2 -d fp32 -o sum')")
    operation = HCCL_OPERATIONS.get(program)
    if operation is None:
        raise ResultError(name, command_line, f"HCCL Test program {program} is not one the plan tests "
                                      f"({', '.join(HCCL_OPERATIONS)})")
    nodes = ranks // per_node if per_node and ranks % per_node == 0 else 0
    return Result("hccl", name, {"operation": operation, "program": program, "ranks": ranks, "per_node": per_node,
                                 "nodes": nodes, "rows": rows})


# ---------------------------------------------------------------- perftest


def parse_perftest(text: str, name: str) -> Result:
    lines = text.splitlines()
    test = None
    device = link_type = None
    header: str | None = None
    header_line = 0
    values: list[str] | None = None
    for number, line in enumerate(lines, 1):
        s = line.strip()
        m = re.search(r"RDMA_(\w+)\s+(BW|Latency)\s+Test", s)
        if m:
            test = f"ib_{m.group(1).lower()}_{'bw' if m.group(2) == 'BW' else 'lat'}"
        m = re.search(r"Device\s*:\s*(\S+)", s)
        if m:
            device = m.group(1)
        m = re.search(r"Link type\s*:\s*(\S+)", s)
        if m:
            link_type = m.group(1)
        if s.startswith("#bytes"):
            header, header_line = s, number
            continue
        if header is not None and values is None and s and s[0].isdigit():
            values = s.split()
            if len(values) < 3:
                raise ResultError(name, number, "perftest result line is cut short")
    if test is None:
        raise ResultError(name, 1, "perftest output without its title ('RDMA_Write BW Test')")
    if header is None or values is None:
        raise ResultError(name, len(lines), f"{test} output ends before its result line (header at line "
                                            f"{header_line or '?'}): the run was cut short")
    data: dict[str, Any] = {"test": test, "device": device, "link_type": link_type, "bytes": int(values[0])}
    try:
        if test.endswith("_bw"):
            unit = "Gb/sec" if "Gb/sec" in text else "MB/sec"
            peak, average = float(values[2]), float(values[3])
            factor = 1.0 if unit == "Gb/sec" else MIB * 8 / 1e9
            data.update({"unit": unit, "peak_gbits_s": round(peak * factor, 3),
                         "average_gbits_s": round(average * factor, 3)})
        else:
            data.update({"t_min_us": float(values[2]), "t_max_us": float(values[3]), "t_typical_us": float(values[4]),
                         "t_avg_us": float(values[5]) if len(values) > 5 else None})
    except (ValueError, IndexError) as exc:
        raise ResultError(name, header_line + 1, f"{test} result line does not read as numbers") from exc
    return Result("perftest", name, data)


# ---------------------------------------------------------------- fio


def parse_fio(text: str, name: str) -> Result:
    start = text.find("{")
    try:
        doc = json.loads(text[start:])
    except json.JSONDecodeError as exc:
        line = text[:start].count("\n") + exc.lineno
        raise ResultError(name, line, f"fio JSON does not parse ({exc.msg}): the output is cut short or not "
                                      f"--output-format=json") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("jobs"), list) or not doc["jobs"]:
        raise ResultError(name, None, "fio JSON without jobs")
    jobs = doc["jobs"]
    clients = [c for c in doc.get("client_stats") or [] if c.get("jobname") == "All clients"]
    source = clients or jobs
    totals = {"read": 0.0, "write": 0.0}
    for job in source:
        if job.get("error"):
            raise ResultError(name, None, f"fio job {job.get('jobname')!r} reports error {job['error']}")
        for direction in totals:
            part = job.get(direction) or {}
            bw = part.get("bw_bytes")
            if bw is None and part.get("bw") is not None:
                bw = part["bw"] * 1024  # KiB/s
            totals[direction] += float(bw or 0.0)
    options = {**(doc.get("global options") or {}), **(jobs[0].get("job options") or {})}
    return Result("fio", name, {
        "version": doc.get("fio version"), "rw": options.get("rw"), "bs": options.get("bs"),
        "jobs": len(jobs), "clients": len(clients) > 0,
        "read_gbytes_s": round(totals["read"] / 1e9, 3), "write_gbytes_s": round(totals["write"] / 1e9, 3),
    })
