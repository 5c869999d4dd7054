"""The performance estimates and the POC results as words and tables, Qt-free and
reportlab-free, so the window's estimates panel and the proposal's performance section and POC
appendix say the same thing (issue 12).

``performance_parts(estimates, t)`` reads the report's ``estimates`` block (collectives,
workload, storage, roce); ``poc_parts(check, t)`` reads ``designer poc check``'s JSON. Each
returns ``Part``s: a heading, then paragraphs and tables of strings in the Translator's language.
Product names go through ``part_name`` (the proposal passes the customer's names for slugs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from designer.catalog.software_stack import SoftwareStack, stack_for_link
from designer.i18n import Translator
from designer.estimates.roce import checklist_key

OPERATIONS = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all")


@dataclass
class Table:
    header: list[str] | None  # None: label / value pairs
    rows: list[list[str]]
    numeric: set[int] = field(default_factory=set)  # columns aligned right
    widths: list[float] | None = None  # shares of the width; None: equal


@dataclass
class Part:
    title: str
    items: list[str | Table] = field(default_factory=list)  # a str is a paragraph
    bullets: list[str] = field(default_factory=list)


def _operation(t: Translator, op: str) -> str:
    key = f"perf.op.{op}"
    return t(key) if t.has(key) else op


def _mb(t: Translator, size_bytes: float | None) -> str:
    return t.num(None if size_bytes is None else size_bytes / 1e6, 0)


def _algorithm(row: dict[str, Any], t: Translator) -> str:
    """NCCL's algorithm in the reader's words (ring -> 环形), its protocol (Simple, LL, LL128)
    as NCCL names it."""
    if not row.get("algorithm"):
        return "–"
    algorithm = str(t.term(row["algorithm"]))
    return f"{algorithm} / {row['protocol']}" if row.get("protocol") else algorithm


def scale_up_bandwidth(t: Translator, gbytes_s: float | None, digits: int) -> str:
    """A scale-up link's bandwidth with its unit, or "unpublished" where the vendor gives none
    (the estimates take it as 0)."""
    return f"{t.num(gbytes_s, digits)} GB/s" if gbytes_s else t("bandwidth_unpublished")


def _stack_key(t: Translator, key: str, stack: SoftwareStack) -> str:
    """``key``, or its ``.other_stack`` form on another vendor's accelerators than NVIDIA's: the
    words that say NCCL, nccl-tests or NVLink, said for what the design runs."""
    other = f"{key}.other_stack"
    return other if not stack.is_nvidia and t.has(other) else key


def _said(t: Translator, key: str, stack: SoftwareStack, **other_values: Any) -> str:
    """A sentence without fields on NVIDIA's accelerators, its ``.other_stack`` form (which names
    ``other_values``: the library, the link) elsewhere."""
    chosen = _stack_key(t, key, stack)
    return t(chosen, **other_values) if chosen != key else t(key)


def collectives_part(collectives: dict[str, Any], t: Translator, stack: SoftwareStack | None = None) -> Part | None:
    """``stack``: the design's accelerator software; None: told by the collectives' ``scale_up_link``."""
    operations = collectives.get("operations") or {}
    if not operations:
        return None
    stack = stack or stack_for_link(collectives.get("scale_up_link"))
    part = Part(_said(t, "perf.collectives", stack, library=stack.library))
    yes, no = t("perf.yes"), t("perf.no")
    # the domain's own interconnect by name (NVLink, HCCS, Infinity Fabric), its bandwidth or
    # "unpublished" where the vendor gives none (the estimate takes it as 0)
    link = collectives.get("scale_up_link") or t("scale_up_link")
    line_rate = collectives.get("nvlink_gbytes_s")
    nvlink = {"gpus": t.int(collectives.get("gpus")), "link": link,
              "nvlink": scale_up_bandwidth(t, line_rate, 0),
              "nvlink_achieved": scale_up_bandwidth(t, collectives.get("nvlink_achieved_gbytes_s") if line_rate
                                                    else None, 0),
              "nvls": yes if collectives.get("nvls") else no}
    unpublished = "" if line_rate else ".unpublished"  # the sentence that says it once
    if collectives.get("crosses_scale_out") is False:
        # one NVLink domain: the NIC and oversubscription figures play no part, and are not quoted
        part.items.append(t(_stack_key(t, "perf.system_one_domain", stack) + unpublished, **nvlink))
    else:
        part.items.append(t(
            _stack_key(t, "perf.system", stack) + unpublished, **nvlink, nodes=t.int(collectives.get("nodes")),
            per_node=t.int(collectives.get("gpus_per_node")), nics=t.int(collectives.get("nics_per_node")),
            nic=t.num(collectives.get("nic_gbytes_s"), 1),
            nic_achieved=t.num(collectives.get("nic_achieved_gbytes_s"), 1),
            sharp=yes if collectives.get("sharp") else no, ratio=t.ratio(collectives.get("oversubscription"))))
    mb = _mb(t, collectives.get("message_bytes"))
    peaks = Table([t("perf.operation"), t("perf.peak_busbw"), t("perf.at_time", mb=mb), t("perf.at_busbw", mb=mb),
                   t("perf.algorithm")], [], numeric={1, 2, 3})
    sharp_rows = []
    for op in OPERATIONS:
        block = operations.get(op)
        if not block:
            continue
        at = block.get("at_message") or {}
        time_us = at.get("time_us")
        peaks.rows.append([_operation(t, op), t.num(block.get("peak_busbw_gbytes_s"), 1),
                           t.num(None if time_us is None else time_us / 1e3, 3),
                           t.num(at.get("busbw_gbytes_s"), 1), _algorithm(at, t)])
        # the same without SHARP (NCCL's defaults: the POC plan's pass figure), where SHARP ran it
        plain = block.get("at_message_without_sharp")
        if plain and "peak_busbw_without_sharp_gbytes_s" in block and plain != at:
            time_us = plain.get("time_us")
            sharp_rows.append([t("perf.without_sharp", operation=_operation(t, op)),
                               t.num(block.get("peak_busbw_without_sharp_gbytes_s"), 1),
                               t.num(None if time_us is None else time_us / 1e3, 3),
                               t.num(plain.get("busbw_gbytes_s"), 1), _algorithm(plain, t)])
    peaks.rows += sharp_rows
    part.items += [t("perf.peaks", mb=mb), peaks]
    if sharp_rows:
        part.items.append(_said(t, "perf.sharp_note", stack, library=stack.library))
    allreduce = operations.get("all_reduce") or {}
    if allreduce.get("curve"):
        part.items += [t(_stack_key(t, "perf.curve", stack), operation=_operation(t, "all_reduce"),
                         gpus=t.int(collectives.get("gpus"))),
                       curve_table(allreduce["curve"], t)]
    return part


def curve_table(points: list[dict[str, Any]], t: Translator) -> Table:
    """One row per message size, nccl-tests' columns (size, time, algbw, busbw) and the algorithm."""
    table = Table([t("perf.size"), t("perf.time_us"), t("perf.algbw"), t("perf.busbw"), t("perf.algorithm")], [],
                  numeric={0, 1, 2, 3})
    for point in points:
        table.rows.append([t.int(point["size_bytes"]), t.num(point.get("time_us"), 2),
                           t.num(point.get("algbw_gbytes_s"), 2), t.num(point.get("busbw_gbytes_s"), 2),
                           _algorithm(point, t)])
    return table


def _seconds(t: Translator, value: float | None, digits: int = 3) -> str:
    return t("unknown") if value is None else t("perf.seconds", value=t.num(value, digits))


def workload_part(workload: dict[str, Any], t: Translator, part_name: Callable[[str], str] = str,
                  stack: SoftwareStack | None = None, link: str | None = None) -> Part | None:
    """``stack`` and ``link``: the design's accelerator software and scale-up link's name, for the
    words about its scale-up domain (NVIDIA's and "NVLink" where not given)."""
    if not workload:
        return None
    stack = stack or stack_for_link(link)
    link = link or t("scale_up_link")
    part = Part(t("perf.workload"))
    per = workload.get("bytes_per_parameter") or {}
    rows = [
        [t("perf.model"), t("perf.model_value", params=t.num(workload.get("parameters_billion"), 1),
                            tokens=t.num(workload.get("tokens_billion"), 0), seq=t.int(workload.get("sequence_length")),
                            precision=t.term(workload.get("precision")), optimizer=t.term(workload.get("optimizer")))],
        [t("perf.states"), t("perf.states_value", bytes=t.num(per.get("total"), 0),
                             gb=t.num(workload.get("model_states_gb"), 0))],
        [t("perf.flops"), f"{workload.get('training_flops') or 0:.3g}"],
        [t("perf.min_gpus"), t.int(workload.get("min_gpus_for_states"))],
    ]
    layout = workload.get("layout")
    if layout:
        value = t("perf.layout_value", t=layout["tensor_parallel"], p=layout["pipeline_parallel"],
                  d=layout["data_parallel"], gpus=t.int(layout["gpus_used"]),
                  chosen=t("perf.chosen") if layout.get("chosen") else "")
        if layout.get("within_design") is False:
            value += t("perf.layout_exceeds", gpus=t.int(layout.get("gpus_available")))
        rows.append([t("perf.layout"), value])
    memory = workload.get("memory_per_gpu_gb")
    if memory:
        rows.append([t("perf.memory"), t("perf.memory_value", total=t.num(memory["total"]),
                                           capacity=t.num(workload.get("gpu_memory_gb"), 0), w=t.num(memory["weights"]),
                                           g=t.num(memory["gradients"]), o=t.num(memory["optimizer"]),
                                           a=t.num(memory["activations"]),
                                           fits=t("perf.does_not_fit") if memory.get("fits") is False
                                           else "" if memory.get("fits") else t("perf.fit_unknown"))])
        rows.append([t("perf.activations"), t("perf.activations_value",
                                              none=t.num(memory["activations_no_recompute"]),
                                              selective=t.num(memory["activations_selective"]),
                                              full=t.num(memory["activations_full_recompute"]))])
    comm = workload.get("communication_per_step")
    if comm:
        tp, dp = comm["tensor_parallel"], comm["data_parallel"]
        if tp.get("collectives"):
            where = (_said(t, "perf.inside_domain", stack, link=link) if tp.get("inside_scale_up_domain")
                     else t("perf.outside_domain"))
            rows.append([t("perf.tp_comm"), t("perf.tp_comm_value", count=t.int(tp["collectives"]),
                                              mb=t.num(tp["bytes_each"] / 1e6), time=_seconds(t, tp.get("time_s")),
                                              where=where)])
        if layout and layout["data_parallel"] > 1:
            rows.append([t("perf.dp_comm"), t("perf.dp_comm_value", mb=t.num(dp["bytes_each"] / 1e6, 0),
                                              time=_seconds(t, dp.get("time_s")))])
    rows.append([t("perf.step", mfu=t.pct(workload.get("mfu"))), _seconds(t, workload.get("step_s"), 2)])
    days = workload.get("days_to_train")
    rows.append([t("perf.days"), t("unknown") if days is None else t("perf.days_value", value=t.num(days, 1))])
    bottlenecks = [_said(t, f"perf.bn.{b}", stack, link=link) if t.has(f"perf.bn.{b}") else b
                   for b in workload.get("bottlenecks") or []]
    rows.append([t("perf.bottlenecks"), "; ".join(bottlenecks) if bottlenecks else t("perf.none")])
    part.items.append(Table(None, rows))
    catalog = workload.get("catalog") or []
    if catalog:
        table = Table([t("perf.server"), t("perf.gpus_per_server"), t("perf.gpu_memory"), t("perf.min_servers"),
                       t("perf.peak_tflops")], [], numeric={1, 2, 3, 4})
        for row in catalog:
            table.rows.append([part_name(row["server"]), t.int(row["gpus_per_server"]), t.num(row["gpu_memory_gb"], 0),
                               t.int(row["min_servers"]), t.num(row["peak_tflops_per_gpu"], 0)])
        part.items += [t("perf.catalog"), table]
    return part


def storage_part(storage: dict[str, Any], t: Translator) -> Part | None:
    if not storage:
        return None
    part = Part(t("perf.storage"))
    rows = []
    per_node = storage.get("read_available_per_node_gbytes_s")
    # nothing to read from and nothing to write to: the design has no storage system (yet), and
    # the lines say so rather than "0.00 GB/s" and "a storage system publishes no write figure"
    no_storage = (not storage.get("read_available_gbytes_s") and not storage.get("read_unknown_types")
                  and storage.get("write_available_gbytes_s") is None and not storage.get("write_unknown_types"))
    if no_storage:
        rows.append([t("perf.read_per_node"), t("perf.no_storage")])
    elif per_node is not None:
        rows.append([t("perf.read_per_node"), t("perf.read_per_node_value", value=t.num(per_node, 2),
                                                 total=t.num(storage.get("read_available_gbytes_s"), 1),
                                                 nodes=t.int(storage.get("gpu_servers")))])
    tiers = storage.get("read_tiers") or []
    if tiers:
        reached = storage.get("read_tier_reached")
        rows.append([t("perf.tier_reached_line"), reached if reached else t("perf.none")])
    checkpoint = storage.get("checkpoint_from_workload")
    if checkpoint:
        time = (t("perf.no_storage_time") if no_storage else t("perf.unknown_time")) \
            if checkpoint.get("write_s") is None else _seconds(t, checkpoint["write_s"], 1)
        rows.append([t("perf.checkpoint"), t("perf.checkpoint_value", tb=t.num(checkpoint["size_tb"], 3),
                                             bytes=t.num(checkpoint["bytes_per_parameter"], 0), time=time)])
    if rows:
        part.items.append(Table(None, rows))
    if tiers:
        table = Table([t("perf.tier"), t("perf.tier_per_node"), t("perf.tier_required"), t("perf.tier_reached")], [],
                      numeric={1, 2})
        for tier in tiers:
            table.rows.append([str(tier["tier"]), t.num(tier["read_per_node_gbytes_s"], 1),
                               t.num(tier["read_required_gbytes_s"], 1),
                               t("perf.yes") if tier["reached"] else t("perf.no")])
        part.items.append(table)
    else:
        part.items.append(t("perf.no_tiers"))
    return part


def roce_part(roce: dict[str, Any], t: Translator, part_name: Callable[[str], str] = str) -> Part:
    part = Part(t("perf.roce"))
    if not roce.get("fabrics"):
        part.items.append(t("perf.no_roce"))
        return part
    by_type: dict[str, list[dict[str, Any]]] = {}
    for row in roce.get("switches") or []:
        by_type.setdefault(row["type"], []).append(row)
    table = Table([t("perf.switch"), t("perf.ports"), t("perf.headroom"), t("perf.buffer"), t("perf.over_buffer")], [],
                  numeric={1, 2, 3, 4})
    for slug, rows in sorted(by_type.items()):
        worst = max(rows, key=lambda r: r["headroom_mb"])
        buffer = worst.get("buffer_mb")
        over = sum(1 for r in rows if r.get("exceeds_buffer"))
        table.rows.append([f"{len(rows)} x {part_name(slug)}", t.int(worst["ports"]), t.num(worst["headroom_mb"], 2),
                           t("perf.not_given") if buffer is None else t.num(buffer, 1),
                           "–" if buffer is None else t.int(over)])
    part.items.append(table)
    part.items.append(t("perf.checklist"))
    for item in roce.get("checklist") or []:
        # an item no catalog knows (an older report) keeps the English it was written with
        key = checklist_key(item["key"])
        part.bullets.append(t(key) if t.is_zh and t.has(key) else item["text"])
    return part


def performance_parts(estimates: dict[str, Any], t: Translator,
                      part_name: Callable[[str], str] = str, stack: SoftwareStack | None = None) -> list[Part]:
    """``stack``: the design's accelerator software (the proposal passes it); None: told by the
    collectives' ``scale_up_link`` (the window's panel)."""
    collectives = estimates.get("collectives") or {}
    link = collectives.get("scale_up_link")
    stack = stack or stack_for_link(link)
    parts = [
        collectives_part(collectives, t, stack),
        workload_part(estimates.get("workload") or {}, t, part_name, stack, link),
        storage_part(estimates.get("storage") or {}, t),
        roce_part(estimates.get("roce") or {}, t, part_name),
    ]
    return [p for p in parts if p is not None]


# ---------------------------------------------------------------- POC results


def verdict_word(t: Translator, verdict: str) -> str:
    key = f"perf.v.{verdict}"
    return t(key) if t.has(key) else verdict


def _unit(t: Translator, unit: str | None) -> str:
    if not unit:
        return ""
    key = f"perf.unit.{unit}"
    return t(key) if t.has(key) else unit


def poc_parts(check: dict[str, Any], t: Translator) -> list[Part]:
    """``designer poc check --json``'s verdicts: a summary, one row per test, unusable files."""
    part = Part(t("sec_poc"))
    part.items.append(t("perf.poc_intro", tolerance=t.pct(check.get("tolerance"))))
    counts = check.get("counts") or {}
    summary = Table(None, [[verdict_word(t, verdict), t.int(n)] for verdict, n in sorted(counts.items())])
    part.items += [t("perf.poc_summary"), summary]
    table = Table([t("perf.test"), t("perf.verdict"), t("perf.measured"), t("perf.expected"), t("perf.unit"),
                   t("perf.file")], [], numeric={2, 3}, widths=[0.24, 0.1, 0.11, 0.11, 0.14, 0.3])
    for row in check.get("results") or []:
        measured, expected = row.get("measured"), row.get("expected")
        table.rows.append([row.get("test") or t("perf.no_test"), verdict_word(t, row["verdict"]),
                           "–" if measured is None else t.num(measured, 2),
                           "–" if expected is None else t.num(expected, 2), _unit(t, row.get("unit")),
                           row.get("file") or "–"])
    part.items.append(table)
    errors = check.get("errors") or []
    if errors:
        part.items.append(t("perf.poc_errors"))
        # the reader's messages name the file, the line and what was expected (in English, as the loader's do)
        part.bullets += [f"{e['file']}:{e['line']}: {e['message']}" if e.get("line") else f"{e['file']}: {e['message']}"
                         for e in errors]
    return [part]
