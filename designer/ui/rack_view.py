"""Rack elevations: the racks of one row side by side, each with its front and rear
face, U numbers, devices to scale and the rack's totals against its limits.

Parts dragged from the palette show the U slots they would take (green free, red
blocked); a drop on a blocked slot is refused with the reason in the status bar.
Devices are moved within and between racks by dragging them.

Ctrl- or Shift-click adds a device to the selection (``picked``); the arrow keys move
the selection up or down one U and Ctrl+C / Ctrl+V copy it and paste it into the rack
shown (names renumbered, cables inside the selection kept), each as one undo step.

Zoomed in far enough to read them, a device shows its faceplate: a cage per port cage
of its port groups (form factor, ports per cage), filled where a port of it is cabled.
The catalog does not say which face carries a part's ports, so they are drawn on the
face the part is mounted from. Under each rack, bars for power (typical and maximum
against the budget), heat against the air cooling, weight against the static load
rating and the U used; a legend at the end of the row explains every colour.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QTransform

from designer.ui import language, style
from designer.ui.canvas import Canvas
from designer.ui.commands import AddDevice, MoveDevice, drop_problem, move_problem
from designer.ui.deferred import Deferred, is_big
from designer.ui.legend import add_legend, kind_entries, share_entries
from designer.ui.patching import draw_patching
from designer.ui.patching import legend_entries as patching_legend
from designer.ui.rack_items import (  # noqa: F401  (Faceplate: imported from here too)
    CAGE_FREE,
    CAGE_USED,
    DeviceItem,
    Faceplate,
    FaceSlot,
    RackLayer,
    URuler,
)
from designer.ui.rubber_band import BandSelect
from designer.ui.rack_drawing import FACE_GAP, LABEL_W, TYPICAL, RackDrawing
from designer.ui.rack_keys import RackKeys

PART_MIME = "application/x-cluster-designer-part"
RACK_GAP = 110.0
HEADER = 46.0
# a drop on an occupied slot lands in the nearest free one up to this many U away
SNAP_U = 3


# a fitted elevation is never drawn larger than this (one rack alone would be huge)
MAX_FIT_SCALE = 1.5
CABLE_END = QColor("#f08c2e")


class RackRowView(RackDrawing, RackKeys, Canvas):
    status = Signal(str)
    row_shown = Signal()  # drawn again: the row or the rows there are may have changed
    device_menu = Signal(str, object)  # device right-clicked, global position: the window's menu

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.anchor: str | None = None  # the rack asked for: its row is followed through renames
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setAcceptDrops(True)
        self.setBackgroundBrush(QColor("#fafbfc"))
        self.room: str | None = None
        self.row: str | None = None
        self.faces: list[FaceSlot] = []
        self.device_items: dict[str, list[DeviceItem]] = {}
        self.bars: dict[str, dict] = {}
        self.legend = None
        self.picked: list[str] = []  # the devices selected here (Ctrl/Shift-click adds)
        self.cable_ends: set[str] = set()  # both ends of the cable chosen in the Cables dock
        self.highlight = None
        self._band = BandSelect(self)
        self.patching = False  # the cables drawn from their ports (the Racks tab's box)
        self.patch_items: list = []
        # each rack's devices and totals hang on a layer of their own, so an edit that
        # touched some racks of the row redraws those (a ten-rack row's full redraw was a
        # fifth of a server's move at 16,384 GPUs)
        self._layers: dict[str, RackLayer] = {}
        self._layer: RackLayer | None = None  # the layer items are being drawn on
        self._rack_x: dict[str, float] = {}
        self._drawn_row: tuple = ()
        self._drawn_index = None
        self._pending_racks: set[str] | None = set()  # None: the whole row
        self._dragging: str | None = None
        self._drag_origin = QPointF()
        self.bind(doc)
        first = doc.design.racks[0] if doc.design.racks else None
        if first:
            self.show_rack(first.name)

    def bind(self, doc) -> None:
        self.doc = doc
        self._rebuild_later = Deferred(self, self._redraw)
        self._stale = False
        self._centre_when_shown = False
        doc.changed.connect(self._changed)
        doc.findings_changed.connect(lambda _f: self._findings_in())
        doc.selection_changed.connect(self._on_selection)

    def retranslate(self) -> None:
        """After a language switch: titles, face labels and totals in the new words."""
        self.rebuild()

    def set_patching(self, on: bool) -> None:
        """Draw every cable of the row from its port (to the other end here, else up to the tray)."""
        if on != self.patching:
            self.patching = on
            self.rebuild()

    def _changed(self, change) -> None:
        """After an edit: the racks it touched drawn again (the whole row when it may have
        changed shape: racks added, renamed, rooms, everything)."""
        if self._pending_racks is not None:
            if change.everything or change.rooms:
                self._pending_racks = None
            else:
                # the racks it names, and those holding devices cabled or uncabled (a faceplate
                # shows which cages are cabled; a re-routed cable keeps its cages)
                devices = self.doc.index.devices
                holding = {devices[n].rack for n in change.devices if n in devices}
                self._pending_racks |= set(change.racks) | {r for r in holding if r is not None}
        self._redraw_soon()

    def _findings_in(self) -> None:
        """Findings landed. The elevation shows none; only a new index (a background check
        done) is drawn from."""
        if self.doc.index is not self._drawn_index:
            self._pending_racks = None
            self._redraw_soon()

    def _redraw_soon(self) -> None:
        """After an edit or new findings. A big design's row is drawn again when it is
        next shown if it is hidden now (another tab in front), else on the next pass."""
        if is_big(self.doc.design) and not self.isVisible():
            self._stale = True
            return
        self._rebuild_later(self.doc.design)

    def _row_shape(self) -> tuple:
        return tuple((r.name, r.rack_type) for r in self.racks_in_row())

    def _redraw(self) -> None:
        """The racks an edit touched, when the row is as it was drawn; else the row."""
        racks, self._pending_racks = self._pending_racks, set()
        if racks is None or self.patching or self._row_shape() != self._drawn_row:
            self.rebuild()
            return
        index = self.doc.index
        for name in racks:
            layer = self._layers.get(name)
            if layer is None or name not in index.racks:
                continue
            for device in [n for n, items in self.device_items.items() if items and items[0].parentItem() is layer]:
                del self.device_items[device]
            self.bars.pop(name, None)
            self.scene().removeItem(layer)
            rack = index.racks[name]
            rack_type = index.rack_type_of(rack)
            self._draw_rack_contents(rack, rack_type, self._rack_x[name])
        self._drawn_index = index
        self._mark_selection(self.doc.selection)

    def showEvent(self, event) -> None:
        if self._stale:
            self.rebuild()
        super().showEvent(event)
        if self._centre_when_shown:
            self._centre_when_shown = False
            self._centre_on_anchor()

    # -- layout --------------------------------------------------------------------

    def racks_in_row(self) -> list:
        racks = [r for r in self.doc.design.racks if r.room == self.room and r.row == self.row]
        return sorted(racks, key=lambda r: (r.x_mm, r.y_mm, r.name))

    def rows(self) -> list[tuple[str, str | None]]:
        """Every (room, row) that holds racks, in the order of the design's rooms."""
        order = {room.name: i for i, room in enumerate(self.doc.design.site.rooms)}
        found = {(r.room, r.row) for r in self.doc.design.racks}
        return sorted(found, key=lambda key: (order.get(key[0], len(order)), key[0], key[1] or ""))

    def show_rack(self, rack_name: str) -> None:
        rack = self.doc.index.racks.get(rack_name)
        if rack is None:
            return
        self.anchor = rack_name
        self.room, self.row = rack.room, rack.row
        if is_big(self.doc.design) and not self.isVisible():
            self._stale = self._centre_when_shown = True  # drawn when the tab is shown
            return
        self.rebuild()
        self._centre_on_anchor()

    def show_row(self, room: str, row: str | None) -> None:
        """The row picker: that row, from its first rack."""
        first = next((r for r in sorted(self.doc.design.racks, key=lambda r: (r.x_mm, r.y_mm, r.name))
                      if r.room == room and r.row == row), None)
        if first is not None:
            self.show_rack(first.name)

    def _follow(self) -> None:
        """Keep showing a row after an edit: a room or row renamed takes the anchor rack
        (and so the view) with it; a row gone leaves the first rack's."""
        if self.racks_in_row():
            return
        racks = self.doc.index.racks
        rack = racks.get(self.anchor) if self.anchor else None
        if rack is None and self.doc.design.racks:
            rack = self.doc.design.racks[0]
            self.anchor = rack.name
        self.room, self.row = (rack.room, rack.row) if rack is not None else (None, None)

    def rebuild(self) -> None:
        self._stale = False
        scene = self.scene()
        scene.clear()
        self.faces.clear()
        self.device_items.clear()
        self.bars = {}
        self.legend = None
        self.highlight = None
        self._layers.clear()
        self._rack_x.clear()
        self._pending_racks = set()
        index = self.doc.index
        # an edit redraws the row where the user has scrolled it
        shown = (self.room, self.row)
        centre = self.mapToScene(self.viewport().rect().center())
        self._follow()
        x = 0.0
        t = language.current()
        for rack in self.racks_in_row():
            rack_type = index.rack_type_of(rack)
            height = rack_type.u_height * style.U_PX
            title = scene.addSimpleText(t("rack.title", name=rack.name, units=rack_type.u_height),
                                        QFont("Sans", 11, QFont.Bold))
            title.setPos(x + LABEL_W, -HEADER)
            for face_index, face in enumerate(("front", "rear")):
                fx = x + LABEL_W + face_index * (style.RACK_PX + FACE_GAP + LABEL_W)
                rect = QRectF(fx, 0, style.RACK_PX, height)
                scene.addRect(rect, QPen(QColor("#444"), 2), QBrush(QColor("#ffffff")))
                face_label = scene.addSimpleText(t(f"face.{face}"), QFont("Sans", 8))
                # above the rack's top edge whatever the script's line height
                face_label.setPos(fx, -face_label.boundingRect().height() - 2)
                scene.addItem(URuler(fx, LABEL_W, rack_type.u_height))
                self.faces.append(FaceSlot(rack.name, face, rect, rack_type.u_height))
            self._draw_rack_contents(rack, rack_type, x)
            x += 2 * (style.RACK_PX + LABEL_W) + FACE_GAP + RACK_GAP
        self.patch_items = draw_patching(self) if self.patching else []
        if self.faces:
            sections = [
                (t("legend.kinds"), kind_entries(t)),
                (t("legend.ports"), [(CAGE_USED, t("legend.port_used"), "fill"),
                                     (CAGE_FREE, t("legend.port_free"), "fill"),
                                     (style.SELECTION, t("legend.selected"), "outline"),
                                     (CABLE_END, t("legend.cable_end"), "outline")]),
                (t("legend.bars"), [(TYPICAL, t("legend.bar_typical"), "fill"), *share_entries(t)]),
            ]
            if self.patching:
                sections.append((t("patching.legend"), patching_legend(t, self)))
            self.legend = add_legend(scene, x, 0, sections, t("legend.title"))
        self._mark_selection(self.doc.selection)
        self._drawn_row = self._row_shape()
        self._drawn_index = index
        self.setSceneRect(scene.itemsBoundingRect().adjusted(-40, -40, 40, 40))
        if self.auto_fit:
            self._fit_scale()
        if (self.room, self.row) == shown:
            self.centerOn(centre)
        elif self.auto_fit:
            self._centre_on_anchor()
        self.row_shown.emit()

    # -- fit -----------------------------------------------------------------------------

    def fit(self) -> None:
        """Whole racks top to bottom (the row, when it fits across too), centred on the
        rack asked for."""
        self._fit_scale()
        self._centre_on_anchor()

    def _fit_scale(self) -> None:
        rect = self.sceneRect()
        viewport = self.viewport().rect()
        self.auto_fit = True
        if rect.isEmpty() or viewport.isEmpty():
            return
        scale = min(viewport.height() / rect.height(), MAX_FIT_SCALE)
        if rect.width() * scale <= viewport.width():
            scale = min(scale, viewport.width() / rect.width())
        self.setTransform(QTransform.fromScale(scale, scale))

    def _centre_on_anchor(self) -> None:
        slot = next((f for f in self.faces if f.rack == self.anchor), None)
        rect = self.sceneRect()
        if slot is None:
            self.centerOn(rect.center())
        else:  # the rack's front and rear faces side by side
            self.centerOn(slot.rect.right() + FACE_GAP / 2 + LABEL_W / 2, rect.center().y())

    # -- selection by clicks -------------------------------------------------------------

    def clear_selection(self) -> None:
        self.doc.select(None)

    def is_empty_at(self, view_pos) -> bool:
        return self._device_at(view_pos) is None and self.target_at(self.mapToScene(view_pos), 1) is None

    def _face_rect(self, rack: str, face: str) -> QRectF | None:
        slot = next((f for f in self.faces if f.rack == rack and f.face == face), None)
        return slot.rect if slot else None

    # -- hit testing ------------------------------------------------------------------

    def target_at(self, scene_pos: QPointF, u_height: int) -> tuple[str, str, int] | None:
        """(rack, face, lowest U) for a device of ``u_height`` held at ``scene_pos``."""
        for slot in self.faces:
            grown = slot.rect.adjusted(-LABEL_W, 0, 0, 0)
            inside_x = grown.left() <= scene_pos.x() <= grown.right()
            if inside_x and -style.U_PX <= scene_pos.y() <= slot.rect.bottom() + style.U_PX:
                u_at = slot.u_total - int(max(0.0, scene_pos.y()) // style.U_PX)
                lowest = max(1, min(slot.u_total, u_at) - max(u_height, 1) // 2)
                return slot.rack, slot.face, lowest
        return None

    def _show_slot(self, rack: str, face: str, position_u: int, u_height: int, ok: bool) -> None:
        rect = self._face_rect(rack, face)
        total = next(f.u_total for f in self.faces if f.rack == rack)
        top_u = position_u + max(u_height, 1) - 1
        area = QRectF(rect.left(), (total - top_u) * style.U_PX, rect.width(), max(u_height, 1) * style.U_PX)
        if self.highlight is None:
            self.highlight = self.scene().addRect(area, QPen(Qt.NoPen), QBrush(style.FREE_SLOT))
            self.highlight.setZValue(10)
        self.highlight.setRect(area)
        self.highlight.setBrush(QBrush(style.FREE_SLOT if ok else style.BLOCKED_SLOT))

    def _clear_slot(self) -> None:
        if self.highlight is not None:
            self.scene().removeItem(self.highlight)
            self.highlight = None

    # -- drops from the palette ------------------------------------------------------

    def snapped(self, target: tuple[str, str, int], u_height: int, problem_at) -> tuple[tuple[str, str, int],
                                                                                        str | None]:
        """The free slot nearest the cursor on the face under it: the cursor's own slot
        if the part fits there, else the closest lowest U (at most ``SNAP_U`` away, or
        the part's height if taller) where it fits. ``problem_at(rack, u, face)`` says
        why a slot will not do. Returns the target and, when none fits, the reason for
        the cursor's own slot."""
        rack, face, lowest = target
        problem = problem_at(rack, lowest, face)
        if problem is None:
            return target, None
        total = next(f.u_total for f in self.faces if f.rack == rack)
        height = max(u_height, 1)
        reach = max(SNAP_U, height)
        for distance in range(1, reach + 1):
            for u in (lowest - distance, lowest + distance):
                if 1 <= u <= total - height + 1 and problem_at(rack, u, face) is None:
                    return (rack, face, u), None
        return target, problem

    def _drop_target(self, event):
        slug = bytes(event.mimeData().data(PART_MIME)).decode()
        device_type = self.doc.catalog.require_device(slug)
        target = self.target_at(self.mapToScene(event.position().toPoint()), device_type.u_height)
        if target is None:
            return slug, device_type, None, language.current()("slot.drop_on_face")
        target, problem = self.snapped(target, device_type.u_height,
                                       lambda rack, u, face: drop_problem(self.doc, slug, rack, u, face))
        return slug, device_type, target, problem

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(PART_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if not event.mimeData().hasFormat(PART_MIME):
            event.ignore()
            return
        slug, device_type, target, problem = self._drop_target(event)
        t = language.current()
        if target is None:
            self._clear_slot()
            self.status.emit(t("status.cannot_place", part=device_type.model, problem=problem))
            event.ignore()
            return
        self._show_slot(target[0], target[1], target[2], device_type.u_height, problem is None)
        if problem is None:
            # what this hover would do, replacing an earlier refusal
            self.status.emit(t("status.can_place", part=device_type.model, rack=target[0], u=target[2],
                               face=t(f"face.{target[1]}")))
            event.acceptProposedAction()
        else:
            self.status.emit(language.current()("status.cannot_place", part=device_type.model, problem=problem))
            # keep receiving moves (and the drop, to explain the refusal)
            event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:
        self._clear_slot()
        self.status.emit("")  # no hover, nothing to say

    def dropEvent(self, event) -> None:
        self._clear_slot()
        if not event.mimeData().hasFormat(PART_MIME):
            event.ignore()
            return
        slug, device_type, target, problem = self._drop_target(event)
        if target is None or problem is not None:
            self.status.emit(language.current()("status.refused", problem=problem))
            event.ignore()
            return
        rack, face, position_u = target
        command = AddDevice(self.doc, slug, rack, position_u, face)
        self.doc.push(command)
        self.doc.select("device", command.device.name)
        self.status.emit(language.current()("status.added", device=command.device.name, rack=rack, u=position_u))
        event.acceptProposedAction()

    # -- moving devices -------------------------------------------------------------------

    def _device_at(self, view_pos) -> DeviceItem | None:
        for item in self.items(view_pos):
            while item is not None and not isinstance(item, DeviceItem):
                item = item.parentItem()
            if isinstance(item, DeviceItem):
                return item
        return None

    def contextMenuEvent(self, event) -> None:
        """Right-click on a device: it is selected (unless picked already, with others), and
        the window shows what can be done with the selection."""
        item = self._device_at(event.pos())
        if item is None:
            super().contextMenuEvent(event)
            return
        if item.device_name not in self.picked:
            self.picked = [item.device_name]
            self.doc.select("device", item.device_name)
        self.device_menu.emit(item.device_name, event.globalPos())
        event.accept()

    def mousePressEvent(self, event) -> None:
        item = self._device_at(event.position().toPoint())
        if item is None and event.button() == Qt.LeftButton and event.modifiers() & Qt.ShiftModifier:
            self._band.start(event.position().toPoint())  # Shift-drag on nothing: a rubber band
            event.accept()
            return
        if item is not None and event.button() == Qt.LeftButton:
            name = item.device_name
            if event.modifiers() & (Qt.ControlModifier | Qt.ShiftModifier):
                picked = [n for n in self.picked if n != name] if name in self.picked else [*self.picked, name]
                self.picked = picked
                if picked:
                    self.doc.select("device", picked[-1])
                else:
                    self.doc.select(None)
                self._mark_selection(self.doc.selection)
                if len(picked) > 1:
                    self.status.emit(language.current()("status.selected_many", count=len(picked)))
                return
            self.picked = [name]
            self.doc.select("device", name)
            self._dragging = item.device_name
            self._drag_origin = event.position()
            return
        if item is None:
            rack = self.target_at(self.mapToScene(event.position().toPoint()), 1)
            if rack:
                self.doc.select("rack", rack[0])
        super().mousePressEvent(event)

    def _move_target(self, view_pos):
        index = self.doc.index
        device = index.devices[self._dragging]
        device_type = index.type_of(device)
        if device_type.u_height == 0:
            return None, None
        target = self.target_at(self.mapToScene(view_pos.toPoint()), device_type.u_height)
        if target is None:
            return None, language.current()("slot.drop_on_face")
        name = self._dragging
        return self.snapped(target, device_type.u_height,
                            lambda rack, u, face: move_problem(self.doc, name, rack, u, face))

    def pick_in(self, area: QRectF) -> list[str]:
        """Pick the devices a scene rectangle touches, in the order they are drawn (the
        document selects them all, the first shown in the inspector); none: nothing picked."""
        names = [name for name, items in self.device_items.items()
                 if any(item.sceneBoundingRect().intersects(area) for item in items)]
        self.picked = names
        if names:
            self.doc.select_many("device", names)
        else:
            self.doc.select(None)
        self._mark_selection(self.doc.selection)
        if len(names) > 1:
            self.status.emit(language.current()("status.selected_many", count=len(names)))
        return names

    def mouseMoveEvent(self, event) -> None:
        if self._band.active:
            self._band.move(event.position().toPoint())
            event.accept()
            return
        if self._dragging and (event.position() - self._drag_origin).manhattanLength() > 4:
            target, problem = self._move_target(event.position())
            if target:
                u_height = self.doc.index.type_of(self.doc.index.devices[self._dragging]).u_height
                self._show_slot(*target, u_height, problem is None)
                # the status bar says what this hover would do, not an earlier refusal
                self.status.emit(language.current()("status.cannot_move", device=self._dragging, problem=problem)
                                 if problem else "")
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if self._band.active:
            self.pick_in(self._band.finish(event.position().toPoint()))
            event.accept()
            return
        self._release(event)

    def _release(self, event) -> None:
        if self._dragging:
            name, self._dragging = self._dragging, None
            self._clear_slot()
            if (event.position() - self._drag_origin).manhattanLength() <= 4:
                return
            self._dragging = name
            target, problem = self._move_target(event.position())
            self._dragging = None
            if target is None or problem:
                self.status.emit(language.current()("status.move_refused", problem=problem) if problem else "")
                return
            rack, face, position_u = target
            device = self.doc.index.devices[name]
            if (device.rack, device.position_u, device.face) != (rack, position_u, face):
                self.doc.push(MoveDevice(self.doc, name, rack, position_u, face))
                self.status.emit(language.current()("status.moved", device=name, rack=rack, u=position_u,
                                                    face=language.current()(f"face.{face}")))
            return
        super().mouseReleaseEvent(event)

    def _mark_selection(self, selection) -> None:
        picked = set(self.picked)
        for name, items in self.device_items.items():
            for item in items:
                selected = selection == ("device", name) or name in picked
                end = name in self.cable_ends
                pen = item.pen()
                pen.setColor(style.SELECTION if selected else CABLE_END if end else QColor("#222"))
                pen.setWidth(3 if selected or end else 1)
                item.setPen(pen)

    def show_cable(self, a_device: str | None, b_device: str | None = None) -> None:
        """Mark both ends of a cable (None: no cable), showing the A end's row."""
        self.cable_ends = {n for n in (a_device, b_device) if n}
        index = self.doc.index
        device = index.devices.get(a_device) if a_device else None
        if device is not None and device.rack in index.racks:
            rack = index.racks[device.rack]
            if (rack.room, rack.row) != (self.room, self.row):
                self.show_rack(rack.name)
        self._mark_selection(self.doc.selection)

    def _on_selection(self, selection) -> None:
        """A new selection: outlined, and its row shown (a rebuild only outlines it, so
        the row picker can show another row while something stays selected)."""
        if not (selection and selection[0] == "device" and selection[1] in self.picked):
            self.picked = [selection[1]] if selection and selection[0] == "device" else []
        self._mark_selection(selection)
        if selection and selection[0] in ("device", "rack"):
            index = self.doc.index
            name = selection[1]
            device = index.devices.get(name) if selection[0] == "device" else None
            rack = index.racks.get(device.rack if device is not None else name)
            # the selected rack (or the device's) in another row: show that row
            if rack is not None and (rack.row != self.row or rack.room != self.room):
                self.show_rack(rack.name)
                return
            if rack is not None:
                self.anchor = rack.name  # what a fit centres on
            if name in self.device_items:
                self.ensureVisible(self.device_items[name][0])
