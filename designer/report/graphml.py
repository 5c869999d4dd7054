"""Topology as GraphML for yEd, Gephi or networkx.

Nodes are devices (kind, tier, device type, rack, fabric); edges are links with
speed, media, length and fabric. Tiers are the analysis's, derived from the links.

So that yEd opens it laid out, every node also carries yEd's graphics extension (the
``yfiles.type="nodegraphics"`` key of the yFiles GraphML extension, namespace
``http://www.yworks.com/xml/graphml``): a ``y:ShapeNode`` with its ``y:Geometry`` (x, y,
width, height) and ``y:NodeLabel`` (the device name), and every edge a ``y:PolyLineEdge``
with its ``y:EdgeLabel`` (the two ports). Positions are ``tier_layout``'s: one row per tier,
cores at the top, then spines, leaves, other switches, endpoints, and devices without
links at the bottom; within a row by fabric and name. networkx's reader maps the same
extension to node attributes ``label``, ``x`` and ``y``.
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


TIER_ROWS = ("core", "spine", "leaf", "", "endpoint")
NODE_W, NODE_H = 90.0, 30.0
GAP_X, GAP_Y = 30.0, 160.0
_KIND_COLOURS = {"server": "#CFE2F3", "switch": "#FCE5CD", "storage": "#D9EAD3", "pdu": "#EEEEEE", "other": "#F3F3F3"}
YED_NS = "http://www.yworks.com/xml/graphml"


def _natural(text: str) -> tuple:
    import re

    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def tier_layout(graph: nx.MultiGraph) -> dict[str, tuple[float, float]]:
    """Top-left corner of each node: a row per tier (cores at the top), devices without a
    link in a last row; in a row by fabric, then name. Rows are centred on the widest."""
    rows: dict[int, list[str]] = {}
    for name, data in graph.nodes(data=True):
        tier = data.get("tier", "")
        row = len(TIER_ROWS) if graph.degree(name) == 0 else (
            TIER_ROWS.index(tier) if tier in TIER_ROWS else TIER_ROWS.index(""))
        rows.setdefault(row, []).append(name)
    widest = max((len(r) for r in rows.values()), default=0) * (NODE_W + GAP_X)
    positions = {}
    for y, row in enumerate(sorted(rows)):
        names = sorted(rows[row], key=lambda n: (graph.nodes[n].get("fabric", ""), _natural(n)))
        offset = (widest - len(names) * (NODE_W + GAP_X)) / 2
        for x, name in enumerate(names):
            positions[name] = (offset + x * (NODE_W + GAP_X), y * GAP_Y)
    return positions


def _add_yed_graphics(text: str, graph: nx.MultiGraph) -> str:
    """The yFiles extension added to networkx's GraphML (its own keys stay as they are)."""
    import xml.etree.ElementTree as ET

    ns = "http://graphml.graphdrawing.org/xmlns"
    ET.register_namespace("", ns)
    ET.register_namespace("y", YED_NS)
    ET.register_namespace("xsi", "http://www.w3.org/2001/XMLSchema-instance")
    root = ET.fromstring(text)
    graph_el = root.find(f"{{{ns}}}graph")
    first = list(root).index(graph_el)
    root.insert(first, ET.Element(f"{{{ns}}}key", {"id": "yed_node", "for": "node", "yfiles.type": "nodegraphics"}))
    root.insert(first + 1, ET.Element(f"{{{ns}}}key", {"id": "yed_edge", "for": "edge", "yfiles.type": "edgegraphics"}))
    positions = tier_layout(graph)
    y = f"{{{YED_NS}}}"
    port_keys = {k.get("attr.name"): k.get("id") for k in root.findall(f"{{{ns}}}key") if k.get("for") == "edge"}
    for node in graph_el.iter(f"{{{ns}}}node"):
        name = node.get("id")
        x0, y0 = positions[name]
        data = ET.SubElement(node, f"{{{ns}}}data", {"key": "yed_node"})
        shape = ET.SubElement(data, y + "ShapeNode")
        ET.SubElement(shape, y + "Geometry", {"x": f"{x0:g}", "y": f"{y0:g}", "width": f"{NODE_W:g}",
                                             "height": f"{NODE_H:g}"})
        colour = _KIND_COLOURS.get(graph.nodes[name].get("kind", ""), "#FFFFFF")
        ET.SubElement(shape, y + "Fill", {"color": colour, "transparent": "false"})
        label = ET.SubElement(shape, y + "NodeLabel")
        label.text = name
        ET.SubElement(shape, y + "Shape", {"type": "rectangle"})
    for edge in graph_el.iter(f"{{{ns}}}edge"):
        values = {d.get("key"): d.text for d in edge.findall(f"{{{ns}}}data")}
        data = ET.SubElement(edge, f"{{{ns}}}data", {"key": "yed_edge"})
        line = ET.SubElement(data, y + "PolyLineEdge")
        ET.SubElement(line, y + "Arrows", {"source": "none", "target": "none"})
        ports = [values.get(port_keys.get(attr)) or "" for attr in ("a_port", "b_port")]
        label = ET.SubElement(line, y + "EdgeLabel", {"visible": "false"})
        label.text = " - ".join(p for p in ports if p)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def graphml_text(index: DesignIndex) -> str:
    graph = topology_graph(index)
    try:
        text = "\n".join(nx.generate_graphml(graph, prettyprint=False))
    except nx.NetworkXError as exc:
        raise ExportError(f"cannot be written as GraphML: {exc}") from None
    return _add_yed_graphics(text, graph)


def write_graphml(index: DesignIndex, path: str | Path) -> None:
    path = Path(path)
    try:
        text = graphml_text(index)
    except ExportError as exc:
        raise ExportError(exc.message, file=path) from None
    write_atomic(path, text.encode("utf-8"))
