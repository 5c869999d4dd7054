"""The patching layer of the rack elevations: every cable of the racks shown, drawn from its
port's cage — inside one rack out to the side and back in; to another rack of the row up to
the tray line above the racks, along it and down into the other cage; to a rack not drawn
here straight up to the tray, where it leaves the row (``designer.fabric.routes``). One path
per fabric, coloured by the fabric's role, so a row of 40 DGX with 1,500 cables is a handful
of scene items.

Toggled by the Racks tab's "Patching" box; drawn after the faceplates (``RackRowView``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from designer.model.hardware import split_lane

# by the fabric's role; a fabric without a known role is drawn grey
ROLE_COLOURS = {
    "compute": QColor(26, 115, 232, 170),
    "storage": QColor(208, 138, 46, 190),
    "inband": QColor(63, 159, 111, 190),
    "oob": QColor(110, 110, 110, 190),
}
OTHER = QColor(150, 150, 150, 170)
PATCH_Z = 15  # above the devices and their faceplates, under the legend
TRAY_GAP = 6.0  # the tray line above the rack tops, px
TRAY_STEP = 3.0  # one lane per fabric


def cage_points(view) -> dict[tuple[str, str], QPointF]:
    """(device, port) -> the scene point of its cage's centre, for every port drawn."""
    points: dict[tuple[str, str], QPointF] = {}
    for name, items in view.device_items.items():
        for item in items:
            plate = getattr(item, "faceplate", None)
            if plate is None:
                continue
            for (_cage, _number, ports), rect in zip(plate.cages, plate.cage_rects()):
                centre = plate.mapToScene(rect.center())
                for port in ports:
                    points[(name, port)] = centre
    return points


def draw_patching(view) -> list[QGraphicsPathItem]:
    """The row's cables as paths, one per fabric; returns the items added to the scene."""
    index = view.doc.index
    points = cage_points(view)
    fabrics = {f.name: f for f in index.design.fabrics}
    tops = {slot.rack: slot.rect.top() for slot in view.faces}
    paths: dict[str | None, QPainterPath] = {}
    lanes: dict[str | None, float] = {}
    seen: set[int] = set()
    for name in view.device_items:
        for link in index.links_by_device.get(name, []):
            if id(link) in seen:
                continue
            seen.add(id(link))
            a = points.get((link.a.device, split_lane(link.a.port)[0]))
            b = points.get((link.b.device, split_lane(link.b.port)[0]))
            if a is None and b is None:
                continue
            if link.fabric not in paths:
                paths[link.fabric] = QPainterPath()
                lanes[link.fabric] = TRAY_GAP + TRAY_STEP * (len(lanes) % 6)  # each fabric its tray lane
            path, lane = paths[link.fabric], lanes[link.fabric]
            rack_a = index.devices[link.a.device].rack
            rack_b = index.devices[link.b.device].rack
            if a is not None and b is not None:
                path.moveTo(a)
                if rack_a == rack_b:
                    # a patch inside the rack: out to the side and back in
                    bend = max(a.x(), b.x()) + 12
                    path.cubicTo(QPointF(bend, a.y()), QPointF(bend, b.y()), b)
                else:
                    # to another rack of the row: up to the tray, along it, down into the cage
                    tray = min(tops.get(rack_a, a.y()), tops.get(rack_b, b.y())) - lane
                    path.lineTo(QPointF(a.x(), tray))
                    path.lineTo(QPointF(b.x(), tray))
                    path.lineTo(b)
                continue
            start, rack = (a, rack_a) if a is not None else (b, rack_b)
            path.moveTo(start)
            path.lineTo(QPointF(start.x(), tops.get(rack, start.y()) - lane))  # up, out to the tray
    items = []
    for fabric, path in paths.items():
        role = fabrics[fabric].role if fabric in fabrics else None
        pen = QPen(ROLE_COLOURS.get(role, OTHER), 1.2)
        pen.setCosmetic(True)
        item = view.scene().addPath(path, pen)
        item.setZValue(PATCH_Z)
        item.setData(0, f"patching:{fabric}")
        items.append(item)
    return items


def legend_entries(t, view) -> list[tuple[QColor, str, str]]:
    """The patching colours of the fabrics the design has, for the row's legend."""
    roles = dict.fromkeys(f.role for f in view.doc.index.design.fabrics)
    return [(ROLE_COLOURS.get(role, OTHER), t(f"patching.role.{role}"), "fill") for role in roles
            if role in ROLE_COLOURS]
