"""Equal-cost paths, ECMP next hops and hop counts between the leaves of a fabric.

Definitions (also in the README):
- ECMP paths between two leaves count shortest switch paths, parallel links counted
  separately, by breadth-first path counting from one leaf of every group of
  identically cabled leaves; nothing is enumerated. ECMP next hops are what a leaf's
  ECMP group toward another leaf holds: its links to neighbours that begin a
  shortest path there.
- Hops count links from endpoint to endpoint.
"""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass

from designer.fabric.topology import TIER_RANK, Topology


# a leaf's cabling: (neighbour, cable count) per neighbour
_LeafSignature = tuple[tuple[str, int], ...]
# a switch's cabling from its pod: its mark, (outside neighbour, count)s, (count, inside mark)s
_SwitchSignature = tuple[int, tuple[tuple[str, int], ...], tuple[tuple[int, int], ...]]


def _leaf_classes(topo: Topology) -> dict[_LeafSignature, list[str]]:
    classes: dict[_LeafSignature, list[str]] = defaultdict(list)
    for leaf in topo.of_tier("leaf"):
        signature = tuple(sorted((n, c) for n, (c, _bw) in topo.adjacency[leaf].items()))
        classes[signature].append(leaf)
    return classes


def count_paths(topo: Topology, source: str) -> tuple[dict[str, int], dict[str, int]]:
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
    """``count_paths`` plus, for every switch reached, which of the source's neighbours
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


def _switch_signature(topo: Topology, switch: str, pod: set[str], marks: dict[str, int]) -> _SwitchSignature:
    """A switch's cabling as seen from its pod: its neighbours outside the pod by name
    (the cores a twin pod must share), those inside by their ``marks``."""
    outside: list[tuple[str, int]] = []
    inside: list[tuple[int, int]] = []
    for neighbour, (count, _bw) in topo.adjacency[switch].items():
        mark = marks.get(neighbour)
        if mark is None:
            outside.append((neighbour, count))
        else:
            inside.append((count, mark))
    outside.sort()
    inside.sort()
    return (marks[switch], tuple(outside), tuple(inside))


def twin_pods(topo: Topology) -> set[int]:
    """The pods (indexes into ``topo.pods``) that mirror an earlier pod: swapping the two
    pods' switches one for one maps every cable to a cable (same count, same cores), so
    every figure measured from a leaf of the twin equals one measured from the earlier
    pod. The one-for-one map is guessed, by name order within each tier where every pod
    mirrors the first that way (generated fabrics: a third of the signatures' cost), else
    from cabling signatures, and verified cable by cable either way; a pod whose map does
    not verify is measured on its own (irregular fabrics take the general path)."""
    if not topo.of_tier("core") or len(topo.pods) < 2:
        return set()
    by_name = _twins_by_name(topo)
    return by_name if by_name is not None else _twins_by_signature(topo)


def _twins_by_name(topo: Topology) -> set[int] | None:
    """Every pod but the first, when each mirrors the first switch for switch in name order
    within each tier (the generator names its pods alike: the k-th spine of every pod goes to
    the same cores); None when one does not, and the signatures guess the map."""
    tiers = topo.tiers
    orders = [sorted(pod, key=lambda s: (TIER_RANK[tiers[s]], s)) for pod in topo.pods]
    first = orders[0]
    shape = [tiers[s] for s in first]
    # pods of other sizes or tier mixes first, before any cable is compared
    if any(len(order) != len(first) or [tiers[s] for s in order] != shape for order in orders[1:]):
        return None
    if not all(_mirrors(topo, first, order) for order in orders[1:]):
        return None
    return set(range(1, len(orders)))


def _twins_by_signature(topo: Topology) -> set[int]:
    """``twin_pods`` with the one-for-one map guessed from cabling signatures, each pod against
    the first pod cabled alike."""
    figures = topo.figures
    first_of: dict[tuple[int, ...], int] = {}  # a pod's marks in order -> the first pod with them
    orders: dict[int, list[str]] = {}
    twins: set[int] = set()
    # a signature -> a small number, the same in every pod: the next round sorts numbers
    # (tier, has endpoints) in the first round, a _SwitchSignature in the next
    numbers: dict[tuple[object, ...], int] = {}

    def number(signature: tuple[object, ...]) -> int:
        found = numbers.get(signature)
        if found is None:
            found = numbers[signature] = len(numbers)
        return found

    for i, pod in enumerate(topo.pods):
        marks = {s: number((topo.tiers[s], figures[s].down_links > 0)) for s in pod}
        for _round in range(2):
            marks = {s: number(_switch_signature(topo, s, pod, marks)) for s in pod}
        order = sorted(pod, key=lambda s: (marks[s], s))
        key = tuple(marks[s] for s in order)
        orders[i] = order
        earlier = first_of.get(key)
        if earlier is None:
            first_of[key] = i
        elif _mirrors(topo, orders[earlier], order):
            twins.add(i)
    return twins


def _mirrors(topo: Topology, first: list[str], second: list[str]) -> bool:
    """Is swapping ``first[k]`` with ``second[k]`` (every other switch staying) an
    automorphism of the switch graph that keeps which leaves have endpoints? Cables are
    compared by count and bandwidth, the adjacency as it stands (no count-only copy of
    each switch's): a pod that differs from its twin only in bandwidth is measured on its
    own, which gives the same figures."""
    swap = dict(zip(first, second))
    swap.update(zip(second, first))
    adjacency, figures = topo.adjacency, topo.figures
    swap_get = swap.get
    for switch, image in swap.items():
        if (figures[switch].down_links > 0) != (figures[image].down_links > 0):
            return False
        if {swap_get(n, n): cables for n, cables in adjacency[switch].items()} != adjacency[image]:
            return False
    return True


def ecmp_figures(topo: Topology, use_symmetry: bool = True) -> EcmpFigures:
    """Between endpoints on different leaves: shortest switch paths (parallel links
    multiply), equal-cost next hops (the links from the source leaf to neighbours that
    begin a shortest path: the members of its ECMP group toward that leaf, which is what
    the switch hashes flows across), the longest shortest path and whether some leaf
    cannot be reached.

    One breadth-first pass per class of identically cabled leaves, and none for the
    leaves of a pod that mirrors an earlier one (``twin_pods``): its figures are the
    earlier pod's. ``use_symmetry=False`` measures every class (the general path)."""
    figures = EcmpFigures()
    leaves = [l for l in topo.of_tier("leaf") if topo.figures[l].down_links > 0]
    if len(leaves) < 2:
        figures.max_hops = 2 if leaves else 0
        return figures
    longest = 0
    leaf_set = set(leaves)
    paths_seen: list[int] = []
    hops_seen: list[int] = []
    mirrored: set[str] = set()
    if use_symmetry:
        for i in twin_pods(topo):
            mirrored |= topo.pods[i]
    for members in _leaf_classes(topo).values():
        # a leaf without endpoints can share its cabling with ones that have them
        source = next((m for m in members if m in leaf_set), None)
        if source is None or source in mirrored:
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
