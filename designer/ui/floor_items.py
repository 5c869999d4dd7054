"""The floor plan's scene items: a room's floor and its resize handle, a rack, and the
one-drawing overview of every rack for when they are a few pixels each (``floor_view``
draws them and answers the user; these items know how they look and what a drag means).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from designer.ui import language, style
from designer.ui.commands import MoveRack, MoveRow, SetProperty

if TYPE_CHECKING:  # the view that holds these items (it imports this module)
    from designer.ui.floor_view import FloorView

GRID_MM = 100.0
TILE_MM = 600.0  # a floor tile: Shift+arrow moves a rack by one
# level of detail, by how wide a 600 mm rack is on screen: below this the whole floor's
# racks are one drawing (a frame at fit-to-view on 821 racks: one paint call, not 3,000)
OVERVIEW_BELOW_PX = 16.0
# and below this a rack's name and figure are not drawn (they would be a smudge)
LABELS_BELOW_PX = 40.0
RACK_MM = 600.0


def footprint(rack_type, facing: str | None) -> tuple[float, float]:
    """(x, y) extent of a rack on the floor: turned east or west, its depth runs along x."""
    if facing in ("east", "west"):
        return rack_type.depth_mm, rack_type.width_mm
    return rack_type.width_mm, rack_type.depth_mm


class RoomHandle(QGraphicsRectItem):
    """The corner of the selected room: dragged, it resizes the room (width and depth on
    the 100 mm grid, one undo step)."""

    SIZE_MM = 600.0

    def __init__(self, view: FloorView, room_name: str, corner: QPointF) -> None:
        half = self.SIZE_MM / 2
        super().__init__(-half, -half, self.SIZE_MM, self.SIZE_MM)
        self.view = view
        self.room_name = room_name
        self.setPos(corner)
        self.setBrush(style.SELECTION)
        self.setPen(QPen(QColor("#333"), 20))
        self.setFlags(QGraphicsItem.ItemIsMovable)
        self.setCursor(Qt.SizeFDiagCursor)
        self.setZValue(50)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        self.resized()

    def resized(self) -> None:
        doc = self.view.doc
        room = next((r for r in doc.design.site.rooms if r.name == self.room_name), None)
        if room is None:
            return
        ox, oy = self.view.room_offsets.get(room.name, (0.0, 0.0))
        width = max(GRID_MM, round((self.pos().x() - ox) / GRID_MM) * GRID_MM)
        depth = max(GRID_MM, round((self.pos().y() - oy) / GRID_MM) * GRID_MM)
        if (width, depth) == (room.width_mm, room.depth_mm):
            return
        t = language.current()
        doc.undo_stack.beginMacro(t("undo.resize_room", room=room.name))
        try:
            for field, value in (("width_mm", width), ("depth_mm", depth)):
                if value != getattr(room, field):
                    doc.push(SetProperty(doc, "room", room.name, field, value))
        finally:
            doc.undo_stack.endMacro()


class RoomItem(QGraphicsRectItem):
    """A room's floor; a click on it (not a drag, which pans) selects the room. The
    selected room can be dragged: let go, it is placed there on the 100 mm grid (its racks
    go with it), one undo step."""

    def __init__(self, view: FloorView, room_name: str, rect: QRectF) -> None:
        super().__init__(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())
        self.view = view
        self.room_name = room_name
        self._press: QPointF | None = None

    def set_draggable(self, on: bool) -> None:
        self.setFlag(QGraphicsItem.ItemIsMovable, on)
        self.setCursor(Qt.SizeAllCursor if on else Qt.ArrowCursor)

    def mousePressEvent(self, event) -> None:
        self._press = self.pos()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        self.dropped()

    def dropped(self) -> None:
        if self._press is None or (self.pos() - self._press).manhattanLength() <= 1:
            return
        x = round(self.pos().x() / GRID_MM) * GRID_MM
        y = round(self.pos().y() / GRID_MM) * GRID_MM
        self._press = None
        self.view.place_room(self.room_name, x, y)


class FloorOverview(QGraphicsItem):
    """Every rack of the floor as one item, for when they are a few pixels each: filled
    in its metric's colour, the selected one outlined. Clicks, hover and double-clicks
    are answered by the view from the racks' places (``FloorView.rack_at``)."""

    def __init__(self, view: FloorView) -> None:
        super().__init__()
        self.view = view
        # colour -> (the colour, rack name -> its place), and each rack's colour
        self.groups: dict[int, tuple[QColor, dict[str, QRectF]]] = {}
        self._colour_of: dict[str, int] = {}
        self.bounds = QRectF()
        self.setZValue(0.5)

    def refresh(self, names: Iterable[str] | None = None) -> None:
        """Every rack's place and colour again, or (``names``) those racks' only — after an
        edit, the racks it recoloured (all 821 took 7 ms of a server's move)."""
        items = self.view.items_by_rack
        if names is None:
            self.groups, self._colour_of = {}, {}
            names = list(items)
            bounds = QRectF()
        else:
            bounds = self.bounds.adjusted(100, 100, -100, -100)
            # racks gone since (deleted, renamed) leave the drawing too
            names = {*names, *(n for n in self._colour_of if n not in items)}
        for name in names:
            old = self._colour_of.pop(name, None)
            if old is not None:
                self.groups[old][1].pop(name, None)
            item = items.get(name)
            if item is None:
                continue
            rect = item.rect().translated(item.pos())
            colour = item.brush().color()
            self.groups.setdefault(colour.rgba(), (colour, {}))[1][name] = rect
            self._colour_of[name] = colour.rgba()
            bounds = bounds.united(rect)
        bounds = bounds.adjusted(-100, -100, 100, 100)
        if bounds != self.bounds:
            self.prepareGeometryChange()
            self.bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self.bounds

    def paint(self, painter, option, widget=None) -> None:
        painter.setPen(QPen(QColor("#333"), 0))
        for colour, rects in self.groups.values():
            if rects:
                painter.setBrush(colour)
                painter.drawRects(list(rects.values()))
        items = [self.view.items_by_rack.get(name) for kind, name in self.view.doc.selected if kind == "rack"]
        items = [item for item in items if item is not None]
        if items:
            pen = QPen(style.SELECTION, 3)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawRects([item.rect().translated(item.pos()) for item in items])


_SELECTED_PEN = QPen(style.SELECTION, 60)
_RACK_PEN = QPen(QColor("#333"), 12)


class RackItem(QGraphicsRectItem):
    def __init__(self, view: FloorView, rack_name: str, width: float, depth: float) -> None:
        super().__init__(0, 0, width, depth)
        self.view = view
        self.rack_name = rack_name
        self.setFlags(QGraphicsItem.ItemIsSelectable | QGraphicsItem.ItemIsMovable)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.OpenHandCursor)
        self.setBrush(style.NOT_CHECKED)  # until it is coloured
        self.label = QGraphicsSimpleTextItem(rack_name, self)
        self.label.setFont(QFont("Sans", 110))
        self.value = QGraphicsSimpleTextItem("", self)
        self.value.setFont(QFont("Sans", 80))
        self.front = QGraphicsRectItem(self)
        self.front.setBrush(QColor("#333"))
        self.front.setPen(Qt.NoPen)
        self.figures = None
        self._press = QPointF()
        self._drawn: tuple | None = None  # what refresh last drew
        self.placed: tuple | None = None  # the rack's place and footprint as last drawn
        self._marked: bool | None = None

    def refresh(self, facing: str, colour: QColor, value: str, figures) -> None:
        self.figures = figures  # its tooltip, worded when hovered
        rect = self.rect()
        drawn = (facing, colour.rgba(), value, rect.width(), rect.height())
        if drawn == self._drawn:
            return  # a recolour of 821 racks redraws only those whose look changed
        self._drawn = drawn
        self.setBrush(colour)
        self.mark(self.isSelected())
        self.label.setPos(rect.width() / 2 - self.label.boundingRect().width() / 2, rect.height() * 0.22)
        self.value.setText(value)
        self.value.setPos(rect.width() / 2 - self.value.boundingRect().width() / 2, rect.height() * 0.55)
        # a dark bar marks the front (cold-aisle side)
        bar = 60.0
        if facing == "south":
            self.front.setRect(0, rect.height() - bar, rect.width(), bar)
        elif facing == "north":
            self.front.setRect(0, 0, rect.width(), bar)
        elif facing == "east":
            self.front.setRect(rect.width() - bar, 0, bar, rect.height())
        else:
            self.front.setRect(0, 0, bar, rect.height())

    def mark(self, selected: bool) -> None:
        """The selected rack outlined in the selection colour."""
        if selected != self._marked:
            self._marked = selected
            self.setPen(_SELECTED_PEN if selected else _RACK_PEN)

    def mousePressEvent(self, event) -> None:
        self._press = self.pos()
        if event.modifiers() & Qt.ControlModifier:
            self.view.doc.toggle_selected("rack", self.rack_name)
            event.accept()
            return  # Ctrl-click picks, it does not drag
        doc = self.view.doc
        if event.modifiers() & Qt.ShiftModifier:
            doc.select_row_of(self.rack_name)  # Shift: the whole row (a Shift-drag then moves it)
        elif ("rack", self.rack_name) not in doc.selected:
            doc.select("rack", self.rack_name)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        self.dropped(bool(event.modifiers() & Qt.ShiftModifier))

    def dropped(self, whole_row: bool = False) -> None:
        """After a drag: the rack (or with Shift its whole row) goes where it was let go,
        on the 100 mm grid, in room coordinates."""
        moved = self.pos()
        if (moved - self._press).manhattanLength() <= 1:
            return
        doc = self.view.doc
        rack = doc.index.racks.get(self.rack_name)
        if rack is None:
            return
        ox, oy = self.view.room_offsets.get(rack.room, (0.0, 0.0))
        x = round((moved.x() - ox) / GRID_MM) * GRID_MM
        y = round((moved.y() - oy) / GRID_MM) * GRID_MM
        if whole_row and rack.row:
            doc.push(MoveRow(doc, rack.room, rack.row, x - rack.x_mm, y - rack.y_mm))
        else:
            doc.push(MoveRack(doc, self.rack_name, x, y))

    def mouseDoubleClickEvent(self, event) -> None:
        self.view.open_rack.emit(self.rack_name)
