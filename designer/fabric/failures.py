"""What a single failure costs a fabric: the worst switch of each tier and the worst
cable by bisection bandwidth lost and endpoints cut off, and its single points of failure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from designer.fabric.bisection import ClosBisection, CollapsedBisection, MaxFlowBisection, bisection_measure
from designer.fabric.results import FailureFigures, SinglePoint, WorstFailure
from designer.fabric.topology import TIER_RANK, Topology


def cut_points_and_bridges(adjacency: Mapping[str, Iterable[str]]) -> tuple[set[str], set[tuple[str, str]]]:
    """The articulation points and bridges of the undirected graph ``adjacency``
    (symmetric; parallel links are one edge here, self-loops ignored), by Hopcroft and
    Tarjan's depth-first low-point method, iteratively (no recursion limit). Linear in
    the links; the same sets as ``networkx.articulation_points`` and ``networkx.bridges``
    (the tests compare them), without building a networkx graph or importing networkx."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    points: set[str] = set()
    bridges: set[tuple[str, str]] = set()
    for root in adjacency:
        if root in order:
            continue
        order[root] = low[root] = len(order)
        root_children = 0
        stack: list[tuple[str, str | None, Iterator[str]]] = [(root, None, iter(adjacency[root]))]
        while stack:
            node, parent, neighbours = stack[-1]
            for neighbour in neighbours:
                if neighbour == node:
                    continue
                if neighbour not in order:
                    order[neighbour] = low[neighbour] = len(order)
                    stack.append((neighbour, node, iter(adjacency[neighbour])))
                    break
                if neighbour != parent and order[neighbour] < low[node]:
                    low[node] = order[neighbour]
            else:
                stack.pop()
                if parent is None:
                    continue
                if low[node] < low[parent]:
                    low[parent] = low[node]
                if low[node] > order[parent]:
                    bridges.add((parent, node))
                if parent == root:
                    root_children += 1
                elif low[node] >= order[parent]:
                    points.add(parent)
        if root_children > 1:
            points.add(root)
    return points, bridges


class Reachability:
    """Which endpoints a failure cuts off from the rest of the fabric.

    Endpoints do not forward traffic, so connectivity is judged on the switches
    alone: an endpoint is cut off when none of its switches stays in the part of
    the fabric that still holds most endpoints. Only articulation points of the
    switch graph (and the switches endpoints hang on alone) can cut anything off,
    so the expensive search runs for those few.
    """

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.adjacency = topo.adjacency
        self.switch_sets = {e: frozenset(s) for e, s in topo.graph.endpoint_switches.items()}
        # endpoints by the switches they hang on: thousands of endpoints, a few hundred
        # distinct sets, so a failure is judged per set (times its endpoints), not per endpoint
        self.set_counts: Counter[frozenset[str]] = Counter(self.switch_sets.values())
        self.sole: Counter[str] = Counter(next(iter(s)) for s in self.switch_sets.values() if len(s) == 1)
        points, bridges = cut_points_and_bridges(self.adjacency)
        self.articulation = points if len(self.adjacency) > 2 else set()
        self._bridge_edges = bridges

    def _components(self, failed: str | None = None, cut: tuple[str, str] | None = None) -> dict[str, int]:
        """Switch -> number of its connected part, without the ``failed`` switch or the
        ``cut`` edge."""
        where: dict[str, int] = {}
        adjacency = self.adjacency
        cut_a, cut_b = cut if cut is not None else (None, None)
        part = 0
        for start in adjacency:
            if start in where or start == failed:
                continue
            where[start] = part
            queue = [start]
            while queue:
                node = queue.pop()
                for neighbour in adjacency[node]:
                    if neighbour in where or neighbour == failed:
                        continue
                    if (node == cut_a and neighbour == cut_b) or (node == cut_b and neighbour == cut_a):
                        continue
                    where[neighbour] = part
                    queue.append(neighbour)
            part += 1
        return where

    def _outside_main(self, where: dict[str, int], failed: set[str]) -> int:
        # the part holding most endpoints; endpoints reaching none of its switches are cut
        # off (ties between parts give the same count: those outside are all but the most)
        reach: Counter[int] = Counter()  # connected part -> endpoints reaching it
        for switches, count in self.set_counts.items():
            for i in {where[s] for s in switches if s not in failed and s in where}:
                reach[i] += count
        main = max(reach, key=lambda part: reach[part]) if reach else None
        return sum(
            count
            for switches, count in self.set_counts.items()
            if not any(where.get(s) == main for s in switches if s not in failed)
        )

    def switch_failure(self, switch: str) -> int:
        if switch not in self.articulation:
            return self.sole.get(switch, 0)
        return self._outside_main(self._components(failed=switch), {switch})

    def link_failure(self, a: str, b: str) -> int:
        """Endpoints cut off when one cable between two switches fails: only a bridge
        of the switch graph (a sole link, not one of parallel ones) can cut anything."""
        if tuple(sorted((a, b))) not in self.bridges():
            return 0
        return self._outside_main(self._components(cut=(a, b)), set())

    @cached_property
    def _bridges(self) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = []
        for a, b in self._bridge_edges:
            if self.adjacency[a][b][0] == 1:
                found.append((a, b) if a <= b else (b, a))
        return sorted(found)

    def bridges(self) -> list[tuple[str, str]]:
        return self._bridges


@dataclass
class FailureCase:
    object: str
    bandwidth_lost_pct: float
    endpoints_cut_off: int

    def worst(self, kind: Literal["switch", "link"] = "switch") -> WorstFailure:
        return WorstFailure(self.object, round(self.bandwidth_lost_pct, 2), self.endpoints_cut_off, kind)


def _severity(case: FailureCase) -> tuple[int, float]:
    """How bad a failure is: endpoints cut off, then bandwidth lost. The loss is compared at a
    precision far finer than the report's 0.01 % but coarser than float noise: max-flow sums
    its edges in an order that follows set iteration (PYTHONHASHSEED), so two leaves that fail
    alike differed in the 13th digit and the worst one named changed from run to run. Equal
    cases keep the first (switches come in name order)."""
    return case.endpoints_cut_off, round(case.bandwidth_lost_pct, 6)


def loss_pct(before: float, after: float) -> float:
    return 0.0 if before <= 0 else max(0.0, (before - after) / before * 100.0)


def failure_analysis(topo: Topology, bisection: float,
                     measure: ClosBisection | MaxFlowBisection | CollapsedBisection | None = None) -> FailureFigures:
    measure = measure or bisection_measure(topo)
    reach = Reachability(topo)
    total_endpoints = len(topo.graph.endpoints)
    single_switch = len(topo.graph.switches) == 1
    by_flow = measure.method == "max_flow"

    def cut_off(switch: str) -> int:
        return total_endpoints if single_switch else reach.switch_failure(switch)

    def is_cut_point(switch: str) -> bool:
        return switch in reach.articulation or reach.sole.get(switch, 0) > 0

    def wiring(switch: str) -> tuple[tuple[str, int, float], ...]:
        # In a regular Clos a switch's place is told by its figures; elsewhere two
        # switches with the same figures may be cabled to different neighbours.
        if not by_flow:
            return ()
        return tuple(sorted((topo.tiers[n], c, bw) for n, (c, bw) in topo.adjacency[switch].items()))

    def signature(switch: str, tier: str) -> tuple[object, ...]:  # its shape differs per tier
        """Switches with equal signatures fail alike: one representative of each is measured."""
        if tier == "leaf":
            fig = topo.figures[switch]
            return (fig.down_gbps, fig.up_gbps, reach.sole.get(switch, 0), switch in reach.articulation,
                    wiring(switch))
        if tier == "spine":
            attached = tuple(sorted(
                (topo.figures[n].down_gbps, topo.figures[n].up_gbps, bw)
                for n, (_c, bw) in topo.adjacency[switch].items() if topo.tiers[n] == "leaf"
            ))
            return (attached, topo.figures[switch].up_gbps, is_cut_point(switch), wiring(switch))
        uplinks = tuple(sorted((topo.figures[n].up_gbps, bw) for n, (_c, bw) in topo.adjacency[switch].items()))
        return (uplinks, is_cut_point(switch), wiring(switch))

    worst: dict[str, WorstFailure | None] = {}
    for tier in ("leaf", "spine", "core"):
        cases = []
        seen: set[tuple[object, ...]] = set()
        for switch in topo.of_tier(tier):
            key = signature(switch, tier)
            if key in seen:
                continue
            seen.add(key)
            cases.append(FailureCase(switch, loss_pct(bisection, measure.switch_failed(switch)), cut_off(switch)))
        worst[tier] = _worst(cases)

    spofs: list[SinglePoint] = []
    if single_switch and total_endpoints:
        (only,) = topo.graph.switches
        spofs.append(SinglePoint(only, "switch", topo.tiers[only], total_endpoints, False))
    else:
        # A single point of failure cuts endpoints off or splits the switches in two
        # (then endpoints may still reach each other only within their own part).
        for switch in sorted(topo.graph.switches):
            if is_cut_point(switch):
                n = cut_off(switch)
                if n or switch in reach.articulation:
                    spofs.append(SinglePoint(switch, "switch", topo.tiers[switch], n, switch in reach.articulation))
        for a, b in reach.bridges():
            spofs.append(SinglePoint(f"{a} - {b}", "link", None, reach.link_failure(a, b), True))
    return FailureFigures(
        leaf=worst["leaf"], spine=worst["spine"], core=worst["core"],
        link=_worst_link(topo, reach, bisection, measure),
        single_points_of_failure=spofs,
        # Homing counts switches, not cables: two cables to one leaf still leave the
        # endpoint on that one leaf (counted per distinct set of switches, as ``Reachability``
        # holds them).
        single_homed_endpoints=sum(count for switches, count in reach.set_counts.items() if len(switches) == 1),
    )


def _worst(cases: list[FailureCase]) -> WorstFailure | None:
    if not cases:
        return None
    worst = max(cases, key=_severity)
    return worst.worst()


def _worst_link(topo: Topology, reach: Reachability, bisection: float,
                measure: ClosBisection | MaxFlowBisection | CollapsedBisection) -> WorstFailure | None:
    """The single cable whose loss hurts most: an endpoint's only cable, else the uplink
    of the leaf with the fewest uplinks."""
    cases = []
    for endpoint, switches in topo.graph.endpoint_switches.items():
        # one cable, not one switch: with two cables to the same leaf either may fail
        if len(switches) == 1:
            (switch,) = switches
            link_bw = topo.graph.endpoint_links[switch][endpoint][0]
            after = measure.endpoint_link_failed(switch, link_bw)
            cases.append(FailureCase(f"{endpoint} - {switch}", loss_pct(bisection, after), 1))
            break
    leaves = topo.of_tier("leaf")
    if leaves:
        leaf = min(leaves, key=lambda l: (topo.figures[l].up_links or 10**9, l))
        ups = [(n, c, bw) for n, (c, bw) in topo.adjacency[leaf].items() if TIER_RANK[topo.tiers[n]] > 1]
        if ups:
            n, count, bw = min(ups, key=lambda u: (u[1], u[0]))
            after = measure.uplink_failed(leaf, n, bw / count)
            cases.append(FailureCase(f"{leaf} - {n}", loss_pct(bisection, after), reach.link_failure(leaf, n)))
        elif not cases and topo.graph.endpoint_links.get(leaf):
            endpoint, bws = next(iter(topo.graph.endpoint_links[leaf].items()))
            after = measure.endpoint_link_failed(leaf, bws[0])
            cases.append(FailureCase(f"{endpoint} - {leaf}", loss_pct(bisection, after), 0))
    if not cases:
        return None
    worst = max(cases, key=_severity)
    return worst.worst("link")
