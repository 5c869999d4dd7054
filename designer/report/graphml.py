"""Topology as GraphML for yEd, Gephi or networkx.

Nodes are devices (kind, tier, device type, rack, fabric); edges are links with
speed, media, length and fabric. Tiers are the analysis's, derived from the links.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from designer.errors import ExportError
from designer.fabric.analysis import build_topology
from designer.fabric.graph import build_fabric_graph, fabric_links, link_fabric
from designer.model.index import DesignIndex
from designer.model.io import write_atomic


def topology_graph(index: DesignIndex) -> nx.MultiGraph:
    graph = nx.MultiGraph(name=index.design.name)
    tiers: dict[str, str] = {}
    grouped = fabric_links(index)
    for fabric in index.design.fabrics:
        topo = build_topology(index, build_fabric_graph(index, fabric.name, grouped.get(fabric.name, [])))
        for switch, tier in topo.tiers.items():
            # a switch keeps the tier of the fabric it switches in (its own fabric first)
            if index.devices[switch].fabric in (None, fabric.name) or switch not in tiers:
                tiers[switch] = tier
    for device in index.design.devices:
        device_type = index.type_of(device)
        graph.add_node(
            device.name,
            kind=device_type.kind,
            tier=tiers.get(device.name, "endpoint" if device_type.kind != "switch" else ""),
            device_type=device_type.slug,
            rack=device.rack or "",
            fabric=device.fabric or "",
            gpus=device_type.gpu_count,
        )
    ports = index.ports
    for link in index.design.links:
        if link.a.device not in index.devices or link.b.device not in index.devices:
            continue
        speeds = [ports.speed_gbps(link.a.device, link.a.port), ports.speed_gbps(link.b.device, link.b.port)]
        known = [s for s in speeds if s is not None]
        graph.add_edge(
            link.a.device,
            link.b.device,
            a_port=link.a.port,
            b_port=link.b.port,
            fabric=link_fabric(index, link) or "",
            speed_gbps=float(min(known)) if known else 0.0,
            media=link.media or "",
            length_m=float(link.length_m or 0.0),
        )
    return graph


def write_graphml(index: DesignIndex, path: str | Path) -> None:
    path = Path(path)
    graph = topology_graph(index)
    try:
        text = "\n".join(nx.generate_graphml(graph, prettyprint=True)) + "\n"
    except nx.NetworkXError as exc:
        raise ExportError(f"cannot be written as GraphML: {exc}", file=path) from None
    write_atomic(path, text.encode("utf-8"))
