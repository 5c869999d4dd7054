"""The floor plan: rooms and rows of racks from above, to scale (scene units are mm).

Each rack is coloured by the metric the user picks; hovering shows its figures,
double-clicking opens its elevation, dragging moves it on the floor (one undo step).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QToolTip,
)

from designer.ui import language, style
from designer.ui.canvas import Canvas
from designer.ui.deferred import Deferred
from designer.ui.floor_routes import FloorRoutes
from designer.errors import DesignerError
from designer.model.site import room_origins
from designer.ui.commands import MoveRack, PlaceRoom
from designer.ui.rubber_band import BandSelect
from designer.ui.legend import LegendOverlay, aisle_entries, severity_entries, share_entries
from designer.ui.metrics import rack_figures, worst_by_object
from designer.report.drawings.floorplan import aisles
from designer.report.drawings.floorplan import footprint as plan_footprint

from designer.ui.floor_items import (  # noqa: F401  (RackItem and footprint: imported from here too)
    GRID_MM,
    LABELS_BELOW_PX,
    OVERVIEW_BELOW_PX,
    RACK_MM,
    TILE_MM,
    FloorOverview,
    RackItem,
    RoomHandle,
    RoomItem,
    footprint,
)


class FloorView(FloorRoutes, Canvas):
    open_rack = Signal(str)
    refused = Signal(str)  # an edit the floor plan asked for was refused: why
    context_menu = Signal(str, object)  # rack right-clicked, global position: the window's menu

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.colour_metric = "power"
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setBackgroundBrush(QColor("#ffffff"))
        self.items_by_rack: dict[str, RackItem] = {}
        # what the next recolour must colour: every rack, or these and those whose worst
        # finding changed since the last one
        self._recolour_all = True
        self._recolour_racks: set[str] = set()
        self._coloured_checked = False  # were the racks last coloured with a checker's findings?
        self._last_worst: dict[str, str] | None = None
        self.aisle_items: list[QGraphicsRectItem] = []
        self.route_items: list = []  # the chosen cable's run (show_route)
        self.legend = LegendOverlay(self)
        self._band = BandSelect(self)
        self.overview: FloorOverview | None = None
        self.detail = "full"  # "overview", "plain" (no labels) or "full"
        self.rebuild()
        self.bind(doc)

    def bind(self, doc) -> None:
        self.doc = doc
        self._changes = None  # edits not drawn yet (on a big design, drawn on the next pass)
        self._apply_later = Deferred(self, self._apply_changes)
        self._recolour_later = Deferred(self, self.recolour)
        # after racks came or went: the whole-floor drawing, selection marks and the scene's
        # extent, a pass of its own on a big design (the UI thread answers in between)
        self._settle_later = Deferred(self, self._settle_floor)
        doc.changed.connect(self._on_change)
        doc.findings_changed.connect(lambda _f: self._recolour_later(self.doc.design))
        doc.selection_changed.connect(self._on_selection)

    def set_metric(self, metric: str) -> None:
        self.colour_metric = metric
        self._recolour_all = True
        self.recolour()
        self._show_legend()

    def _show_legend(self) -> None:
        """The colours of the chosen metric and of the aisles, in the viewport's corner."""
        t = language.current()
        if self.colour_metric == "findings":
            colours = severity_entries(t)
            if self.doc.checker is None and self.doc.first_check_pending:  # a big design's first check runs
                colours.append((style.NOT_CHECKED, t("level.unchecked"), "fill"))
        else:
            colours = share_entries(t)
        self.legend.show_sections(t("legend.title"), [(t(f"metric.{self.colour_metric}"), colours),
                                                      (t("floor.aisles"), aisle_entries(t))])

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.legend.place()

    def _draw_aisles(self) -> None:
        """Cold and hot aisles between facing rows, worked out from the racks' facing as the
        proposal's floor plan does (``designer.report.drawings.floorplan.aisles``), shaded on
        each room's floor with their kind and width."""
        for item in self.aisle_items:
            if item.scene() is not None:
                self.scene().removeItem(item)
        self.aisle_items = []
        index = self.doc.index
        t = language.current()
        for room_name, floor in self.room_items.items():
            boxes = [plan_footprint(rack, index.rack_type_of(rack)) for rack in index.racks_by_room.get(room_name, [])
                     if rack.rack_type in index.rack_types]
            for aisle in aisles(boxes):
                if not aisle.kind:
                    continue
                width, depth = aisle.x1 - aisle.x0, aisle.y1 - aisle.y0
                band = QGraphicsRectItem(aisle.x0, aisle.y0, width, depth, floor)
                band.setBrush(style.COLD_AISLE if aisle.kind == "cold" else style.HOT_AISLE)
                band.setPen(Qt.NoPen)
                band.setZValue(1)  # above the floor tiles
                label = QGraphicsSimpleTextItem(
                    f"{t(aisle.kind + '_aisle')} · {t.num(depth / 1000, 1)} {t('unit_m')}", band)
                label.setFont(QFont("Sans", int(max(60, min(depth * 0.3, 240)))))
                label.setBrush(QColor("#5f6b7a"))
                box = label.boundingRect()
                label.setPos(aisle.x0 + (width - box.width()) / 2, aisle.y0 + (depth - box.height()) / 2)
                self.aisle_items.append(band)

    def rebuild(self) -> None:
        scene = self.scene()
        self.room_handle = None  # cleared with the scene
        scene.clear()
        self.route_items = []  # cleared with the scene
        self.overview = None
        self.items_by_rack.clear()
        design = self.doc.design
        # each room where the user placed it on the site plan, else one below the other
        self.room_offsets: dict[str, tuple[float, float]] = room_origins(design.site.rooms)
        self.room_items: dict[str, RoomItem] = {}
        self.room_titles = []
        for room in design.site.rooms:
            ox, oy = self.room_offsets[room.name]
            floor = RoomItem(self, room.name, QRectF(ox, oy, room.width_mm, room.depth_mm))
            floor.setBrush(QBrush(style.ROOM_FILL))
            floor.setZValue(-2)
            scene.addItem(floor)
            self.room_items[room.name] = floor
            # floor tiles every 600 mm, drawn on the room (they move with it)
            tile_pen = QPen(style.TILE_LINE, 6)
            x = 600.0
            while x < room.width_mm:
                QGraphicsLineItem(x, 0, x, room.depth_mm, floor).setPen(tile_pen)
                x += 600.0
            y = 600.0
            while y < room.depth_mm:
                QGraphicsLineItem(0, y, room.width_mm, y, floor).setPen(tile_pen)
                y += 600.0
            t = language.current()
            title = QGraphicsSimpleTextItem(t("floor.room", room=room.name, width=t.num(room.width_mm / 1000),
                                              depth=t.num(room.depth_mm / 1000)), floor)
            size = int(max(160, room.width_mm / 60))  # readable at any hall size
            title.setFont(QFont("Sans", size))
            title.setPos(0, -2.2 * size)
            self.room_titles.append(title)
        index = self.doc.index
        self._rooms_drawn = self._rooms_signature()
        for rack in design.racks:
            self._add_rack_item(rack, index)
        self.aisle_items = []
        self._draw_aisles()
        self._show_legend()
        self.overview = FloorOverview(self)
        scene.addItem(self.overview)
        self.detail = "full"
        self._recolour_all = True
        self.recolour()
        self.overview.refresh()
        self._on_selection(self.doc.selection, reveal=False)
        self.setSceneRect(scene.itemsBoundingRect().adjusted(-800, -800, 800, 800))
        if self.auto_fit:
            self.fit()
        # the level of detail for the scale the floor is now drawn at, applied to the new
        # items whatever it was before (else the overview, drawn above the racks, hides
        # their names and front bars)
        self.detail = None
        self.scale_changed()

    # -- level of detail -----------------------------------------------------------------

    def scale_changed(self) -> None:
        px = self.transform().m11() * RACK_MM
        detail = "overview" if px < OVERVIEW_BELOW_PX else "plain" if px < LABELS_BELOW_PX else "full"
        if self.overview is None or detail == self.detail:
            return
        self.detail = detail
        self.overview.setVisible(detail == "overview")
        for item in self.items_by_rack.values():
            item.setVisible(detail != "overview")
            for child in (item.label, item.value):
                child.setVisible(detail == "full")

    def _fresh_item(self, item: RackItem) -> None:
        """A rack item made after the level of detail was chosen: drawn the same way."""
        item.setVisible(self.detail != "overview")
        for child in (item.label, item.value):
            child.setVisible(self.detail == "full")

    def rack_at(self, view_pos) -> str | None:
        """The rack under a point of the viewport (also when drawn as the overview)."""
        point = self.mapToScene(view_pos)
        for name, item in self.items_by_rack.items():
            if item.rect().translated(item.pos()).contains(point):
                return name
        return None

    def is_empty_at(self, view_pos) -> bool:
        if self.detail == "overview":
            return self.rack_at(view_pos) is None
        return super().is_empty_at(view_pos)

    def mousePressEvent(self, event) -> None:
        at = event.position().toPoint()
        if (event.button() == Qt.LeftButton and event.modifiers() & Qt.ShiftModifier
                and self.rack_at(at) is None):
            # Shift-drag on the floor: a rubber band picks the racks it touches (a Shift-press
            # on a rack picks its row, as before)
            self._band.start(at)
            event.accept()
            return
        if self.detail == "overview" and event.button() == Qt.LeftButton:
            name = self.rack_at(at)
            if name is not None:
                self.doc.select("rack", name)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._band.active:
            self._band.move(event.position().toPoint())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if self._band.active:
            self.select_in(self._band.finish(event.position().toPoint()))
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        steps = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        racks = [n for k, n in self.doc.selected if k == "rack" and n in self.doc.index.racks]
        if event.key() in steps and racks and not event.modifiers() & Qt.ControlModifier:
            dx, dy = steps[event.key()]
            step = TILE_MM if event.modifiers() & Qt.ShiftModifier else GRID_MM
            self.nudge(racks, dx * step, dy * step)
            event.accept()
            return
        super().keyPressEvent(event)

    def nudge(self, racks: list[str], dx_mm: float, dy_mm: float) -> bool:
        """Move the selected racks by (dx, dy) on the floor, as one undo step; refused whole,
        with the reason in the status bar, when one of them cannot go there."""
        doc = self.doc
        try:
            commands = [MoveRack(doc, name, doc.index.racks[name].x_mm + dx_mm, doc.index.racks[name].y_mm + dy_mm)
                        for name in racks]
        except DesignerError as exc:
            self.refused.emit(exc.format())
            return False
        t = language.current()
        doc.undo_stack.beginMacro(t("undo.nudge_racks", count=t.int(len(commands))))
        try:
            for command in commands:
                doc.push(command)
        finally:
            doc.undo_stack.endMacro()
        return True

    def select_in(self, area: QRectF) -> list[str]:
        """Select the racks a scene rectangle touches (none: the selection is cleared)."""
        names = [name for name, item in self.items_by_rack.items()
                 if item.rect().translated(item.pos()).intersects(area)]
        if names:
            self.doc.select_many("rack", names)
        else:
            self.doc.select(None)
        return names

    def contextMenuEvent(self, event) -> None:
        """Right-click on a rack: it is selected (unless it already is), and the window shows
        what can be done with the selection."""
        name = self.rack_at(event.pos())
        if name is None:
            super().contextMenuEvent(event)
            return
        if ("rack", name) not in self.doc.selected:
            self.doc.select("rack", name)
        self.context_menu.emit(name, event.globalPos())
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        if self.detail == "overview":
            name = self.rack_at(event.position().toPoint())
            if name is not None:
                self.open_rack.emit(name)
                return
        super().mouseDoubleClickEvent(event)

    def tooltip_at(self, view_pos) -> str | None:
        """A rack's figures, worded when hovered (not for all 821 racks at every recolour)."""
        name = self.rack_at(view_pos)
        figures = getattr(self.items_by_rack[name], "figures", None) if name is not None else None
        return figures.tooltip(language.current()) if figures is not None else None

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.ToolTip and hasattr(self, "detail"):
            text = self.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def retranslate(self) -> None:
        """After a language switch: room titles and rack tooltips in the new words."""
        self.rebuild()

    def recolour(self) -> None:
        """Each rack in its metric's colour. After an edit only the racks it touched and
        those whose worst finding changed (a server's move at 32,768 GPUs coloured all
        1,640 racks); a new metric, a rebuild or a room's change colours every one."""
        # Loads, heat and weight come from the design itself: a big design's racks are
        # coloured by them before its first check lands (26 s after the floor is drawn at
        # 131,072 GPUs), not left grey; the findings colouring says "checking". While a
        # later re-check runs, the racks keep their colours until it lands (nothing is
        # coloured from an index it is replacing, or as "checking" again).
        checked = self.doc.checker is not None
        if not checked and (not self.doc.first_check_pending or not self.doc.index_is_current):
            return
        index = self.doc.index
        t = language.current()
        worst = worst_by_object(self.doc.findings)
        last, self._last_worst = self._last_worst, worst
        if self._recolour_all or last is None or checked != self._coloured_checked:
            names = list(self.items_by_rack)
        else:
            changed = {name for name in worst.keys() | last.keys() if worst.get(name) != last.get(name)}
            names = [name for name in self._recolour_racks | changed if name in self.items_by_rack]
        self._recolour_all, self._recolour_racks = False, set()
        if checked != self._coloured_checked and self.colour_metric == "findings":
            self._show_legend()  # with or without "checking"
        self._coloured_checked = checked
        for name in names:
            item = self.items_by_rack[name]
            rack = index.racks.get(name)
            if rack is None:
                continue
            figures = rack_figures(self.doc, name, worst)
            if self.colour_metric == "findings" and not checked:
                colour, value = style.NOT_CHECKED, t("level.unchecked")
            elif self.colour_metric == "findings":
                colour = style.SEVERITY_COLOURS.get(figures.worst, style.NO_FINDING)
                value = t(f"level.{figures.worst or 'ok'}")
            else:
                share = figures.share(self.colour_metric)
                colour = style.load_colour(share)
                value = t.pct(share) if share is not None else "-"
            item.refresh(rack.facing, colour, value, figures)
        if self.overview is not None:
            self.overview.refresh(None if len(names) == len(self.items_by_rack) else names)

    def _renamed_rooms(self) -> bool:
        """Rooms only renamed (same sizes, same order): their names and titles changed in
        place, the racks stay (a rename must not redraw 821 racks). False otherwise."""
        rooms = self.doc.design.site.rooms
        drawn = self._rooms_drawn
        if len(rooms) != len(drawn) or any((r.width_mm, r.depth_mm, r.x_mm, r.y_mm) != d[1:]
                                           for r, d in zip(rooms, drawn)):
            return False
        t = language.current()
        items, offsets = list(self.room_items.values()), list(self.room_offsets.values())  # (x, y) each
        self.room_items = {room.name: item for room, item in zip(rooms, items)}
        self.room_offsets = {room.name: offset for room, offset in zip(rooms, offsets)}
        for room, item, title in zip(rooms, items, self.room_titles):
            item.room_name = room.name
            title.setText(t("floor.room", room=room.name, width=t.num(room.width_mm / 1000),
                            depth=t.num(room.depth_mm / 1000)))
        self._rooms_drawn = self._rooms_signature()
        return True

    def _rooms_signature(self) -> tuple:
        return tuple((room.name, room.width_mm, room.depth_mm, room.x_mm, room.y_mm)
                     for room in self.doc.design.site.rooms)

    def _add_rack_item(self, rack, index) -> RackItem:
        w, d = footprint(index.rack_type_of(rack), rack.facing)
        item = RackItem(self, rack.name, w, d)
        ox, oy = self.room_offsets.get(rack.room, (0.0, 0.0))
        item.setPos(rack.x_mm + ox, rack.y_mm + oy)
        item.placed = (rack.x_mm, rack.y_mm, rack.room, rack.facing, rack.rack_type)
        self.scene().addItem(item)
        self.items_by_rack[rack.name] = item
        if self.overview is not None:
            self._fresh_item(item)
        return item

    def _on_change(self, change) -> None:
        self._changes = change if self._changes is None else self._changes.merge(change)
        # the edit's findings asked for a recolour just before: drawing the edit asks again,
        # once its racks are in place (else every rack is coloured twice, 35 ms each at 32k)
        self._recolour_later.cancel()
        self._apply_later(self.doc.design)

    def _apply_changes(self) -> None:
        change, self._changes = self._changes, None
        if change is not None:
            self._draw_change(change)

    def _draw_change(self, change) -> None:
        """Rooms changed: drawn again. Otherwise only the racks that came, went or moved
        (adding a rack to 821 must not redraw 821)."""
        if self._rooms_signature() != self._rooms_drawn and not self._renamed_rooms():
            self.rebuild()
            return
        index = self.doc.index
        racks = self.doc.design.racks
        present = {rack.name for rack in racks}
        gone = [name for name in self.items_by_rack if name not in present]
        for name in gone:
            self.scene().removeItem(self.items_by_rack.pop(name))
        touched = change.everything or bool(gone)
        added: set[str] = set()
        for rack in racks:
            item = self.items_by_rack.get(rack.name)
            if item is None:
                item = self._add_rack_item(rack, index)
                added.add(rack.name)
                touched = True
            elif not (change.everything or rack.name in change.racks):
                continue
            ox, oy = self.room_offsets.get(rack.room, (0.0, 0.0))
            placed = (rack.x_mm, rack.y_mm, rack.room, rack.facing, rack.rack_type)
            at = item.pos()
            if item.placed == placed and (at.x(), at.y()) == (rack.x_mm + ox, rack.y_mm + oy):
                continue  # re-checked with everything else, but not moved: nothing to redraw
            item.placed = placed
            touched = True  # moved or turned: the aisles and the scene's extent follow
            w, d = footprint(index.rack_type_of(rack), rack.facing)
            if item.rect().width() != w or item.rect().height() != d:
                item.setRect(0, 0, w, d)
            item.setPos(rack.x_mm + ox, rack.y_mm + oy)
        if touched:
            self._settle_later(self.doc.design)
        if change.everything or change.rooms:
            self._recolour_all = True  # a room's limits: any of its racks may change colour
        else:
            # a rack's colour follows its load and limits (its scope) and its worst finding
            # (compared in recolour); new racks are in the change's racks
            self._recolour_racks |= set(change.racks) | added
        self._recolour_later(self.doc.design)  # on a big design, a pass of its own

    @property
    def drawing(self) -> bool:
        """Edits or findings not drawn yet (passes of the event loop still to come)."""
        return self._apply_later.pending or self._settle_later.pending or self._recolour_later.pending

    def _settle_floor(self) -> None:
        if self.overview is None:
            return
        self._draw_aisles()  # rows may have come, gone or turned
        self.overview.refresh()
        self._on_selection(self.doc.selection, reveal=False)
        self.setSceneRect(self.scene().itemsBoundingRect().adjusted(-800, -800, 800, 800))
        if self.auto_fit:
            self.fit()

    def _on_selection(self, selection, reveal: bool = True) -> None:
        picked = [name for kind, name in self.doc.selected if kind == "rack"]
        chosen = set(picked)
        if len(picked) == 2:
            self.show_rack_route(*picked)  # two racks picked together: the run between them
        elif self.route_items and picked:
            self.show_rack_route()
        marked = getattr(self, "_marked", set()) | chosen
        for name in marked:
            item = self.items_by_rack.get(name)
            if item is None:
                continue
            selected = name in chosen
            item.setSelected(selected)
            item.mark(selected)
            item.setZValue(1 if selected else 0)  # the selected racks above their neighbours
        self._marked = chosen
        if self.overview is not None:
            self.overview.update()
        for name, item in self.room_items.items():
            selected = selection == ("room", name)
            item.setPen(QPen(style.SELECTION if selected else style.ROOM_EDGE, 60 if selected else 30))
            item.set_draggable(selected)
        self._place_room_handle(selection)
        if reveal and selection and selection[0] == "rack" and selection[1] in self.items_by_rack:
            self.ensureVisible(self.items_by_rack[selection[1]])

    def _place_room_handle(self, selection) -> None:
        """A resize handle on the far corner of the selected room, none otherwise."""
        handle = getattr(self, "room_handle", None)
        if handle is not None:
            self.scene().removeItem(handle)
            self.room_handle = None
        if not selection or selection[0] != "room":
            return
        room = next((r for r in self.doc.design.site.rooms if r.name == selection[1]), None)
        if room is None or room.name not in self.room_offsets:
            return
        ox, oy = self.room_offsets[room.name]
        corner = QPointF(ox + room.width_mm, oy + room.depth_mm)
        self.room_handle = RoomHandle(self, room.name, corner)
        self.scene().addItem(self.room_handle)

    # -- selection by clicks ---------------------------------------------------------------

    def clear_selection(self) -> None:
        self.doc.select(None)

    def place_room(self, room: str, x_mm: float, y_mm: float) -> None:
        """Put a room where it was dragged; a refusal (it would overlap another room) puts it
        back and says why in the status bar."""
        try:
            self.doc.push(PlaceRoom(self.doc, room, x_mm, y_mm))
        except DesignerError as exc:
            self.refused.emit(exc.format())
            self.rebuild()

    def clicked_empty(self, view_pos) -> None:
        room = next((i for i in self.items(view_pos) if isinstance(i, RoomItem)), None)
        if room is not None:
            self.doc.select("room", room.room_name)
        else:
            self.clear_selection()
