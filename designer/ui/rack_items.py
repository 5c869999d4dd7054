"""The rack elevation's scene items: a device's box on a face of its rack, the face slots
drops and moves land on, and the faceplate of port cages drawn at a readable zoom
(``rack_view`` lays them out and answers the user)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QStyleOptionGraphicsItem,
)

from designer.ui import style


@dataclass
class FaceSlot:
    rack: str
    face: str
    rect: QRectF
    u_total: int


class RackLayer(QGraphicsItem):
    """An empty item one rack's devices and totals hang on: the rack drawn again is the
    layer removed and drawn again."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        pass


class DeviceItem(QGraphicsRectItem):
    def __init__(self, name: str, rect: QRectF, ghost: bool) -> None:
        super().__init__(rect)
        self.device_name = name
        self.ghost = ghost  # the other face of a full-depth device


# port cages are drawn once a cage is this many pixels wide on screen
CAGE_READABLE_PX = 5.0
CAGE_FREE = QColor("#f2f3f5")
CAGE_USED = QColor("#1f3a5f")

def cage_layout(device_type) -> list[tuple[str, int, list[str]]]:
    """The cages of a part, in catalog order: (form factor, cage number, its port names)."""
    cages = []
    for group in device_type.port_groups:
        names = group.port_names()
        for start in range(0, len(names), group.ports_per_cage):
            cages.append((group.cage or "", start // group.ports_per_cage + 1,
                          names[start:start + group.ports_per_cage]))
    return cages


class Faceplate(QGraphicsItem):
    """A device's port cages, drawn only at a zoom where a cage is readable (a child of the
    device's box; the box's label keeps the left part)."""

    def __init__(self, parent: QGraphicsRectItem, cages, used: set[str], label_w: float) -> None:
        super().__init__(parent)
        self.cages = cages
        self.used = used
        box = parent.rect()
        rows = max(1, min(2, int(box.height() // 9)))
        area = QRectF(box.left() + label_w, box.top() + 2, box.width() - label_w - 3, box.height() - 4)
        if box.height() > 2 * style.U_PX:
            # a taller part: the label across the top, the cages in a band below it
            area = QRectF(box.left() + 4, box.top() + 15, box.width() - 8, min(box.height() - 18, 2 * style.U_PX))
        self.area = area
        per_row = max(1, -(-len(cages) // rows))
        self.cell_w = area.width() / per_row
        self.cell_h = area.height() / rows
        self.per_row = per_row
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self.area

    def cage_rects(self) -> list[QRectF]:
        rects = []
        for n in range(len(self.cages)):
            row, col = divmod(n, self.per_row)
            rects.append(QRectF(self.area.left() + col * self.cell_w + 0.6, self.area.top() + row * self.cell_h + 0.6,
                                max(self.cell_w - 1.2, 0.5), max(self.cell_h - 1.2, 0.5)))
        return rects

    def readable(self, scale: float) -> bool:
        return self.cell_w * scale >= CAGE_READABLE_PX

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if not self.readable(scale):
            return
        painter.setPen(QPen(QColor("#111"), 0))
        font = QFont("Sans", 3)
        painter.setFont(font)
        show_text = self.cell_w * scale >= 28
        for (cage, _number, ports), rect in zip(self.cages, self.cage_rects()):
            cabled = any(p in self.used for p in ports)
            painter.setBrush(CAGE_USED if cabled else CAGE_FREE)
            painter.drawRect(rect)
            if show_text:
                painter.setPen(QPen(QColor("#fff") if cabled else QColor("#333"), 0))
                painter.drawText(rect, Qt.AlignCenter, f"{cage}\n{'/'.join(ports)}" if rect.height() > 6
                                 else "/".join(ports))
                painter.setPen(QPen(QColor("#111"), 0))


class URuler(QGraphicsItem):
    """The U numbers and ticks beside one face of a rack, painted by one item (they were
    two items per U: at 16,384 GPUs a ten-rack row took 1,700 of them, a third of an
    edit's redraw)."""

    FONT = QFont("Sans", 7)
    TICK_PEN = QPen(QColor("#ccc"), 1)

    def __init__(self, face_left: float, label_w: float, u_total: int) -> None:
        super().__init__()
        self.face_left, self.label_w, self.u_total = face_left, label_w, u_total
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(self.face_left - self.label_w, 0, self.label_w + 7, self.u_total * style.U_PX)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setFont(self.FONT)
        ascent = painter.fontMetrics().ascent()
        exposed = option.exposedRect if option is not None else self.boundingRect()
        for u in range(1, self.u_total + 1):
            top = (self.u_total - u) * style.U_PX
            if top > exposed.bottom() or top + style.U_PX < exposed.top():
                continue
            painter.setPen(QPen(QColor("#000")))
            painter.drawText(QPointF(self.face_left - self.label_w + 2, top + 3 + ascent), str(u))
            painter.setPen(self.TICK_PEN)
            painter.drawLine(QPointF(self.face_left, top), QPointF(self.face_left + 6, top))
