"""Rules over one fabric, from the fabric analysis."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, Severity, finding
from designer.checks.messages import msg, names
from designer.checks.roce_rules import roce_headroom
from designer.fabric.results import FabricAnalysis, SinglePoint
from designer.model.index import DesignIndex


def check_fabric(ctx: CheckContext, fabric_name: str) -> list[Finding]:
    analysis = ctx.fabric_analysis(fabric_name)
    return [f for rule in FABRIC_RULES for f in rule(ctx, fabric_name, analysis)]


def oversubscription(ctx: CheckContext, name: str, analysis: FabricAnalysis) -> Iterator[Finding]:
    target = analysis.target_oversubscription
    if analysis.leaves_without_uplinks:
        leaves = analysis.leaves_without_uplinks
        yield finding(
            "error", "OVERSUBSCRIPTION_ABOVE_TARGET", [*leaves, name],
            msg("leaves_without_uplinks", fabric=name, count=len(leaves), leaves=names(leaves, 6)),
            msg("hint.cable_leaves_to_spines"),
        )
    if target is None:
        return
    for tier, worst in (("leaf", analysis.oversubscription.leaf), ("spine", analysis.oversubscription.spine)):
        if worst is None or worst <= target + 1e-3:
            continue
        offenders = [(p.switch, p.oversubscription) for p in analysis.port_use
                     if p.tier == tier and p.oversubscription and p.oversubscription > target + 1e-3]
        switches = [switch for switch, _ratio in sorted(offenders, key=lambda p: -p[1])]
        yield finding(
            "warning", "OVERSUBSCRIPTION_ABOVE_TARGET", [*switches[:20], name],
            msg("oversubscription_above_target", fabric=name, tier=tier, worst=worst, count=len(switches),
                target=target),
            msg("hint.add_uplinks", switch=switches[0]),
        )


def without_links(ctx: CheckContext, name: str, analysis: FabricAnalysis) -> Iterator[Finding]:
    """A fabric no cable belongs to: declared (perhaps with switches) but never cabled."""
    if analysis.links.total() or analysis.duplicate_links:
        return
    yield finding(
        "warning", "FABRIC_WITHOUT_LINKS", [name],
        msg("fabric_without_links", fabric=name),
        msg("hint.cable_or_remove_fabric"),
    )


def partition(ctx: CheckContext, name: str, analysis: FabricAnalysis) -> Iterator[Finding]:
    if analysis.partitioned:
        yield finding(
            "error", "FABRIC_PARTITIONED", [name],
            msg("fabric_partitioned", fabric=name),
            msg("hint.cable_every_leaf"),
        )


def single_points(ctx: CheckContext, name: str, analysis: FabricAnalysis) -> Iterator[Finding]:
    spofs = analysis.failure.single_points_of_failure if analysis.failure else []
    if not spofs:
        return
    # Management networks hang single-port BMCs and host ports on one switch by design:
    # note it; in the compute and storage fabrics it costs training time, so warn.
    severity: Severity = "info" if analysis.role in ("oob", "inband") else "warning"
    groups: dict[tuple[str, str | None], list[SinglePoint]] = defaultdict(list)
    for spof in spofs:
        groups[(spof.kind, spof.tier)].append(spof)
    for (kind, tier), items in groups.items():
        cut = sum(s.endpoints_cut_off for s in items)
        objects = [s.object for s in items]
        # switches come with their tier, cables (kind "link") without one
        splits = not cut  # the fabric splits (a core or a spine cut away) and no endpoint is lost
        if kind == "link":
            key = "spof_link_split" if splits else "spof_link"
        else:
            key = "spof_switch_split" if splits else "spof_switch"
        yield finding(
            severity, "SINGLE_POINT_OF_FAILURE", [*objects[:50], name],
            msg(key, fabric=name, count=len(items), tier=tier, names=names(objects, 4), cut=cut),
            msg("hint.dual_home"),
        )


def ports_exhausted(ctx: CheckContext, name: str, analysis: FabricAnalysis) -> Iterator[Finding]:
    # a switch shared by two fabrics spends ports on both: count its ports over every link.
    # The analysis' own count (this fabric's cables, the same ports) is a part of that: where
    # it is full already the walk over the switch's cables is spared (1,389 of 1,666 switches
    # at 16,384 GPUs; found by helper-36)
    full = [p.switch for p in analysis.port_use
            if p.ports_total and (p.ports_used >= p.ports_total
                                  or switching_ports_used(ctx.index, p.switch) >= p.ports_total)]
    if full:
        yield finding(
            "info", "SWITCH_PORTS_EXHAUSTED", [*full[:50], name],
            msg("switch_ports_exhausted", fabric=name, count=len(full), switches=names(full, 4)),
            msg("hint.plan_growth"),
        )


def switching_ports_used(index: DesignIndex, switch: str) -> int:
    """Physical fabric/uplink ports of a switch cabled by any link (a split port counts once)."""
    switching_port = index.ports.switching_port
    used = set()
    for link in index.links_by_device.get(switch, ()):
        end = link.a
        if end.device == switch and (physical := switching_port(switch, end.port)) is not None:
            used.add(physical)
        end = link.b
        if end.device == switch and (physical := switching_port(switch, end.port)) is not None:
            used.add(physical)
    return len(used)


FABRIC_RULES = (without_links, oversubscription, partition, single_points, ports_exhausted, roce_headroom)
