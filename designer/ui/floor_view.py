"""The floor plan: rooms and rows of racks from above, to scale (scene units are mm).

Each rack is coloured by the metric the user picks; hovering shows its figures,
double-clicking opens its elevation, dragging moves it on the floor (one undo step).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from designer.ui import language, style
from designer.ui.canvas import Canvas
from designer.ui.commands import MoveRack
from designer.ui.metrics import rack_figures

GRID_MM = 100.0


def footprint(rack_type, facing: str | None) -> tuple[float, float]:
    """(x, y) extent of a rack on the floor: turned east or west, its depth runs along x."""
    if facing in ("east", "west"):
        return rack_type.depth_mm, rack_type.width_mm
    return rack_type.width_mm, rack_type.depth_mm


class RoomItem(QGraphicsRectItem):
    """A room's floor; a click on it (not a drag, which pans) selects the room."""

    def __init__(self, room_name: str, rect: QRectF) -> None:
        super().__init__(rect)
        self.room_name = room_name


class RackItem(QGraphicsRectItem):
    def __init__(self, view: "FloorView", rack_name: str, width: float, depth: float) -> None:
        super().__init__(0, 0, width, depth)
        self.view = view
        self.rack_name = rack_name
        self.setFlags(QGraphicsItem.ItemIsSelectable | QGraphicsItem.ItemIsMovable)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.OpenHandCursor)
        self.label = QGraphicsSimpleTextItem(rack_name, self)
        self.label.setFont(QFont("Sans", 110))
        self.value = QGraphicsSimpleTextItem("", self)
        self.value.setFont(QFont("Sans", 80))
        self.front = QGraphicsRectItem(self)
        self.front.setBrush(QColor("#333"))
        self.front.setPen(Qt.NoPen)
        self._press = QPointF()

    def refresh(self, facing: str, colour: QColor, value: str, tooltip: str) -> None:
        rect = self.rect()
        self.setBrush(colour)
        self.mark(self.isSelected())
        self.setToolTip(tooltip)
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
        self.setPen(QPen(style.SELECTION, 60) if selected else QPen(QColor("#333"), 12))

    def mousePressEvent(self, event) -> None:
        self._press = self.pos()
        self.view.doc.select("rack", self.rack_name)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        moved = self.pos()
        if (moved - self._press).manhattanLength() > 1:
            x = round(moved.x() / GRID_MM) * GRID_MM
            y = round(moved.y() / GRID_MM) * GRID_MM
            self.view.doc.push(MoveRack(self.view.doc, self.rack_name, x, y))

    def mouseDoubleClickEvent(self, event) -> None:
        self.view.open_rack.emit(self.rack_name)


class FloorView(Canvas):
    open_rack = Signal(str)

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.colour_metric = "power"
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setBackgroundBrush(QColor("#ffffff"))
        self.items_by_rack: dict[str, RackItem] = {}
        self.rebuild()
        self.bind(doc)

    def bind(self, doc) -> None:
        self.doc = doc
        doc.changed.connect(self._on_change)
        doc.findings_changed.connect(lambda _f: self.recolour())
        doc.selection_changed.connect(self._on_selection)

    def set_metric(self, metric: str) -> None:
        self.colour_metric = metric
        self.recolour()

    def rebuild(self) -> None:
        scene = self.scene()
        scene.clear()
        self.items_by_rack.clear()
        design = self.doc.design
        offset_y = 0.0
        self.room_offsets: dict[str, float] = {}
        self.room_items: dict[str, RoomItem] = {}
        for room in design.site.rooms:
            self.room_offsets[room.name] = offset_y
            floor = RoomItem(room.name, QRectF(0, offset_y, room.width_mm, room.depth_mm))
            floor.setBrush(QBrush(style.ROOM_FILL))
            floor.setZValue(-2)
            scene.addItem(floor)
            self.room_items[room.name] = floor
            # floor tiles every 600 mm
            tile_pen = QPen(style.TILE_LINE, 6)
            x = 600.0
            while x < room.width_mm:
                scene.addLine(x, offset_y, x, offset_y + room.depth_mm, tile_pen).setZValue(-1)
                x += 600.0
            y = 600.0
            while y < room.depth_mm:
                scene.addLine(0, offset_y + y, room.width_mm, offset_y + y, tile_pen).setZValue(-1)
                y += 600.0
            t = language.current()
            title = scene.addSimpleText(t("floor.room", room=room.name, width=t.num(room.width_mm / 1000),
                                          depth=t.num(room.depth_mm / 1000)))
            size = int(max(160, room.width_mm / 60))  # readable at any hall size
            title.setFont(QFont("Sans", size))
            title.setPos(0, offset_y - 2.2 * size)
            offset_y += room.depth_mm + 1200
        index = self.doc.index
        self._rooms_drawn = self._rooms_signature()
        for rack in design.racks:
            self._add_rack_item(rack, index)
        self.recolour()
        self._on_selection(self.doc.selection, reveal=False)
        self.setSceneRect(scene.itemsBoundingRect().adjusted(-800, -800, 800, 800))
        if self.auto_fit:
            self.fit()

    def retranslate(self) -> None:
        """After a language switch: room titles and rack tooltips in the new words."""
        self.rebuild()

    def recolour(self) -> None:
        if self.doc.checker is None:
            return
        index = self.doc.index
        t = language.current()
        for name, item in self.items_by_rack.items():
            rack = index.racks.get(name)
            if rack is None:
                continue
            figures = rack_figures(self.doc, name)
            if self.colour_metric == "findings":
                colour = style.SEVERITY_COLOURS.get(figures.worst, QColor("#6cbf6c"))
                value = t(f"level.{figures.worst or 'ok'}")
            else:
                share = figures.share(self.colour_metric)
                colour = style.load_colour(share)
                value = t.pct(share) if share is not None else "-"
            item.refresh(rack.facing, colour, value, figures.tooltip(t))

    def _rooms_signature(self) -> tuple:
        return tuple((room.name, room.width_mm, room.depth_mm) for room in self.doc.design.site.rooms)

    def _add_rack_item(self, rack, index) -> RackItem:
        w, d = footprint(index.rack_type_of(rack), rack.facing)
        item = RackItem(self, rack.name, w, d)
        item.setPos(rack.x_mm, rack.y_mm + self.room_offsets.get(rack.room, 0.0))
        self.scene().addItem(item)
        self.items_by_rack[rack.name] = item
        return item

    def _on_change(self, change) -> None:
        """Rooms changed: drawn again. Otherwise only the racks that came, went or moved
        (adding a rack to 821 must not redraw 821)."""
        if self._rooms_signature() != self._rooms_drawn:
            self.rebuild()
            return
        index = self.doc.index
        racks = self.doc.design.racks
        present = {rack.name for rack in racks}
        gone = [name for name in self.items_by_rack if name not in present]
        for name in gone:
            self.scene().removeItem(self.items_by_rack.pop(name))
        touched = change.everything or bool(gone)
        for rack in racks:
            item = self.items_by_rack.get(rack.name)
            if item is None:
                item = self._add_rack_item(rack, index)
                touched = True
            elif not (change.everything or rack.name in change.racks):
                continue
            w, d = footprint(index.rack_type_of(rack), rack.facing)
            if item.rect().width() != w or item.rect().height() != d:
                item.setRect(0, 0, w, d)
            item.setPos(rack.x_mm, rack.y_mm + self.room_offsets.get(rack.room, 0.0))
        if touched:
            self._on_selection(self.doc.selection, reveal=False)
            self.setSceneRect(self.scene().itemsBoundingRect().adjusted(-800, -800, 800, 800))
            if self.auto_fit:
                self.fit()
        self.recolour()

    def _on_selection(self, selection, reveal: bool = True) -> None:
        for name, item in self.items_by_rack.items():
            selected = selection == ("rack", name)
            item.setSelected(selected)
            item.mark(selected)
            item.setZValue(1 if selected else 0)  # the selected rack above its neighbours
        for name, item in self.room_items.items():
            selected = selection == ("room", name)
            item.setPen(QPen(style.SELECTION if selected else style.ROOM_EDGE, 60 if selected else 30))
        if reveal and selection and selection[0] == "rack" and selection[1] in self.items_by_rack:
            self.ensureVisible(self.items_by_rack[selection[1]])

    # -- selection by clicks ---------------------------------------------------------------

    def clear_selection(self) -> None:
        self.doc.select(None)

    def clicked_empty(self, view_pos) -> None:
        room = next((i for i in self.items(view_pos) if isinstance(i, RoomItem)), None)
        if room is not None:
            self.doc.select("room", room.room_name)
        else:
            self.clear_selection()
