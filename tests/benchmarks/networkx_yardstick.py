"""A plain-networkx script computing the fabric metrics ``designer report`` gives, from the
design's GraphML export — the yardstick issue 17 holds ``report --json`` to ("at least 4
times faster than a plain-networkx script of the same metrics").

    python tests/benchmarks/networkx_yardstick.py DESIGN.graphml

Per fabric, as a network engineer would script it with networkx and nothing of ours:
endpoints and switches, links, the switches' tiers (by distance from the endpoints),
ECMP (shortest-path counts) and the longest path between leaves, single points of
failure (articulation points and bridges of the switch graph), and the bisection
bandwidth (a max-flow between two halves of the leaves). Prints one JSON line.
"""

from __future__ import annotations

import json
import sys
from collections import deque

import networkx as nx


def _shortest_path_counts(graph: nx.Graph, source: str) -> tuple[dict[str, int], dict[str, int]]:
    """Breadth-first: each node's distance from ``source`` and its number of shortest paths."""
    distance = {source: 0}
    paths = {source: 1}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        for other in graph.neighbors(node):
            if other not in distance:
                distance[other] = distance[node] + 1
                paths[other] = 0
                queue.append(other)
            if distance[other] == distance[node] + 1:
                paths[other] += paths[node]
    return distance, paths


def fabric_metrics(graph: nx.MultiGraph, fabric: str) -> dict[str, object]:
    edges = [(a, b, d) for a, b, d in graph.edges(data=True) if d.get("fabric") == fabric]
    sub = nx.MultiGraph()
    sub.add_edges_from(edges)
    kinds = {n: graph.nodes[n].get("kind") for n in sub.nodes}
    switches = {n for n, k in kinds.items() if k == "switch"}
    endpoints = [n for n in sub.nodes if n not in switches]
    # tiers: leaves touch endpoints, each next tier is one hop further from them
    tier_of: dict[str, int] = {}
    frontier = {s for e in endpoints for s in sub.neighbors(e) if s in switches}
    level = 0
    while frontier:
        for s in frontier:
            tier_of[s] = level
        frontier = {o for s in frontier for o in sub.neighbors(s) if o in switches and o not in tier_of}
        level += 1
    leaves = sorted(s for s, t in tier_of.items() if t == 0)
    # the switch graph with parallel cables as capacity
    simple = nx.Graph()
    for a, b, d in edges:
        if a in switches and b in switches:
            speed = float(d.get("speed_gbps") or 0.0)
            if simple.has_edge(a, b):
                simple[a][b]["capacity"] += speed
                simple[a][b]["links"] += 1
            else:
                simple.add_edge(a, b, capacity=speed, links=1)
    simple.add_nodes_from(switches)
    paths_min = paths_max = None
    longest = 0
    for leaf in leaves:
        distance, paths = _shortest_path_counts(simple, leaf)
        for other in leaves:
            if other == leaf or other not in distance:
                continue
            longest = max(longest, distance[other])
            count = paths[other]
            paths_min = count if paths_min is None else min(paths_min, count)
            paths_max = count if paths_max is None else max(paths_max, count)
    cut_points = sorted(nx.articulation_points(simple)) if simple.number_of_nodes() else []
    bridges = list(nx.bridges(simple)) if simple.number_of_nodes() else []
    bisection = None
    if len(leaves) >= 2:
        half = len(leaves) // 2
        flow = simple.copy()
        for leaf in leaves[:half]:
            flow.add_edge("_source", leaf, capacity=float("inf"))
        for leaf in leaves[half:]:
            flow.add_edge(leaf, "_sink", capacity=float("inf"))
        bisection = nx.maximum_flow_value(flow, "_source", "_sink")
    return {
        "fabric": fabric, "endpoints": len(endpoints), "switches": len(switches), "links": len(edges),
        "tiers": {str(t): sum(1 for v in tier_of.values() if v == t) for t in sorted(set(tier_of.values()))},
        "ecmp_paths": [paths_min, paths_max], "max_hops": longest + 2 if leaves else 0,
        "single_points_of_failure": len(cut_points), "bridges": len(bridges), "bisection_gbps": bisection,
    }


def main(path: str) -> None:
    graph = nx.read_graphml(path, force_multigraph=True)
    fabrics = sorted({d.get("fabric") for _a, _b, d in graph.edges(data=True) if d.get("fabric")})
    print(json.dumps([fabric_metrics(graph, f) for f in fabrics]))


if __name__ == "__main__":
    main(sys.argv[1])
