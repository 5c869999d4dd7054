"""Rules over one fabric, from the fabric analysis."""

from __future__ import annotations

from collections import defaultdict
from typing import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, plural
from designer.fabric.plan import format_ratio


def check_fabric(ctx: CheckContext, fabric_name: str) -> list[Finding]:
    analysis = ctx.fabric_analysis(fabric_name)
    return [f for rule in FABRIC_RULES for f in rule(ctx, fabric_name, analysis)]


def oversubscription(ctx: CheckContext, name: str, analysis: dict) -> Iterator[Finding]:
    target = analysis.get("target_oversubscription")
    if analysis["leaves_without_uplinks"]:
        leaves = analysis["leaves_without_uplinks"]
        yield Finding(
            "error", "OVERSUBSCRIPTION_ABOVE_TARGET",
            f"Fabric {name}: {plural(len(leaves), 'leaf', 'leaves')} without uplinks "
            f"({', '.join(leaves[:6])}{' ...' if len(leaves) > 6 else ''}): their endpoints reach no other leaf",
            [*leaves, name], "cable them to the spines",
        )
    if target is None:
        return
    for tier in ("leaf", "spine"):
        worst = analysis["oversubscription"][tier]
        if worst is None or worst <= target + 1e-3:
            continue
        offenders = [p for p in analysis["port_use"] if p["tier"] == tier and p["oversubscription"] and
                     p["oversubscription"] > target + 1e-3]
        names = [p["switch"] for p in sorted(offenders, key=lambda p: -p["oversubscription"])]
        yield Finding(
            "warning", "OVERSUBSCRIPTION_ABOVE_TARGET",
            f"Fabric {name}: {tier} oversubscription reaches {format_ratio(worst)} "
            f"({plural(len(names), tier + ' switch', tier + ' switches')}), above the {format_ratio(target)} target",
            [*names[:20], name], f"add uplinks on {names[0]} or move endpoints off it",
        )


def partition(ctx: CheckContext, name: str, analysis: dict) -> Iterator[Finding]:
    if analysis.get("partitioned"):
        yield Finding(
            "error", "FABRIC_PARTITIONED",
            f"Fabric {name} is split: some leaves have no path to each other through the switches",
            [name], "cable every leaf to the spines",
        )


def single_points(ctx: CheckContext, name: str, analysis: dict) -> Iterator[Finding]:
    failure = analysis.get("failure") or {}
    spofs = failure.get("single_points_of_failure", [])
    if not spofs:
        return
    # Management networks hang single-port BMCs and host ports on one switch by design:
    # note it; in the compute and storage fabrics it costs training time, so warn.
    severity = "info" if analysis.get("role") in ("oob", "inband") else "warning"
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for spof in spofs:
        groups[(spof["kind"], spof["tier"])].append(spof)
    for (kind, tier), items in groups.items():
        cut = sum(s["endpoints_cut_off"] for s in items)
        what = f"{tier} {kind}" if tier else kind
        names = [s["object"] for s in items]
        detail = f"together they cut off {cut:,} endpoints" if len(items) > 1 else (
            f"its failure cuts off {cut:,} endpoints" if cut else "its failure splits the fabric")
        yield Finding(
            severity, "SINGLE_POINT_OF_FAILURE",
            f"Fabric {name}: {plural(len(items), what)} {'is a' if len(items) == 1 else 'are'} single point"
            f"{'' if len(items) == 1 else 's'} of failure ({', '.join(names[:4])}{' ...' if len(names) > 4 else ''}); "
            f"{detail}",
            [*names[:50], name],
            "connect endpoints to two switches (rail-optimized or dual-homed) and use two spines at least",
        )


def ports_exhausted(ctx: CheckContext, name: str, analysis: dict) -> Iterator[Finding]:
    full = [p["switch"] for p in analysis["port_use"] if p["ports_total"] and p["ports_used"] >= p["ports_total"]]
    if full:
        yield Finding(
            "info", "SWITCH_PORTS_EXHAUSTED",
            f"Fabric {name}: {plural(len(full), 'switch', 'switches')} use every port, leaving none spare for "
            f"growth or a failed port ({', '.join(full[:4])}{' ...' if len(full) > 4 else ''})",
            [*full[:50], name], "plan the next scalable unit on new leaves, or keep a spare port per switch",
        )


FABRIC_RULES = (oversubscription, partition, single_points, ports_exhausted)
