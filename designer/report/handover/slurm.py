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

A Slurm node is a host: a GPU server, or one compute tray of a rack-scale system (GB200 /
GB300 NVL72: 18 trays of 4 GPUs, each running its own OS; NVIDIA DGX GB Rack Scale Systems
User Guide, "Compute Trays"). A tray is named ``<system>-tray<NN>`` (``node001-tray01``) and
owns its share of the system's compute ports in tray order (``gpu_hosts``), as the generator
cables them (designer/fabric/rack_scale.py).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Host:
    """One Slurm node: a GPU server, or a compute tray of a rack-scale system."""

    name: str
    device: str  # the design's device it is (or is a tray of)
    tray: int | None  # 1-based tray number in a rack-scale system; None: the server itself
    gpus: int
    ports: frozenset[str] | None  # the device's compute ports this host owns; None: all of them


TRAY_NAME = "{device}-tray{tray:02d}"


def gpu_hosts(index: DesignIndex) -> list[Host]:
    """Every Slurm node of the design, by device name (trays in tray order)."""
    hosts: list[Host] = []
    for device in sorted(index.design.devices, key=lambda d: natural(d.name)):
        device_type = index.type_of(device)
        if not device_type.is_gpu_server:
            continue
        rs = device_type.rack_scale
        if rs is None:
            hosts.append(Host(device.name, device.name, None, device_type.gpu_count, None))
            continue
        ports = [p for g in device_type.port_groups if g.role == "compute" for p in g.port_names()]
        per_tray = len(ports) // rs.compute_trays
        for t in range(rs.compute_trays):
            hosts.append(Host(TRAY_NAME.format(device=device.name, tray=t + 1), device.name, t + 1,
                              rs.gpus_per_tray, frozenset(ports[t * per_tray:(t + 1) * per_tray])))
    return hosts


def host_leaf_links(index: DesignIndex, fabric, hosts: list[Host]) -> dict[str, Counter]:
    """host -> {leaf: compute links to it}: a server's by the fabric graph, a tray's by the
    links on its own ports."""
    topo = fabric.topology
    leaves = set(topo.of_tier("leaf"))
    out: dict[str, Counter] = {host.name: Counter() for host in hosts}
    trays: dict[tuple[str, str], str] = {(h.device, p): h.name for h in hosts if h.ports for p in h.ports}
    if trays:
        for link in index.design.links:
            if link.fabric != fabric.name:
                continue
            for end, other in ((link.a, link.b), (link.b, link.a)):
                host = trays.get((end.device, end.port))
                if host is not None and other.device in leaves:
                    out[host][other.device] += 1
    endpoint_switches = topo.graph.endpoint_switches
    for host in hosts:
        if host.ports is None:
            out[host.name] = Counter(s for s in endpoint_switches.get(host.name, []) if s in leaves)
    return out


def home_leaves(index: DesignIndex, fabric=None, what: str = "Slurm topology", *, trays: bool = False):
    """(fabric, {leaf: [servers]}, [servers on no leaf]): each GPU server under the leaf it
    has most compute links to (the first by name on a tie), in the first compute plane.
    ``trays``: each Slurm node instead (``gpu_hosts``: a rack-scale system's compute trays)."""
    fabric = fabric or compute_fabrics(index, what)[0]
    hosts = gpu_hosts(index)
    if not trays:
        hosts = [Host(h.device, h.device, None, h.gpus, None) for h in hosts if h.tray in (None, 1)]
    home: dict[str, list[str]] = {}
    unplaced = []
    for host, counts in host_leaf_links(index, fabric, hosts).items():
        if not counts:
            unplaced.append(host)
            continue
        best = max(counts.values())
        leaf = min((s for s, c in counts.items() if c == best), key=natural)
        home.setdefault(leaf, []).append(host)
    return fabric, home, unplaced


def topology_conf(index: DesignIndex) -> str:
    fabric, home, unplaced = home_leaves(index, trays=True)
    topo = fabric.topology
    if not home:
        raise ExportError(f"no GPU server is cabled to the {fabric.name} fabric, so Slurm has no node to place",
                          hint="cable the servers' compute ports (designer new does) or leave out --slurm")
    lines = [
        f"# Slurm topology.conf (topology/tree) for the {fabric.name} fabric of {index.design.name or 'the design'};",
        "# written by Cluster Designer. Each GPU server (a rack-scale system: each compute tray) under its home leaf;",
        "# pod switches stand for a pod's spines.",
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
