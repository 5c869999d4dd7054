"""The design as a draw.io (diagrams.net) file: floor plan, rack elevations and tier
topology, one page each, editable shapes rather than a picture.

Format (drawio.com/doc/faq/drawio-file-format-and-xml, and the mxGraph model it stores):
an ``<mxfile>`` of ``<diagram name=...>`` pages, each holding an uncompressed
``<mxGraphModel><root>`` whose cells are ``<mxCell id=... parent=...>``; cell ``0`` is the
root and cell ``1`` (parent ``0``) the default layer. A shape is a cell with
``vertex="1"``, a ``style`` and an ``<mxGeometry x y width height as="geometry"/>``; a
connector is a cell with ``edge="1" source=<id> target=<id>`` and an ``<mxGeometry
relative="1" as="geometry"/>``. A child's geometry is relative to its parent (a device
inside its rack, a rack inside its room). draw.io opens uncompressed pages as they are.

- **Floor plan**: each room a rectangle (1 px = 10 mm), rooms side by side; each rack to
  scale at its floor position, turned when it faces east or west, named and filled by what
  it holds (GPU, network, storage, other).
- **Elevations**: a row of racks per room and row, each rack its U height (1 U = 12 px),
  front-face devices at their U (rear-face devices in a second column), named; PDUs and
  other zero-U parts listed under the rack.
- **Topology**: the GraphML layout's rows (``graphml.tier_layout``: cores, spines,
  leaves, other switches, endpoints); one connector per pair of devices, labelled with its
  cable count when above one (thousands of parallel cables would hide the picture).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from designer.model.index import DesignIndex
from designer.report.handover.fabric_view import natural
from designer.report.handover.i18n_handover import say

MM_PER_PX = 10.0
U_PX = 12.0
RACK_PX = 120.0
_FILLS = {"gpu": "#CFE2F3", "network": "#FCE5CD", "storage": "#D9EAD3", "other": "#F3F3F3"}
_KIND_FILLS = {"server": "#CFE2F3", "switch": "#FCE5CD", "storage": "#D9EAD3", "pdu": "#EEEEEE", "other": "#F3F3F3"}


class _Page:
    def __init__(self, name: str, page_id: str) -> None:
        self.diagram = ET.Element("diagram", {"name": name, "id": page_id})
        model = ET.SubElement(self.diagram, "mxGraphModel", {"grid": "1", "gridSize": "10", "page": "0"})
        self.root = ET.SubElement(model, "root")
        ET.SubElement(self.root, "mxCell", {"id": "0"})
        ET.SubElement(self.root, "mxCell", {"id": "1", "parent": "0"})
        self.count = 0

    def _id(self) -> str:
        self.count += 1
        return f"c{self.count}"

    def box(self, label: str, x: float, y: float, w: float, h: float, style: str, parent: str = "1") -> str:
        cell_id = self._id()
        cell = ET.SubElement(self.root, "mxCell", {"id": cell_id, "value": label, "style": style, "vertex": "1",
                                                  "parent": parent})
        ET.SubElement(cell, "mxGeometry", {"x": f"{x:g}", "y": f"{y:g}", "width": f"{max(w, 1):g}",
                                           "height": f"{max(h, 1):g}", "as": "geometry"})
        return cell_id

    def edge(self, source: str, target: str, label: str = "") -> str:
        cell_id = self._id()
        cell = ET.SubElement(self.root, "mxCell", {"id": cell_id, "value": label, "edge": "1", "parent": "1",
                                                  "source": source, "target": target,
                                                  "style": "endArrow=none;html=1;strokeColor=#888888;"})
        ET.SubElement(cell, "mxGeometry", {"relative": "1", "as": "geometry"})
        return cell_id


def _style(fill: str, extra: str = "", font_size: float = 9) -> str:
    return f"rounded=0;whiteSpace=wrap;html=1;fillColor={fill};strokeColor=#333333;fontSize={font_size:g};{extra}"


def _rack_role(index: DesignIndex, rack: str) -> str:
    kinds = {index.type_of(d).kind for d in index.devices_by_rack.get(rack, [])}
    gpus = any(index.type_of(d).gpu_count for d in index.devices_by_rack.get(rack, []))
    return "gpu" if gpus else "storage" if "storage" in kinds else "network" if "switch" in kinds else "other"


def _floor(index: DesignIndex, lang: str) -> _Page:
    from designer.report.drawings.floorplan import footprint

    page = _Page(say(lang, "drawio.floor"), "floor-plan")
    x_offset = 0.0
    for room in index.design.site.rooms:
        racks = index.racks_by_room.get(room.name, [])
        boxes = [footprint(r, index.rack_type_of(r)) for r in racks]
        x0 = min([0.0] + [b.x0 for b in boxes])
        y0 = min([0.0] + [b.y0 for b in boxes])
        x1 = max([room.width_mm] + [b.x1 for b in boxes])
        y1 = max([room.depth_mm] + [b.y1 for b in boxes])
        room_id = page.box(room.name, x_offset, 0, (x1 - x0) / MM_PER_PX, (y1 - y0) / MM_PER_PX,
                           _style("#FFFFFF", "verticalAlign=top;align=left;spacingLeft=4;", 12))
        for box in boxes:
            page.box(box.rack.name, (box.x0 - x0) / MM_PER_PX, (box.y0 - y0) / MM_PER_PX,
                     (box.x1 - box.x0) / MM_PER_PX, (box.y1 - box.y0) / MM_PER_PX,
                     _style(_FILLS[_rack_role(index, box.rack.name)], font_size=7), parent=room_id)
        x_offset += (x1 - x0) / MM_PER_PX + 100
    return page


def _elevations(index: DesignIndex, lang: str) -> _Page:
    page = _Page(say(lang, "drawio.elevations"), "elevations")
    rows: dict[tuple, list] = {}
    for rack in index.design.racks:
        rows.setdefault((natural(rack.room), natural(rack.row)), []).append(rack)
    y = 0.0
    for key in sorted(rows):
        racks = sorted(rows[key], key=lambda r: natural(r.name))
        tallest = max(index.rack_type_of(r).u_height for r in racks)
        page.box(say(lang, "drawio.row", room=racks[0].room, row=racks[0].row or "-"), 0, y, 300, 20,
                 "text;html=1;fontSize=12;fontStyle=1;align=left;")
        y += 24
        for n, rack in enumerate(racks):
            rack_type = index.rack_type_of(rack)
            x = n * (2 * RACK_PX + 40)
            height = rack_type.u_height * U_PX
            top = y + (tallest - rack_type.u_height) * U_PX
            rack_id = page.box(rack.name, x, top, 2 * RACK_PX, height,
                               _style("#FFFFFF", "verticalAlign=top;labelPosition=center;verticalLabelPosition=top;"))
            zero_u = []
            for device in sorted(index.devices_by_rack.get(rack.name, []), key=lambda d: natural(d.name)):
                device_type = index.type_of(device)
                if device.position_u is None or device_type.u_height == 0:
                    zero_u.append(device.name)
                    continue
                u_top = device.position_u + device_type.u_height - 1
                dy = (rack_type.u_height - u_top) * U_PX
                dx = RACK_PX if device.face == "rear" else 0.0
                page.box(f"{device.name} ({device.position_u})", dx, dy, RACK_PX, device_type.u_height * U_PX,
                         _style(_KIND_FILLS.get(device_type.kind, "#FFFFFF"), font_size=7), parent=rack_id)
            if zero_u:
                page.box(", ".join(zero_u), x, top + height + 4, 2 * RACK_PX, 14 * (1 + len(zero_u) // 4),
                         "text;html=1;fontSize=7;align=left;whiteSpace=wrap;")
        y += tallest * U_PX + 80
    return page


def _topology(index: DesignIndex, lang: str) -> _Page:
    from designer.report.graphml import NODE_H, NODE_W, tier_layout, topology_graph

    page = _Page(say(lang, "drawio.topology"), "topology")
    graph = topology_graph(index)
    positions = tier_layout(graph)
    ids = {}
    for name in sorted(graph.nodes, key=natural):
        x, y = positions[name]
        ids[name] = page.box(name, x, y, NODE_W, NODE_H,
                             _style(_KIND_FILLS.get(graph.nodes[name].get("kind", ""), "#FFFFFF"), font_size=8))
    pairs = Counter(tuple(sorted((a, b), key=natural)) for a, b in graph.edges())
    for (a, b), count in sorted(pairs.items()):
        page.edge(ids[a], ids[b], str(count) if count > 1 else "")
    return page


def drawio_file(index: DesignIndex, lang: str = "en") -> str:
    mxfile = ET.Element("mxfile", {"host": "Cluster Designer", "type": "device"})
    for page in (_floor(index, lang), _elevations(index, lang), _topology(index, lang)):
        mxfile.append(page.diagram)
    ET.indent(mxfile)
    return ET.tostring(mxfile, encoding="unicode", xml_declaration=True) + "\n"
