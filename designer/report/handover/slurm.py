"""Slurm ``topology.conf`` for the tree plugin (``TopologyPlugin=topology/tree``).

Format (slurm.schedmd.com/topology.conf.html, topology/tree): one line per switch,
``SwitchName=NAME Nodes=HOSTLIST`` for a leaf and ``SwitchName=NAME Switches=HOSTLIST``
above; hostlists in Slurm's bracket form (``node[001-032]``). Slurm gives each switch one
parent and each node one leaf, so the fabric is mapped onto a tree:

- nodes are the GPU servers on the compute fabric; each is listed once, under its home
  leaf: the leaf it has most compute links to, the first by name on a tie. In a
  rail-optimized fabric every server of a scalable unit reaches the same rail leaves, so
  a unit's servers sit together under its rail-1 leaf, which is what placement needs
  (any two of them are one switch hop apart on every rail);
- a pod's spines, each cabled to every leaf of the pod, are one switch level: the pod
  switch ``<fabric>-pod<N>`` lists the pod's leaves (a two-tier fabric is one pod);
- with cores, ``<fabric>-core`` lists the pods.

Leaves no server calls home are left out (Slurm wants a child on every switch). With
several compute planes (``compute-p1``, ``compute-p2``) the first plane is written: the
planes are cabled alike, and a node may sit under one leaf only.
"""

from __future__ import annotations

import re
from collections import Counter

from designer.errors import ExportError
from designer.model.index import DesignIndex
from designer.report.handover.fabric_view import compute_fabrics, natural


def hostlist(names: list[str]) -> str:
    """Slurm's bracket form: ``["n01", "n02", "n03", "x"]`` -> ``n[01-03],x``."""
    groups: dict[tuple[str, int, str], list[int]] = {}
    plain: list[str] = []
    for name in sorted(set(names), key=natural):
        match = re.fullmatch(r"(.*?)(\d+)([^\d]*)", name)
        if not match or match[3]:
            plain.append(name)
            continue
        groups.setdefault((match[1], len(match[2]), match[3]), []).append(int(match[2]))
    parts = []
    for (prefix, width, _suffix), numbers in groups.items():
        ranges, start = [], numbers[0]
        for prev, cur in zip(numbers, [*numbers[1:], None]):
            if cur != prev + 1:
                ranges.append(f"{start:0{width}d}" if start == prev else f"{start:0{width}d}-{prev:0{width}d}")
                start = cur
        if len(numbers) == 1:
            parts.append(f"{prefix}{numbers[0]:0{width}d}")
        else:
            parts.append(f"{prefix}[{','.join(ranges)}]")
    return ",".join([*parts, *plain])


def home_leaves(index: DesignIndex, fabric=None, what: str = "Slurm topology"):
    """(fabric, {leaf: [servers]}, [servers on no leaf]): each GPU server under the leaf it
    has most compute links to (the first by name on a tie), in the first compute plane."""
    fabric = fabric or compute_fabrics(index, what)[0]
    topo = fabric.topology
    graph = topo.graph
    leaves = set(topo.of_tier("leaf"))
    servers = sorted(
        (d.name for d in index.design.devices
         if index.type_of(d).is_gpu_server), key=natural)
    home: dict[str, list[str]] = {}
    unplaced = []
    for server in servers:
        counts = Counter(s for s in graph.endpoint_switches.get(server, []) if s in leaves)
        if not counts:
            unplaced.append(server)
            continue
        best = max(counts.values())
        leaf = min((s for s, c in counts.items() if c == best), key=natural)
        home.setdefault(leaf, []).append(server)
    return fabric, home, unplaced


def topology_conf(index: DesignIndex) -> str:
    fabric, home, unplaced = home_leaves(index)
    topo = fabric.topology
    if not home:
        raise ExportError(f"no GPU server is cabled to the {fabric.name} fabric, so Slurm has no node to place",
                          hint="cable the servers' compute ports (designer new does) or leave out --slurm")
    lines = [
        f"# Slurm topology.conf (topology/tree) for the {fabric.name} fabric of {index.design.name or 'the design'};",
        "# written by Cluster Designer. Each GPU server under its home leaf; pod switches stand for a pod's spines.",
    ]
    if unplaced:
        lines.append(f"# not on the {fabric.name} fabric, so not listed: {hostlist(unplaced)}")
    pods = [p for p in topo.pods if p & set(home)] or ([set(home)] if home else [])
    pod_names = []
    multiple = len(pods) > 1 or bool(topo.of_tier("core"))
    for n, pod in enumerate(sorted(pods, key=lambda p: natural(min(p & set(home), key=natural))), start=1):
        pod_leaves = sorted((l for l in pod if l in home), key=natural)
        for leaf in pod_leaves:
            lines.append(f"SwitchName={leaf} Nodes={hostlist(home[leaf])}")
        name = f"{fabric.name}-pod{n}"
        pod_names.append(name)
        if len(pod_leaves) > 1 or multiple:
            lines.append(f"SwitchName={name} Switches={hostlist(pod_leaves)}")
    if multiple:
        lines.append(f"SwitchName={fabric.name}-core Switches={hostlist(pod_names)}")
    return "\n".join(lines) + "\n"
