"""Measuring a fabric: tiers, oversubscription, bisection, ECMP paths, failure impact.

Works on whatever links the design holds, so a hand edit (a spine removed, a cable
moved to the wrong leaf) shows up in every figure.

Definitions (also in the README):
- Tiers: a switch's own ``tier`` where the design sets one for this fabric (the
  generator does; a hand-drawn leaf without servers yet is still a leaf); otherwise
  from the cabling: a leaf is a switch with endpoints; a spine is a switch cabled to
  a leaf; a core is a switch cabled to a spine only. Only links to a higher tier are
  uplinks: a leaf-leaf link (an MLAG peer link) is not one.
- Link classes follow port roles: a cable on a switch's management port is an
  endpoint link whatever tier the switch has in its own fabric.
- Oversubscription of a switch is its downlink over its uplink bandwidth; a tier
  reports its worst switch. A single-switch fabric has none.
- Bisection bandwidth (one direction) is the capacity across the worst cut that
  splits the endpoints' bandwidth in half. In a regular Clos (see ``is_regular_clos``)
  it is taken at leaf level and, with cores, at pod level: each leaf (pod) passes at
  most min(down, up) across the cut. Any other fabric is measured by max-flow between
  two halves of the leaves (``FlowBisection``).
- ECMP paths between two leaves count shortest switch paths, parallel links counted
  separately, by breadth-first path counting from one leaf of every group of
  identically cabled leaves; nothing is enumerated. ECMP next hops are what a leaf's
  ECMP group toward another leaf holds: its links to neighbours that begin a
  shortest path there.
- Hops count links from endpoint to endpoint.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import networkx as nx

from designer.fabric.graph import FabricGraph, build_fabric_graph, fabric_links
from designer.model.index import DesignIndex

TIER_RANK = {"leaf": 1, "spine": 2, "core": 3, "other": 4}


@dataclass
class SwitchFigures:
    name: str
    tier: str
    down_gbps: float = 0.0
    up_gbps: float = 0.0
    down_links: int = 0
    up_links: int = 0
    ports_total: int = 0
    ports_used: int = 0
    lanes_used: int = 0

    @property
    def oversubscription(self) -> float | None:
        if self.up_gbps <= 0:
            return None
        return self.down_gbps / self.up_gbps


@dataclass
class Topology:
    graph: FabricGraph
    tiers: dict[str, str] = field(default_factory=dict)
    figures: dict[str, SwitchFigures] = field(default_factory=dict)
    # switch -> neighbour -> (link count, bandwidth sum)
    adjacency: dict[str, dict[str, tuple[int, float]]] = field(default_factory=dict)
    pods: list[set[str]] = field(default_factory=list)

    def of_tier(self, tier: str) -> list[str]:
        return sorted(n for n, t in self.tiers.items() if t == tier)


def tier_hints(index: DesignIndex, graph: FabricGraph) -> dict[str, str]:
    """The tiers the design sets on its switches for this fabric. A switch set up for
    another fabric says nothing about its place in this one."""
    hints = {}
    for switch in graph.switches:
        device = index.devices.get(switch)
        if device is not None and device.tier is not None and device.fabric in (None, graph.name):
            hints[switch] = device.tier
    return hints


def _classify(graph: FabricGraph, hints: dict[str, str] | None = None) -> dict[str, str]:
    """A switch's tier: its hint when it has one, else the shape rule. The shape rule
    looks only at switches without a hint, so a hinted leaf without servers does not
    turn into a spine (and the spines above it into cores). A leaf's neighbour that is
    itself a leaf stays a leaf: a peer link is no uplink."""
    hints = hints or {}
    free = graph.switches - hints.keys()
    leaves = {s for s, t in hints.items() if t == "leaf"} | {s for s in free if graph.endpoint_links.get(s)}
    spines = {s for s, t in hints.items() if t == "spine"}
    spines |= {n for leaf in leaves for n in graph.switch_links.get(leaf, {}) if n in free and n not in leaves}
    cores = {s for s, t in hints.items() if t == "core"}
    placed = leaves | spines
    cores |= {n for s in spines for n in graph.switch_links.get(s, {}) if n in free and n not in placed}
    tiers = {}
    for switch in graph.switches:
        if switch in leaves:
            tiers[switch] = "leaf"
        elif switch in spines:
            tiers[switch] = "spine"
        elif switch in cores:
            tiers[switch] = "core"
        else:
            tiers[switch] = "other"
    return tiers


def build_topology(index: DesignIndex, graph: FabricGraph) -> Topology:
    topo = Topology(graph)
    topo.tiers = _classify(graph, tier_hints(index, graph))
    for switch in graph.switches:
        neighbours = graph.switch_links.get(switch, {})
        topo.adjacency[switch] = {n: (len(bws), sum(bws)) for n, bws in neighbours.items()}
        device_type = index.type_of(index.devices[switch])
        fig = SwitchFigures(switch, topo.tiers[switch])
        fig.ports_total = device_type.port_count("fabric", "uplink")
        fig.ports_used = len(graph.ports_used.get(switch, ()))
        fig.lanes_used = graph.lanes_used.get(switch, 0)
        rank = TIER_RANK[fig.tier]
        for endpoint_bws in graph.endpoint_links.get(switch, {}).values():
            fig.down_gbps += sum(endpoint_bws)
            fig.down_links += len(endpoint_bws)
        for neighbour, (count, bandwidth) in topo.adjacency[switch].items():
            other = TIER_RANK[topo.tiers[neighbour]]
            if other > rank:
                fig.up_gbps += bandwidth
                fig.up_links += count
            elif other < rank:
                fig.down_gbps += bandwidth
                fig.down_links += count
        topo.figures[switch] = fig
    topo.pods = _pods(topo)
    return topo


def _pods(topo: Topology) -> list[set[str]]:
    """Leaves and spines that reach each other without a core: one pod per group."""
    if not topo.of_tier("core"):
        return [set(topo.of_tier("leaf")) | set(topo.of_tier("spine"))]
    seen: set[str] = set()
    pods = []
    for start in topo.of_tier("leaf"):
        if start in seen:
            continue
        pod = set()
        queue = deque([start])
        seen.add(start)
        while queue:
            node = queue.popleft()
            pod.add(node)
            for n in topo.adjacency[node]:
                if n not in seen and topo.tiers[n] in ("leaf", "spine"):
                    seen.add(n)
                    queue.append(n)
        pods.append(pod)
    return pods


# ---------------------------------------------------------------- bisection


def _worst_half(units: list[tuple[float, float]]) -> float:
    """units: (demand, capacity across the cut). The half of the demand that passes the
    least, against the rest; returns the smaller of the two sides' capacities."""
    total_demand = sum(d for d, _c in units)
    if total_demand <= 0:
        return 0.0
    total_capacity = sum(c for _d, c in units)
    half = total_demand / 2
    acc_demand = acc_capacity = 0.0
    for demand, capacity in sorted(units, key=lambda u: (u[1] / u[0]) if u[0] else 1.0):
        if acc_demand + demand >= half:
            share = (half - acc_demand) / demand if demand else 0.0
            acc_capacity += capacity * share
            break
        acc_demand += demand
        acc_capacity += capacity
    return min(acc_capacity, total_capacity - acc_capacity)


def bisection_gbps(
    topo: Topology,
    down: dict[str, float] | None = None,
    up: dict[str, float] | None = None,
    spine_up: dict[str, float] | None = None,
) -> float:
    """Bisection with optional overrides of leaf down/up and spine up bandwidth (failures)."""
    leaves = topo.of_tier("leaf")
    if not leaves:
        return 0.0
    down = down or {}
    up = up or {}
    spine_up = spine_up or {}

    def leaf_down(leaf: str) -> float:
        return down.get(leaf, topo.figures[leaf].down_gbps)

    def leaf_up(leaf: str) -> float:
        return up.get(leaf, topo.figures[leaf].up_gbps)

    alive = [leaf for leaf in leaves if leaf_down(leaf) > 0 or leaf_up(leaf) > 0]
    if len(leaves) == 1:
        return leaf_down(leaves[0]) / 2
    leaf_units = [(leaf_down(l), min(leaf_down(l), leaf_up(l))) for l in alive if leaf_down(l) > 0]
    cut = _worst_half(leaf_units)
    if topo.of_tier("core") and len(topo.pods) > 1:
        pod_units = []
        for pod in topo.pods:
            demand = sum(leaf_down(n) for n in pod if topo.tiers[n] == "leaf")
            through_leaves = sum(min(leaf_down(n), leaf_up(n)) for n in pod if topo.tiers[n] == "leaf")
            through_spines = sum(spine_up.get(n, topo.figures[n].up_gbps) for n in pod if topo.tiers[n] == "spine")
            if demand > 0:
                pod_units.append((demand, min(through_leaves, through_spines)))
        cut = min(cut, _worst_half(pod_units))
    return cut


# The tiers a switch of each tier is cabled to in a regular Clos: leaf-spine, spine-core.
_CLOS_NEIGHBOURS = {"leaf": {"spine"}, "spine": {"leaf", "core"}, "core": {"spine"}}


def _same_shares(a: dict[str, float], b: dict[str, float]) -> bool:
    return a.keys() == b.keys() and all(math.isclose(a[k], b[k], rel_tol=1e-9) for k in a)


def is_regular_clos(topo: Topology) -> bool:
    """Whether ``bisection_gbps``'s closed form is exact here: it lets every leaf pass
    min(down, up) and every pod min(its leaves, its spines' uplinks), which holds when
    traffic spreads over the tier above in the same proportions from everywhere below:

    - every switch-switch link is leaf-spine or spine-core, and only leaves have endpoints;
    - every leaf splits its uplink bandwidth over the spines of its pod in the same
      shares as every other leaf of the pod (a leaf without uplinks passes nothing,
      which the formula counts too);
    - with cores: each spine's share of its pod's uplink bandwidth is its share of the
      leaves' traffic, and every pod reaches each core with the same share of its
      uplink bandwidth.

    Generated fabrics are built this way. A leaf-leaf link, a leaf cabled to a core,
    unevenly wired spines or a fourth tier are not, and go to max-flow."""
    tiers = topo.tiers
    graph = topo.graph
    if not topo.of_tier("leaf"):
        return True
    for switch, neighbours in topo.adjacency.items():
        tier = tiers[switch]
        if tier == "other" or (tier != "leaf" and graph.endpoint_links.get(switch)):
            return False
        if not set(map(tiers.__getitem__, neighbours)) <= _CLOS_NEIGHBOURS[tier]:
            return False
    in_pods = set().union(*topo.pods) if topo.pods else set()
    if any(tiers[s] in ("leaf", "spine") and s not in in_pods for s in graph.switches):
        return False
    has_cores = bool(topo.of_tier("core"))
    core_shares: dict[str, float] | None = None
    for pod in topo.pods:
        leaf_shares: dict[str, float] | None = None
        first_wiring = None
        for leaf in pod:
            up = topo.figures[leaf].up_gbps
            if tiers[leaf] != "leaf" or up <= 0:
                continue
            wiring = topo.adjacency[leaf]
            if wiring == first_wiring:
                continue  # cabled exactly as the first: same shares, no division needed
            shares = {n: bw / up for n, (_c, bw) in wiring.items()}
            if leaf_shares is None:
                leaf_shares, first_wiring = shares, wiring
            elif not _same_shares(leaf_shares, shares):
                return False
        if not has_cores or leaf_shares is None:
            continue
        spines = [n for n in pod if tiers[n] == "spine"]
        pod_up = sum(topo.figures[n].up_gbps for n in spines)
        if pod_up <= 0:
            continue
        if not _same_shares(leaf_shares, {n: topo.figures[n].up_gbps / pod_up for n in spines}):
            return False
        to_cores: dict[str, float] = defaultdict(float)
        for spine in spines:
            for core, (_c, bw) in topo.adjacency[spine].items():
                if tiers[core] == "core":
                    to_cores[core] += bw / pod_up
        if core_shares is None:
            core_shares = dict(to_cores)
        elif not _same_shares(core_shares, to_cores):
            return False
    return True


def _natural(name: str) -> tuple:
    """leaf2 before leaf10: names compared by their text and number runs."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.findall(r"\d+|\D+", name))


_SOURCE, _SINK = ("source",), ("sink",)


class FlowBisection:
    """Bisection of a fabric that is not a regular Clos, by max-flow/min-cut.

    The leaves (every switch with endpoints) are split into two halves of equal
    endpoint bandwidth along a few orderings; for each split the max flow from one
    half's endpoints to the other's, across the switch links (a cable carries its
    bandwidth each way), is the capacity across that split, and the bisection is the
    smallest of them. A leaf straddling the halfway point is split in proportion: that
    share of its endpoints and of its links on each side, and traffic between its own
    two shares never crosses the fabric. On a regular Clos this gives the closed form's
    figure. The orderings:

    - weakest first: fabric bandwidth over endpoint bandwidth, as the closed form takes
      its worst half;
    - by distance from either end of a long shortest path between leaves, leaves with
      the same neighbours together, one connected part after the other: pods, islands,
      a leaf hanging off its peer and partitions stay on one side;
    - by name: hand-drawn fabrics are usually named in the order they are racked.

    The max flow of a split is exact; the worst of all splits is NP-hard to find, so the
    figure is the worst of these candidates, at or above the true minimum."""

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.demand = {
            switch: sum(sum(bws) for bws in endpoints.values())
            for switch, endpoints in topo.graph.endpoint_links.items()
            if endpoints
        }
        access = sorted(self.demand, key=_natural)
        self.orders = [self._weakest_first(access), *self._by_distance(access), access]

    def _weakest_first(self, access: list[str]) -> list[str]:
        def ratio(switch: str) -> float:
            fabric = sum(bw for _c, bw in self.topo.adjacency.get(switch, {}).values())
            return min(self.demand[switch], fabric) / self.demand[switch]

        return sorted(access, key=lambda s: (ratio(s), _natural(s)))

    def _by_distance(self, access: list[str]) -> list[list[str]]:
        """Two orders, one from each end of a long shortest path (a pseudo-diameter) of
        each connected part, the parts one after the other."""
        adjacency = self.topo.adjacency

        def distances(start: str) -> dict[str, int]:
            dist = {start: 0}
            queue = deque([start])
            while queue:
                node = queue.popleft()
                for neighbour in adjacency.get(node, {}):
                    if neighbour not in dist:
                        dist[neighbour] = dist[node] + 1
                        queue.append(neighbour)
            return dist

        def farthest(dist: dict[str, int]) -> str:
            return max((s for s in access if s in dist), key=dist.__getitem__)

        orders: tuple[list[str], list[str]] = ([], [])
        placed: set[str] = set()
        for first in access:
            if first in placed:
                continue
            one_end = farthest(distances(first))
            from_one = distances(one_end)
            other_end = farthest(from_one)
            part = [s for s in access if s in from_one]
            placed.update(part)
            for order, dist in zip(orders, (from_one, distances(other_end))):
                # leaves at one distance: those with the same neighbours (a pod) together
                order.extend(sorted(part, key=lambda s: (dist[s], tuple(sorted(adjacency.get(s, {}))), _natural(s))))
        return list(orders)

    @staticmethod
    def _halve(order: list[str], demand: dict[str, float]) -> dict[str, float]:
        """Each leaf's share on the first side: 1, 0, or a fraction for the leaf at the middle."""
        half = sum(demand[s] for s in order) / 2
        taken = 0.0
        side = {}
        for switch in order:
            d = demand[switch]
            if taken >= half - 1e-9:
                side[switch] = 0.0
            elif taken + d <= half + 1e-9:
                side[switch] = 1.0
                taken += d
            else:
                side[switch] = (half - taken) / d
                taken = half
        return side

    def _flow(self, side: dict[str, float], demand: dict[str, float], removed: frozenset[str],
              less_link: tuple[frozenset[str], float] | None) -> float:
        def parts(switch: str) -> list[tuple[Any, float]]:
            share = side.get(switch)
            if share is None or share in (0.0, 1.0):
                return [(switch, 1.0)]
            return [((switch, "a"), share), ((switch, "b"), 1.0 - share)]

        flow_graph = nx.DiGraph()
        for a, neighbours in self.topo.adjacency.items():
            if a in removed:
                continue
            for b, (_count, bandwidth) in neighbours.items():
                if b in removed:
                    continue
                if less_link is not None and less_link[0] == {a, b}:
                    bandwidth = max(0.0, bandwidth - less_link[1])
                # adjacency holds both directions: each adds its own arc
                for pa, fa in parts(a):
                    for pb, fb in parts(b):
                        flow_graph.add_edge(pa, pb, capacity=bandwidth * fa * fb)
        flow_graph.add_node(_SOURCE)
        flow_graph.add_node(_SINK)
        for switch, share in side.items():
            (first, _f), *rest = parts(switch)
            second = rest[0][0] if rest else first
            if share > 0:
                flow_graph.add_edge(_SOURCE, first, capacity=demand[switch] * share)
            if share < 1:
                flow_graph.add_edge(second, _SINK, capacity=demand[switch] * (1.0 - share))
        return nx.maximum_flow_value(flow_graph, _SOURCE, _SINK)

    def value(self, removed: frozenset[str] = frozenset(), less_link: tuple[str, str, float] | None = None,
              less_demand: dict[str, float] | None = None) -> float:
        """Bisection with ``removed`` switches gone, one cable's bandwidth less between two
        switches, or less endpoint bandwidth on some leaves (failures)."""
        demand = {s: d for s, d in self.demand.items() if s not in removed}
        for switch, lost in (less_demand or {}).items():
            if switch in demand:
                demand[switch] = max(0.0, demand[switch] - lost)
        live = [s for s in self.orders[-1] if demand.get(s, 0.0) > 0]
        if len(live) < 2:
            return demand[live[0]] / 2 if live else 0.0
        link = None if less_link is None else (frozenset(less_link[:2]), less_link[2])
        best: float | None = None
        tried: set[frozenset] = set()
        for order in self.orders:
            side = self._halve([s for s in order if demand.get(s, 0.0) > 0], demand)
            key = frozenset(side.items())
            if key in tried:
                continue
            tried.add(key)
            flow = self._flow(side, demand, removed, link)
            best = flow if best is None else min(best, flow)
        return best or 0.0


class ClosBisection:
    """The closed form, with each failure as the override ``bisection_gbps`` takes."""

    method = "clos"

    def __init__(self, topo: Topology) -> None:
        self.topo = topo

    def intact(self) -> float:
        return bisection_gbps(self.topo)

    def switch_failed(self, switch: str) -> float:
        topo = self.topo
        tier = topo.tiers[switch]
        if tier == "leaf":
            return bisection_gbps(topo, down={switch: 0.0}, up={switch: 0.0})
        if tier == "spine":
            up = {n: topo.figures[n].up_gbps - bw for n, (_c, bw) in topo.adjacency[switch].items()
                  if topo.tiers[n] == "leaf"}
            return bisection_gbps(topo, up=up, spine_up={switch: 0.0})
        spine_up = {n: topo.figures[n].up_gbps - bw for n, (_c, bw) in topo.adjacency[switch].items()}
        return bisection_gbps(topo, spine_up=spine_up)

    def uplink_failed(self, leaf: str, _neighbour: str, bandwidth: float) -> float:
        return bisection_gbps(self.topo, up={leaf: self.topo.figures[leaf].up_gbps - bandwidth})

    def endpoint_link_failed(self, switch: str, bandwidth: float) -> float:
        return bisection_gbps(self.topo, down={switch: self.topo.figures[switch].down_gbps - bandwidth})


class MaxFlowBisection:
    """``FlowBisection`` behind the same questions as ``ClosBisection``."""

    method = "max_flow"

    def __init__(self, topo: Topology) -> None:
        self.flow = FlowBisection(topo)

    def intact(self) -> float:
        return self.flow.value()

    def switch_failed(self, switch: str) -> float:
        return self.flow.value(removed=frozenset((switch,)))

    def uplink_failed(self, leaf: str, neighbour: str, bandwidth: float) -> float:
        return self.flow.value(less_link=(leaf, neighbour, bandwidth))

    def endpoint_link_failed(self, switch: str, bandwidth: float) -> float:
        return self.flow.value(less_demand={switch: bandwidth})


def bisection_measure(topo: Topology) -> ClosBisection | MaxFlowBisection:
    return ClosBisection(topo) if is_regular_clos(topo) else MaxFlowBisection(topo)


# ---------------------------------------------------------------- ECMP paths


def _leaf_classes(topo: Topology) -> dict[tuple, list[str]]:
    classes: dict[tuple, list[str]] = defaultdict(list)
    for leaf in topo.of_tier("leaf"):
        signature = tuple(sorted((n, c) for n, (c, _bw) in topo.adjacency[leaf].items()))
        classes[signature].append(leaf)
    return classes


def _count_paths(topo: Topology, source: str) -> tuple[dict[str, int], dict[str, int]]:
    """Breadth-first shortest-path counting over switches (parallel links multiply)."""
    dist = {source: 0}
    sigma = {source: 1}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        for neighbour, (count, _bw) in topo.adjacency[node].items():
            if neighbour not in dist:
                dist[neighbour] = dist[node] + 1
                sigma[neighbour] = 0
                queue.append(neighbour)
            if dist[neighbour] == dist[node] + 1:
                sigma[neighbour] += sigma[node] * count
    return dist, sigma


def _count_paths_and_next_hops(topo: Topology, source: str) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """``_count_paths`` plus, for every switch reached, which of the source's neighbours
    begin a shortest path to it (a bit per neighbour, in the source's adjacency order)."""
    adjacency = topo.adjacency
    dist = {source: 0}
    sigma = {source: 1}
    via = {source: 0}
    queue: deque[str] = deque()
    for i, (neighbour, (count, _bw)) in enumerate(adjacency[source].items()):
        if neighbour != source:
            dist[neighbour], sigma[neighbour], via[neighbour] = 1, count, 1 << i
            queue.append(neighbour)
    while queue:
        node = queue.popleft()
        step = dist[node] + 1
        paths = sigma[node]
        mask = via[node]
        for neighbour, (count, _bw) in adjacency[node].items():
            seen = dist.get(neighbour)
            if seen is None:
                dist[neighbour] = seen = step
                sigma[neighbour] = 0
                via[neighbour] = 0
                queue.append(neighbour)
            if seen == step:
                sigma[neighbour] += paths * count
                via[neighbour] |= mask
    return dist, sigma, via


@dataclass
class EcmpFigures:
    paths_min: int | None = None
    paths_max: int | None = None
    next_hops_min: int | None = None
    next_hops_max: int | None = None
    max_hops: int = 0
    partitioned: bool = False


def ecmp_figures(topo: Topology) -> EcmpFigures:
    """Between endpoints on different leaves: shortest switch paths (parallel links
    multiply), equal-cost next hops (the links from the source leaf to neighbours that
    begin a shortest path: the members of its ECMP group toward that leaf, which is what
    the switch hashes flows across), the longest shortest path and whether some leaf
    cannot be reached."""
    figures = EcmpFigures()
    leaves = [l for l in topo.of_tier("leaf") if topo.figures[l].down_links > 0]
    if len(leaves) < 2:
        figures.max_hops = 2 if leaves else 0
        return figures
    longest = 0
    leaf_set = set(leaves)
    paths_seen: list[int] = []
    hops_seen: list[int] = []
    for members in _leaf_classes(topo).values():
        # a leaf without endpoints can share its cabling with ones that have them
        source = next((m for m in members if m in leaf_set), None)
        if source is None:
            continue
        dist, sigma, via = _count_paths_and_next_hops(topo, source)
        counts = [c for c, _bw in topo.adjacency[source].values()]
        links_in: dict[int, int] = {}
        for other in leaves:
            if other == source:
                continue
            if other not in dist:
                figures.partitioned = True
            else:
                longest = max(longest, dist[other])
            paths_seen.append(sigma.get(other, 0))
            mask = via.get(other, 0)
            if mask not in links_in:
                links_in[mask] = sum(c for i, c in enumerate(counts) if mask >> i & 1)
            hops_seen.append(links_in[mask])
    if paths_seen:
        figures.paths_min, figures.paths_max = min(paths_seen), max(paths_seen)
        figures.next_hops_min, figures.next_hops_max = min(hops_seen), max(hops_seen)
    figures.max_hops = longest + 2
    return figures


def ecmp_and_hops(topo: Topology) -> tuple[int | None, int | None, int, bool]:
    """(min paths, max paths, max hops, partitioned) between endpoints on different leaves."""
    figures = ecmp_figures(topo)
    return figures.paths_min, figures.paths_max, figures.max_hops, figures.partitioned


# ---------------------------------------------------------------- failures


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
        self.graph = nx.Graph()
        for switch, neighbours in topo.adjacency.items():
            self.graph.add_node(switch)
            for neighbour, (count, _bw) in neighbours.items():
                self.graph.add_edge(switch, neighbour, count=count)
        self.switch_sets = {e: frozenset(s) for e, s in topo.graph.endpoint_switches.items()}
        self.sole: Counter = Counter(next(iter(s)) for s in self.switch_sets.values() if len(s) == 1)
        self.articulation = set(nx.articulation_points(self.graph)) if self.graph.number_of_nodes() > 2 else set()

    def _outside_main(self, graph: nx.Graph, failed: set[str]) -> int:
        where = {n: i for i, c in enumerate(nx.connected_components(graph)) for n in c}
        reach: Counter = Counter()
        for switches in self.switch_sets.values():
            for i in {where[s] for s in switches if s not in failed and s in where}:
                reach[i] += 1
        main = max(reach, key=reach.get) if reach else None
        return sum(
            1
            for switches in self.switch_sets.values()
            if not any(where.get(s) == main for s in switches if s not in failed)
        )

    def switch_failure(self, switch: str) -> int:
        if switch not in self.articulation:
            return self.sole.get(switch, 0)
        graph = self.graph.copy()
        graph.remove_node(switch)
        return self._outside_main(graph, {switch})

    def link_failure(self, a: str, b: str) -> int:
        """Endpoints cut off when one cable between two switches fails: only a bridge
        of the switch graph (a sole link, not one of parallel ones) can cut anything."""
        if tuple(sorted((a, b))) not in self.bridges():
            return 0
        graph = self.graph.copy()
        graph.remove_edge(a, b)
        return self._outside_main(graph, set())

    @cached_property
    def _bridges(self) -> list[tuple[str, str]]:
        found = []
        for a, b in nx.bridges(self.graph):
            if self.graph.edges[a, b]["count"] == 1:
                found.append(tuple(sorted((a, b))))
        return sorted(found)

    def bridges(self) -> list[tuple[str, str]]:
        return self._bridges


@dataclass
class FailureCase:
    object: str
    bandwidth_lost_pct: float
    endpoints_cut_off: int

    def as_dict(self, key: str = "switch") -> dict[str, Any]:
        return {key: self.object, "bandwidth_lost_pct": round(self.bandwidth_lost_pct, 2),
                "endpoints_cut_off": self.endpoints_cut_off}


def _loss(before: float, after: float) -> float:
    return 0.0 if before <= 0 else max(0.0, (before - after) / before * 100.0)


def failure_analysis(topo: Topology, bisection: float,
                     measure: ClosBisection | MaxFlowBisection | None = None) -> dict[str, Any]:
    measure = measure or bisection_measure(topo)
    reach = Reachability(topo)
    total_endpoints = len(topo.graph.endpoints)
    single_switch = len(topo.graph.switches) == 1
    by_flow = measure.method == "max_flow"

    def cut_off(switch: str) -> int:
        return total_endpoints if single_switch else reach.switch_failure(switch)

    def is_cut_point(switch: str) -> bool:
        return switch in reach.articulation or reach.sole.get(switch, 0) > 0

    def wiring(switch: str) -> tuple:
        # In a regular Clos a switch's place is told by its figures; elsewhere two
        # switches with the same figures may be cabled to different neighbours.
        if not by_flow:
            return ()
        return tuple(sorted((topo.tiers[n], c, bw) for n, (c, bw) in topo.adjacency[switch].items()))

    result: dict[str, Any] = {}
    # One representative per group of identically placed switches.
    leaf_cases = []
    seen: set[tuple] = set()
    for leaf in topo.of_tier("leaf"):
        fig = topo.figures[leaf]
        signature = (fig.down_gbps, fig.up_gbps, reach.sole.get(leaf, 0), leaf in reach.articulation, wiring(leaf))
        if signature in seen:
            continue
        seen.add(signature)
        leaf_cases.append(FailureCase(leaf, _loss(bisection, measure.switch_failed(leaf)), cut_off(leaf)))
    result["leaf"] = _worst(leaf_cases)

    spine_cases = []
    seen = set()
    for spine in topo.of_tier("spine"):
        attached = tuple(sorted(
            (topo.figures[n].down_gbps, topo.figures[n].up_gbps, bw)
            for n, (_c, bw) in topo.adjacency[spine].items() if topo.tiers[n] == "leaf"
        ))
        signature = (attached, topo.figures[spine].up_gbps, is_cut_point(spine), wiring(spine))
        if signature in seen:
            continue
        seen.add(signature)
        spine_cases.append(FailureCase(spine, _loss(bisection, measure.switch_failed(spine)), cut_off(spine)))
    result["spine"] = _worst(spine_cases)

    core_cases = []
    seen = set()
    for core in topo.of_tier("core"):
        attached = tuple(sorted((topo.figures[n].up_gbps, bw) for n, (_c, bw) in topo.adjacency[core].items()))
        signature = (attached, is_cut_point(core), wiring(core))
        if signature in seen:
            continue
        seen.add(signature)
        core_cases.append(FailureCase(core, _loss(bisection, measure.switch_failed(core)), cut_off(core)))
    result["core"] = _worst(core_cases)

    result["link"] = _worst_link(topo, reach, bisection, measure)
    spofs = []
    if single_switch and total_endpoints:
        (only,) = topo.graph.switches
        spofs.append({"object": only, "kind": "switch", "tier": topo.tiers[only],
                      "endpoints_cut_off": total_endpoints, "splits_fabric": False})
    else:
        # A single point of failure cuts endpoints off or splits the switches in two
        # (then endpoints may still reach each other only within their own part).
        for switch in sorted(topo.graph.switches):
            if is_cut_point(switch):
                n = cut_off(switch)
                if n or switch in reach.articulation:
                    spofs.append({"object": switch, "kind": "switch", "tier": topo.tiers[switch],
                                  "endpoints_cut_off": n, "splits_fabric": switch in reach.articulation})
        for a, b in reach.bridges():
            spofs.append({"object": f"{a} - {b}", "kind": "link", "tier": None,
                          "endpoints_cut_off": reach.link_failure(a, b), "splits_fabric": True})
    result["single_points_of_failure"] = spofs
    # Homing counts switches, not cables: two cables to one leaf still leave the
    # endpoint on that one leaf.
    result["single_homed_endpoints"] = sum(1 for s in topo.graph.endpoint_switches.values() if len(set(s)) == 1)
    return result


def _worst(cases: list[FailureCase]) -> dict[str, Any] | None:
    if not cases:
        return None
    worst = max(cases, key=lambda c: (c.endpoints_cut_off, c.bandwidth_lost_pct))
    return worst.as_dict()


def _worst_link(topo: Topology, reach: Reachability, bisection: float,
                measure: ClosBisection | MaxFlowBisection) -> dict[str, Any] | None:
    """The single cable whose loss hurts most: an endpoint's only cable, else the uplink
    of the leaf with the fewest uplinks."""
    cases = []
    for endpoint, switches in topo.graph.endpoint_switches.items():
        # one cable, not one switch: with two cables to the same leaf either may fail
        if len(switches) == 1:
            (switch,) = switches
            link_bw = topo.graph.endpoint_links[switch][endpoint][0]
            after = measure.endpoint_link_failed(switch, link_bw)
            cases.append(FailureCase(f"{endpoint} - {switch}", _loss(bisection, after), 1))
            break
    leaves = topo.of_tier("leaf")
    if leaves:
        leaf = min(leaves, key=lambda l: (topo.figures[l].up_links or 10**9, l))
        ups = [(n, c, bw) for n, (c, bw) in topo.adjacency[leaf].items() if TIER_RANK[topo.tiers[n]] > 1]
        if ups:
            n, count, bw = min(ups, key=lambda u: (u[1], u[0]))
            after = measure.uplink_failed(leaf, n, bw / count)
            cases.append(FailureCase(f"{leaf} - {n}", _loss(bisection, after), reach.link_failure(leaf, n)))
        elif not cases and topo.graph.endpoint_links.get(leaf):
            endpoint, bws = next(iter(topo.graph.endpoint_links[leaf].items()))
            after = measure.endpoint_link_failed(leaf, bws[0])
            cases.append(FailureCase(f"{endpoint} - {leaf}", _loss(bisection, after), 0))
    if not cases:
        return None
    worst = max(cases, key=lambda c: (c.endpoints_cut_off, c.bandwidth_lost_pct))
    return worst.as_dict("link")


# ---------------------------------------------------------------- report section


def analyse_fabric(index: DesignIndex, fabric_name: str, links: list) -> dict[str, Any]:
    graph = build_fabric_graph(index, fabric_name, links)
    topo = build_topology(index, graph)
    fabric = index.fabrics.get(fabric_name)
    link_classes = Counter()
    # (tier pair, speed) -> links: the topology drawing labels each tier "N x 400G"
    link_speeds: Counter = Counter()
    for (a, b, bandwidth, _link), (a_switching, b_switching) in zip(graph.links, graph.link_switching):
        # an end counts by its tier only where it switches: on its management port a
        # spine is just an endpoint of the rack switch it is cabled to
        tiers = sorted(
            (topo.tiers[a] if a_switching else "endpoint", topo.tiers[b] if b_switching else "endpoint"),
            key=lambda t: TIER_RANK.get(t, 0),
        )
        key = {
            ("endpoint", "leaf"): "endpoint_leaf",
            ("leaf", "spine"): "leaf_spine",
            ("spine", "core"): "spine_core",
        }.get(tuple(tiers), "other")
        link_classes[key] += 1
        link_speeds[(key, bandwidth)] += 1

    def worst(tier: str) -> float | None:
        ratios = [topo.figures[s].oversubscription for s in topo.of_tier(tier)]
        ratios = [r for r in ratios if r is not None]
        return round(max(ratios), 3) if ratios else None

    multi = len(topo.of_tier("leaf")) > 1
    # A leaf is cut off from the fabric without a link to a higher tier: links to other
    # leaves (an MLAG peer link) do not count. A leaf without endpoints has none to cut off.
    no_uplink = [l for l in topo.of_tier("leaf")
                 if multi and topo.figures[l].up_gbps <= 0 and graph.endpoint_links.get(l)]
    measure = bisection_measure(topo)
    bisection = measure.intact()
    ecmp = ecmp_figures(topo)
    endpoint_bw = sum(topo.figures[l].down_gbps for l in topo.of_tier("leaf"))
    tier_count = 1 if not topo.of_tier("spine") else (3 if topo.of_tier("core") else 2)
    return {
        "name": fabric_name,
        "role": fabric.role if fabric else None,
        "protocol": fabric.protocol if fabric else None,
        "target_oversubscription": fabric.target_oversubscription if fabric else None,
        "tiers": tier_count if graph.switches else 0,
        "endpoints": len(graph.endpoints),
        "endpoint_bandwidth_gbps": round(endpoint_bw, 3),
        "switches": {
            "leaf": len(topo.of_tier("leaf")),
            "spine": len(topo.of_tier("spine")),
            "core": len(topo.of_tier("core")),
            "other": len(topo.of_tier("other")),
        },
        "links": {
            "endpoint_leaf": link_classes["endpoint_leaf"],
            "leaf_spine": link_classes["leaf_spine"],
            "spine_core": link_classes["spine_core"],
            "other": link_classes["other"],
            "unresolved": len(graph.unresolved),
        },
        # beside ``links``, not in it: scripts sum ``links`` per tier against ``link_speeds``
        "duplicate_links": len(graph.duplicates),
        "link_speeds": {
            key: [
                {"speed_gbps": speed, "count": count}
                for (cls, speed), count in sorted(link_speeds.items(), key=lambda kv: -kv[0][1])
                if cls == key
            ]
            for key in ("endpoint_leaf", "leaf_spine", "spine_core", "other")
        },
        "oversubscription": {"leaf": worst("leaf"), "spine": worst("spine")},
        "leaves_without_uplinks": no_uplink,
        "bisection_gbps": round(bisection, 3),
        "bisection_method": measure.method,
        "ecmp_paths": {"min": ecmp.paths_min, "max": ecmp.paths_max},
        "ecmp_next_hops": {"min": ecmp.next_hops_min, "max": ecmp.next_hops_max},
        "partitioned": ecmp.partitioned,
        "max_hops": ecmp.max_hops,
        "pods": len(topo.pods) if topo.of_tier("core") else (1 if graph.switches else 0),
        "port_use": [
            {
                "switch": fig.name,
                "tier": fig.tier,
                "ports_total": fig.ports_total,
                "ports_used": fig.ports_used,
                "lanes_used": fig.lanes_used,
                "down_gbps": round(fig.down_gbps, 3),
                "up_gbps": round(fig.up_gbps, 3),
                "oversubscription": None if fig.oversubscription is None else round(fig.oversubscription, 3),
            }
            for fig in sorted(topo.figures.values(), key=lambda f: (TIER_RANK[f.tier], f.name))
        ],
        "failure": failure_analysis(topo, bisection, measure) if graph.switches else None,
    }


def analyse_fabrics(index: DesignIndex) -> list[dict[str, Any]]:
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
    dist, sigma = _count_paths(topo, source)
    if target not in dist:
        return 0, set(), set()
    switches, edges = {target}, set()
    frontier = [target]
    while frontier:
        node = frontier.pop()
        for neighbour in topo.adjacency[node]:
            if dist.get(neighbour) == dist[node] - 1:
                edges.add(tuple(sorted((node, neighbour))))
                if neighbour not in switches:
                    switches.add(neighbour)
                    frontier.append(neighbour)
    return sigma[target], switches, edges


def what_if_failed(index: DesignIndex, fabric_name: str, links: list, failed: set[str]) -> dict[str, Any]:
    """The fabric's figures with ``failed`` switches (and their cables) taken out."""
    before = analyse_fabric(index, fabric_name, links)
    kept = [l for l in links if l.a.device not in failed and l.b.device not in failed]
    after = analyse_fabric(index, fabric_name, kept)
    lost = _loss(before["bisection_gbps"], after["bisection_gbps"])
    attached_before = before["endpoints"]
    return {
        "failed": sorted(failed),
        "bisection_before_gbps": before["bisection_gbps"],
        "bisection_after_gbps": after["bisection_gbps"],
        "bandwidth_lost_pct": round(lost, 2),
        "endpoints_cut_off": attached_before - after["endpoints"] + _stranded(after),
        "ecmp_paths_after": after["ecmp_paths"],
        "oversubscription_after": after["oversubscription"],
    }


def _stranded(analysis: dict[str, Any]) -> int:
    failure = analysis.get("failure") or {}
    return 0 if not analysis.get("partitioned") else max(
        (s["endpoints_cut_off"] for s in failure.get("single_points_of_failure", [])), default=0)
