"""Measuring a fabric: the report section that gathers tiers, oversubscription,
bisection, ECMP paths and failure impact, and the questions the topology view asks.

Works on whatever links the design holds, so a hand edit (a spine removed, a cable
moved to the wrong leaf) shows up in every figure.

The figures are measured in ``topology`` (tiers, oversubscription), ``bisection``,
``ecmp`` (paths, next hops, hops) and ``failures``; each module holds its definitions.

Definition (also in the README):
- Link classes follow port roles: a cable on a switch's management port is an
  endpoint link whatever tier the switch has in its own fabric.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from designer.fabric.bisection import FlowBisection, bisection_gbps, bisection_measure, is_regular_clos
from designer.fabric.ecmp import count_paths, ecmp_figures
from designer.fabric.failures import failure_analysis, loss_pct
from designer.fabric.graph import FabricGraph, build_fabric_graph, fabric_links
from designer.fabric.results import (
    LINK_CLASSES,
    FabricAnalysis,
    FabricCounts,
    LinkCounts,
    LinkSpeed,
    PortUse,
    Span,
    TierCounts,
    TierRatios,
    WhatIfFailed,
)
from designer.fabric.topology import TIER_RANK, Topology, build_topology
from designer.model.index import DesignIndex
from designer.model.link import Link

# Re-exported: designer.ui, designer.report and the tests import these from here since the split.
__all__ = [
    "TIER_RANK",
    "FabricAnalysis",
    "FlowBisection",
    "analyse_fabric",
    "analyse_fabrics",
    "bisection_gbps",
    "build_topology",
    "is_regular_clos",
    "shortest_paths",
    "what_if_failed",
]


# ---------------------------------------------------------------- report section


# the class of a link by the tiers of its two ends, lower tier first
_LINK_CLASSES = {("endpoint", "leaf"): "endpoint_leaf", ("leaf", "spine"): "leaf_spine",
                 ("spine", "core"): "spine_core"}


def classify_links(graph: FabricGraph, topo: Topology) -> tuple[Counter[str], Counter[tuple[str, float]]]:
    """Links by class (endpoint_leaf, leaf_spine, spine_core, other), and by (class, speed):
    the topology drawing labels each tier "N x 400G".

    Counted from the graph's bandwidth lists, not link by link: every cable of a switch to
    its endpoints is of one class (the switch's tier decides it), so those are counted a
    switch at a time, and the cables between two switches a pair at a time."""
    tiers = topo.tiers
    # the class of each pair of end tiers, worked out once (a fabric has a handful of pairs)
    class_of: dict[tuple[str, str], str] = {}

    def link_class(pair: tuple[str, str]) -> str:
        key = class_of.get(pair)
        if key is None:
            low, high = sorted(pair, key=lambda t: TIER_RANK.get(t, 0))
            key = class_of[pair] = _LINK_CLASSES.get((low, high), "other")
        return key

    # class -> the bandwidth of each of its links
    bandwidths: dict[str, list[float]] = {}
    for switch, neighbours in graph.switch_links.items():
        tier = tiers[switch]
        for neighbour, bws in neighbours.items():
            # each cable is listed at both its switches: counted at the first by name
            if neighbour < switch:
                continue
            pair = (tier, tiers[neighbour])
            found = bandwidths.get(class_of.get(pair) or link_class(pair))
            if found is None:
                found = bandwidths[class_of[pair]] = []
            # a loop-back cable is listed twice in its switch's own list
            found += bws[::2] if neighbour == switch else bws
    # an end counts by its tier only where it switches: on its management port a spine is
    # just an endpoint of the rack switch it is cabled to
    for switch, endpoint_bws in graph.endpoint_links.items():
        if not endpoint_bws:
            continue
        key = link_class(("endpoint", tiers[switch]))
        bandwidths.setdefault(key, []).extend(chain.from_iterable(endpoint_bws.values()))
    if graph.back_to_back_gbps:
        bandwidths.setdefault(link_class(("endpoint", "endpoint")), []).extend(graph.back_to_back_gbps)
    classes: Counter[str] = Counter()
    speeds: Counter[tuple[str, float]] = Counter()
    for key, bws in bandwidths.items():
        classes[key] += len(bws)
        for speed, count in Counter(bws).items():
            speeds[(key, speed)] += count
    return classes, speeds


def fabric_counts(index: DesignIndex, fabric_name: str, links: list[Link]) -> FabricCounts:
    """What ``designer new`` prints of a fabric, the same figures as the report's analysis
    (endpoints, switches per tier, links per class) without its path and failure work."""
    graph = build_fabric_graph(index, fabric_name, links)
    topo = build_topology(index, graph)
    classes, _speeds = classify_links(graph, topo)
    return FabricCounts(
        name=fabric_name,
        endpoints=len(graph.endpoints),
        switches=TierCounts(leaf=len(topo.of_tier("leaf")), spine=len(topo.of_tier("spine")),
                            core=len(topo.of_tier("core")), other=len(topo.of_tier("other"))),
        links=LinkCounts(endpoint_leaf=classes["endpoint_leaf"], leaf_spine=classes["leaf_spine"],
                         spine_core=classes["spine_core"], other=classes["other"], unresolved=len(graph.unresolved)),
    )


def analyse_fabric(index: DesignIndex, fabric_name: str, links: list[Link],
                   graph: FabricGraph | None = None) -> FabricAnalysis:
    """``graph``: the fabric graph of ``links`` where the caller has built it."""
    if graph is None:
        graph = build_fabric_graph(index, fabric_name, links)
    topo = build_topology(index, graph)
    fabric = index.fabrics.get(fabric_name)
    link_classes, link_speeds = classify_links(graph, topo)

    def worst(tier: str) -> float | None:
        ratios = [r for s in topo.of_tier(tier) if (r := topo.figures[s].oversubscription) is not None]
        return round(max(ratios), 3) if ratios else None

    multi = len(topo.of_tier("leaf")) > 1
    # A leaf is cut off from the fabric without a link to a higher tier: links to other
    # leaves (an MLAG peer link) do not count where there is a higher tier. A leaf without
    # endpoints has none to cut off. Without spines or cores (a collapsed pair, the generator's
    # small side fabrics) the leaves' links to each other are the fabric.
    collapsed = not topo.of_tier("spine") and not topo.of_tier("core")
    no_uplink = [l for l in topo.of_tier("leaf")
                 if multi and topo.figures[l].up_gbps <= 0 and graph.endpoint_links.get(l)
                 and not (collapsed and topo.adjacency.get(l))]
    measure = bisection_measure(topo)
    bisection = measure.intact()
    ecmp = ecmp_figures(topo)
    endpoint_bw = sum(topo.figures[l].down_gbps for l in topo.of_tier("leaf"))
    tier_count = 1 if not topo.of_tier("spine") else (3 if topo.of_tier("core") else 2)
    return FabricAnalysis(
        name=fabric_name,
        role=fabric.role if fabric else None,
        protocol=fabric.protocol if fabric else None,
        target_oversubscription=fabric.target_oversubscription if fabric else None,
        tiers=tier_count if graph.switches else 0,
        endpoints=len(graph.endpoints),
        endpoint_bandwidth_gbps=round(endpoint_bw, 3),
        switches=TierCounts(
            leaf=len(topo.of_tier("leaf")),
            spine=len(topo.of_tier("spine")),
            core=len(topo.of_tier("core")),
            other=len(topo.of_tier("other")),
        ),
        links=LinkCounts(
            endpoint_leaf=link_classes["endpoint_leaf"],
            leaf_spine=link_classes["leaf_spine"],
            spine_core=link_classes["spine_core"],
            other=link_classes["other"],
            unresolved=len(graph.unresolved),
        ),
        duplicate_links=len(graph.duplicates),
        link_speeds={
            key: [
                LinkSpeed(speed_gbps=speed, count=count)
                for (cls, speed), count in sorted(link_speeds.items(), key=lambda kv: -kv[0][1])
                if cls == key
            ]
            for key in LINK_CLASSES
        },
        oversubscription=TierRatios(leaf=worst("leaf"), spine=worst("spine")),
        leaves_without_uplinks=no_uplink,
        bisection_gbps=round(bisection, 3),
        bisection_method=measure.method,
        ecmp_paths=Span(ecmp.paths_min, ecmp.paths_max),
        ecmp_next_hops=Span(ecmp.next_hops_min, ecmp.next_hops_max),
        partitioned=ecmp.partitioned,
        max_hops=ecmp.max_hops,
        pods=len(topo.pods) if topo.of_tier("core") else (1 if graph.switches else 0),
        port_use=[
            PortUse(
                switch=fig.name,
                tier=fig.tier,
                ports_total=fig.ports_total,
                ports_used=fig.ports_used,
                lanes_used=fig.lanes_used,
                down_gbps=round(fig.down_gbps, 3),
                up_gbps=round(fig.up_gbps, 3),
                oversubscription=None if fig.oversubscription is None else round(fig.oversubscription, 3),
            )
            for fig in sorted(topo.figures.values(), key=lambda f: (TIER_RANK[f.tier], f.name))
        ],
        failure=failure_analysis(topo, bisection, measure) if graph.switches else None,
    )


def analyse_fabrics(index: DesignIndex) -> list[FabricAnalysis]:
    grouped = fabric_links(index)
    results = []
    for fabric in index.design.fabrics:
        results.append(analyse_fabric(index, fabric.name, grouped.get(fabric.name, [])))
    return results


# ---------------------------------------------------------------- interactive questions


def shortest_paths(topo: Topology, source: str, target: str) -> tuple[int, set[str], set[tuple[str, str]]]:
    """All equal-cost shortest paths between two switches: (count, switches, edges).
    Counted and collected over the shortest-path DAG, never enumerated."""
    if source not in topo.adjacency or target not in topo.adjacency:
        return 0, set(), set()
    if source == target:
        return 1, {source}, set()
    dist, sigma = count_paths(topo, source)
    if target not in dist:
        return 0, set(), set()
    switches: set[str] = {target}
    edges: set[tuple[str, str]] = set()
    frontier = [target]
    while frontier:
        node = frontier.pop()
        for neighbour in topo.adjacency[node]:
            if dist.get(neighbour) == dist[node] - 1:
                edges.add((node, neighbour) if node <= neighbour else (neighbour, node))
                if neighbour not in switches:
                    switches.add(neighbour)
                    frontier.append(neighbour)
    return sigma[target], switches, edges


def what_if_failed(index: DesignIndex, fabric_name: str, links: list[Link], failed: set[str]) -> WhatIfFailed:
    """The fabric's figures with ``failed`` switches (and their cables) taken out."""
    before = analyse_fabric(index, fabric_name, links)
    kept = [l for l in links if l.a.device not in failed and l.b.device not in failed]
    after = analyse_fabric(index, fabric_name, kept)
    lost = loss_pct(before.bisection_gbps, after.bisection_gbps)
    return WhatIfFailed(
        failed=sorted(failed),
        bisection_before_gbps=before.bisection_gbps,
        bisection_after_gbps=after.bisection_gbps,
        bandwidth_lost_pct=round(lost, 2),
        endpoints_cut_off=before.endpoints - after.endpoints + _stranded(after),
        ecmp_paths_after=after.ecmp_paths,
        oversubscription_after=after.oversubscription,
    )


def _stranded(analysis: FabricAnalysis) -> int:
    if not analysis.partitioned or analysis.failure is None:
        return 0
    return max((s.endpoints_cut_off for s in analysis.failure.single_points_of_failure), default=0)
