"""A fabric's switches by tier, each switch's downlink and uplink figures, and its pods.

Definitions (also in the README):
- Tiers: a switch's own ``tier`` where the design sets one for this fabric (the
  generator does; a hand-drawn leaf without servers yet is still a leaf); otherwise
  from the cabling: a leaf is a switch with endpoints; a spine is a switch cabled to
  a leaf; a core is a switch cabled to a spine only. Only links to a higher tier are
  uplinks: a leaf-leaf link (an MLAG peer link) is not one.
- Oversubscription of a switch is its downlink over its uplink bandwidth; a tier
  reports its worst switch. A single-switch fabric has none.
"""

from __future__ import annotations

from collections import deque
from functools import reduce
from operator import add
from dataclasses import dataclass, field

from designer.fabric.graph import FabricGraph
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
    hints: dict[str, str] = {}
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
    """Tiers, adjacency and each switch's figures. A switch's endpoint bandwidth is summed a
    switch at a time (``reduce`` adds in the order the loop did: the same floats), and its
    ports a device type at a time."""
    topo = Topology(graph)
    tiers = topo.tiers = _classify(graph, tier_hints(index, graph))
    rank_of = {switch: TIER_RANK[tier] for switch, tier in tiers.items()}
    devices = index.devices
    ports_total: dict[str, int] = {}  # device type -> its fabric and uplink ports
    switch_links, endpoint_links = graph.switch_links, graph.endpoint_links
    ports_used, lanes_used = graph.ports_used, graph.lanes_used
    adjacency_of = topo.adjacency
    for switch in graph.switches:
        neighbours = switch_links.get(switch, {})
        # (cables, their bandwidth) per neighbour; most pairs of switches have one cable, whose
        # sum is its bandwidth (``sum`` adds it to 0: the same float for a positive speed)
        adjacency = adjacency_of[switch] = {n: (1, bws[0]) if len(bws) == 1 else (len(bws), sum(bws))
                                            for n, bws in neighbours.items()}
        slug = devices[switch].device_type
        total = ports_total.get(slug)
        if total is None:
            total = ports_total[slug] = index.device_types[slug].port_count("fabric", "uplink")
        fig = SwitchFigures(switch, tiers[switch], ports_total=total, ports_used=len(ports_used.get(switch, ())),
                            lanes_used=lanes_used.get(switch, 0))
        rank = rank_of[switch]
        endpoint_bws = endpoint_links.get(switch)
        down_gbps, down_links = 0.0, 0
        if endpoint_bws:
            down_gbps = reduce(add, map(sum, endpoint_bws.values()), 0.0)
            down_links = sum(map(len, endpoint_bws.values()))
        up_gbps, up_links = 0.0, 0
        for neighbour, (count, bandwidth) in adjacency.items():
            other = rank_of[neighbour]
            if other > rank:
                up_gbps += bandwidth
                up_links += count
            elif other < rank:
                down_gbps += bandwidth
                down_links += count
        fig.down_gbps, fig.down_links, fig.up_gbps, fig.up_links = down_gbps, down_links, up_gbps, up_links
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
