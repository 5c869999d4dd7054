"""Bisection bandwidth of a fabric: the closed form for a regular Clos, max-flow for
any other fabric, and the same figure with one switch or cable failed.

Definition (also in the README):
- Bisection bandwidth (one direction) is the capacity across the worst cut that
  splits the endpoints' bandwidth in half. In a regular Clos (see ``is_regular_clos``)
  it is taken at leaf level and, with cores, at pod level: each leaf (pod) passes at
  most min(down, up) across the cut. Any other fabric is measured by max-flow between
  two halves of the leaves (``FlowBisection``).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict, deque
from typing import Any


from designer.fabric.maxflow import max_flow_value
from designer.fabric.topology import Topology


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
    """Bisection with optional overrides of leaf down/up and spine up bandwidth (failures).
    Asked once per failure kind: each leaf's figures are read once per call into a dict,
    the same sums taken in the same order as reading them through functions did."""
    leaves = topo.of_tier("leaf")
    if not leaves:
        return 0.0
    figures = topo.figures
    leaf_down = {leaf: figures[leaf].down_gbps for leaf in leaves}
    leaf_up = {leaf: figures[leaf].up_gbps for leaf in leaves}
    for override, into in ((down, leaf_down), (up, leaf_up)):
        for leaf, gbps in (override or {}).items():
            if leaf in into:
                into[leaf] = gbps
    if len(leaves) == 1:
        return leaf_down[leaves[0]] / 2
    leaf_units = [(d, min(d, leaf_up[l])) for l in leaves if (d := leaf_down[l]) > 0]
    cut = _worst_half(leaf_units)
    if topo.of_tier("core") and len(topo.pods) > 1:
        tiers = topo.tiers
        spine_up = spine_up or {}
        pod_units = []
        for pod in topo.pods:
            demand = sum(leaf_down[n] for n in pod if tiers[n] == "leaf")
            through_leaves = sum(min(leaf_down[n], leaf_up[n]) for n in pod if tiers[n] == "leaf")
            through_spines = sum(spine_up.get(n, figures[n].up_gbps) for n in pod if tiers[n] == "spine")
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


def _natural(name: str) -> tuple[tuple[int, int, str], ...]:
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

        # arc -> capacity (a later arc between the same two nodes replaces an earlier one)
        arcs: dict[Any, dict[Any, float]] = {}

        def add_arc(u: Any, v: Any, capacity: float) -> None:
            arcs.setdefault(u, {})[v] = capacity
            arcs.setdefault(v, {})

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
                        add_arc(pa, pb, bandwidth * fa * fb)
        arcs.setdefault(_SOURCE, {})
        arcs.setdefault(_SINK, {})
        for switch, share in side.items():
            (first, _f), *rest = parts(switch)
            second = rest[0][0] if rest else first
            if share > 0:
                add_arc(_SOURCE, first, demand[switch] * share)
            if share < 1:
                add_arc(second, _SINK, demand[switch] * (1.0 - share))
        return max_flow_value(arcs, _SOURCE, _SINK)

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
        tried: set[frozenset[tuple[str, float]]] = set()
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


class CollapsedBisection:
    """A collapsed fabric: two or more switches of one tier (no spines, no cores) with
    every endpoint cabled to each of them, as the DGX SuperPOD RA pairs its in-band and a
    small storage fabric's leaves. Traffic between any two endpoints crosses one switch,
    never the links between the switches (those carry it only after an endpoint's own
    cable fails), so the worst cut that halves the endpoints passes half their bandwidth:
    the switches' down bandwidth together, as one switch's would be. (Max-flow between the
    switches measured the inter-switch links alone: 0.8 Tb/s for a storage pair whose
    endpoints reach each other at 10.5.)"""

    method = "collapsed"

    def __init__(self, topo: Topology) -> None:
        self.topo = topo

    def _half(self, down: dict[str, float] | None = None) -> float:
        figures = self.topo.figures
        return sum((down or {}).get(s, figures[s].down_gbps) for s in self.topo.of_tier("leaf")) / 2

    def intact(self) -> float:
        return self._half()

    def switch_failed(self, switch: str) -> float:
        return self._half({switch: 0.0})

    def uplink_failed(self, _leaf: str, _neighbour: str, _bandwidth: float) -> float:
        return self._half()  # a link between the switches carries no endpoint's traffic

    def endpoint_link_failed(self, switch: str, bandwidth: float) -> float:
        return self._half({switch: self.topo.figures[switch].down_gbps - bandwidth})


def is_collapsed(topo: Topology) -> bool:
    """Two or more leaves, no higher tier, and every endpoint cabled to each leaf."""
    leaves = topo.of_tier("leaf")
    if len(leaves) < 2 or topo.of_tier("spine") or topo.of_tier("core") or topo.of_tier("other"):
        return False
    every = set(leaves)
    homes = topo.graph.endpoint_switches
    return bool(homes) and all(set(switches) == every for switches in homes.values())


def bisection_measure(topo: Topology) -> ClosBisection | MaxFlowBisection | CollapsedBisection:
    if is_collapsed(topo):
        return CollapsedBisection(topo)
    return ClosBisection(topo) if is_regular_clos(topo) else MaxFlowBisection(topo)
