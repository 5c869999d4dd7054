"""A chosen cable's run drawn on the floor plan: a part of ``FloorView`` (a mixin, as
``RackDrawing`` is for the elevation), apart so that the view's module stays about the plan
itself. The run is the path ``designer.fabric.routes`` measures a cable's length along."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from designer.fabric.routes import floor_run_mm, route_points_mm
from designer.ui import language, style


class FloorRoutes:
    """Needs the view's ``doc``, ``scene()``, ``room_offsets``, ``items_by_rack`` and a
    ``route_items`` list (the items of the run shown, cleared with the scene)."""

    def show_route(self, device_a: str | None, device_b: str | None) -> QGraphicsPathItem | None:
        """The chosen cable's run on the floor (``designer.fabric.routes.route_points_mm``,
        the path its length is measured along), with both racks outlined (one rack: only it
        outlined); ends not both racked, or in two rooms: nothing. Returns the path item."""
        index = self.doc.index
        ends = [index.devices.get(name) for name in (device_a, device_b) if name]
        racks = [d.rack for d in ends if d is not None and d.rack in index.racks]
        return self.show_rack_route(*racks) if len(racks) == 2 else self.show_rack_route()

    def show_rack_route(self, rack_a: str | None = None, rack_b: str | None = None) -> QGraphicsPathItem | None:
        """The run between two racks (a chosen cable's ends, or two racks selected together),
        labelled with its length along the floor; no racks: the run shown is cleared."""
        for item in self.route_items:
            if item.scene() is not None:
                self.scene().removeItem(item)
        self.route_items = []
        index = self.doc.index
        if rack_a is None or rack_b is None or rack_a not in index.racks or rack_b not in index.racks:
            return None
        if index.racks[rack_a].room != index.racks[rack_b].room:
            return None  # between rooms: the tray path is not modelled on the floor
        ox, oy = self.room_offsets.get(index.racks[rack_a].room, (0.0, 0.0))
        pen = QPen(style.SELECTION, 3, Qt.DashLine)
        pen.setCosmetic(True)  # as thick at any zoom
        route = None
        if rack_a != rack_b:  # a cable inside one rack: that rack outlined, no run
            run_mm = route_points_mm(index, rack_a, rack_b)
            points = [QPointF(x + ox, y + oy) for x, y in run_mm]
            path = QPainterPath(points[0])
            for point in points[1:]:
                path.lineTo(point)
            route = self.scene().addPath(path, pen)
            route.setZValue(30)  # above the racks
            self.route_items.append(route)
            t = language.current()
            label = self.scene().addSimpleText(t("floor.route", length=t.num(floor_run_mm(run_mm) / 1000, 1)),
                                               QFont("Sans", 180))
            label.setBrush(style.SELECTION)
            label.setPos(points[1] if len(points) > 2 else (points[0] + points[-1]) / 2)
            label.setZValue(31)
            self.route_items.append(label)
        for name in dict.fromkeys((rack_a, rack_b)):
            item = self.items_by_rack.get(name)
            if item is not None:
                mark = self.scene().addRect(item.rect().translated(item.pos()), pen)
                mark.setZValue(30)
                self.route_items.append(mark)
        return route
