"""Legends for the drawings' colours: a titled list of swatches and words, as scene items
(``add_legend``), so a view places it beside what it explains and it zooms with it."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene, QLabel, QWidget

from designer.ui import style

SWATCH = 12.0
LINE = 17.0


def kind_entries(t) -> list[tuple[QColor, str, str]]:
    """The kind colours of devices: (colour, words, swatch style)."""
    return [(style.KIND_COLOURS[k], t(f"legend.kind.{k}"), "fill") for k in ("server", "switch", "storage", "pdu",
                                                                              "other")]


def share_entries(t) -> list[tuple[QColor, str, str]]:
    """The colours of a share of a limit (``style.load_colour``)."""
    return [(style.load_colour(0.5), t("legend.share_low"), "fill"),
            (style.load_colour(0.8), t("legend.share_mid"), "fill"),
            (style.load_colour(0.95), t("legend.share_high"), "fill"),
            (style.load_colour(1.5), t("legend.bar_over"), "fill"),
            (style.load_colour(None), t("legend.no_limit"), "fill")]


def add_legend(scene: QGraphicsScene, x: float, y: float, sections: list[tuple[str, list]],
               title: str) -> QGraphicsRectItem:
    """Draw a legend with its top-left corner at (x, y): a title, then per section a
    heading and its (colour, words, style) entries; style "fill" a filled swatch,
    "outline" an outlined one. Returns the frame (the other items are its children)."""
    frame = QGraphicsRectItem()
    frame.setPen(QPen(QColor("#c7cbd1"), 1))
    frame.setBrush(QBrush(QColor(255, 255, 255, 235)))
    frame.setZValue(20)
    scene.addItem(frame)
    frame.setData(0, "legend")
    cursor = y + 6
    width = 0.0
    heading = scene.addSimpleText(title, QFont("Sans", 10, QFont.Bold))
    heading.setParentItem(frame)
    heading.setPos(x + 8, cursor)
    cursor += LINE + 4
    width = max(width, heading.boundingRect().width())
    for name, entries in sections:
        label = scene.addSimpleText(name, QFont("Sans", 8, QFont.Bold))
        label.setParentItem(frame)
        label.setPos(x + 8, cursor)
        width = max(width, label.boundingRect().width())
        cursor += LINE
        for colour, words, kind in entries:
            swatch = QGraphicsRectItem(QRectF(x + 10, cursor + 2, SWATCH, SWATCH - 2), frame)
            if kind == "outline":
                swatch.setBrush(QBrush(Qt.NoBrush))
                swatch.setPen(QPen(colour, 1.5))
            else:
                swatch.setBrush(QBrush(colour))
                swatch.setPen(QPen(QColor("#555"), 0.5))
            text = scene.addSimpleText(words, QFont("Sans", 8))
            text.setParentItem(frame)
            text.setPos(x + 16 + SWATCH, cursor)
            width = max(width, SWATCH + 8 + text.boundingRect().width())
            cursor += LINE
        cursor += 4
    frame.setRect(QRectF(x, y, width + 24, cursor - y + 2))
    return frame


def severity_entries(t) -> list[tuple[QColor, str, str]]:
    """The colours of a rack's worst finding (the floor plan's "Worst finding" metric)."""
    return [(style.SEVERITY_COLOURS["error"], t("level.error"), "fill"),
            (style.SEVERITY_COLOURS["warning"], t("level.warning"), "fill"),
            (style.SEVERITY_COLOURS["info"], t("level.info"), "fill"),
            (style.NO_FINDING, t("level.ok"), "fill")]


def aisle_entries(t) -> list[tuple[QColor, str, str]]:
    return [(style.COLD_AISLE, t("cold_aisle"), "fill"), (style.HOT_AISLE, t("hot_aisle"), "fill")]


class LegendOverlay(QLabel):
    """A legend fixed to a corner of a view's viewport (the floor plan is seen from 1:20 to a
    whole hall: a legend in the scene would be unreadable at one end of that range)."""

    MARGIN = 10

    def __init__(self, view: QWidget) -> None:
        # a child of the view, not of its viewport: a scroll area moves the viewport's
        # children with the contents when it pans
        super().__init__(view)
        self.view = view
        self.setTextFormat(Qt.RichText)
        self.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.setStyleSheet("QLabel { background: rgba(255, 255, 255, 235); border: 1px solid #c7cbd1;"
                           " padding: 4px 6px; font-size: 8pt; }")
        self.sections: list[tuple[str, list]] = []

    def show_sections(self, title: str, sections: list[tuple[str, list]]) -> None:
        self.sections = sections
        rows = [f"<b>{escape(title)}</b>"]
        for name, entries in sections:
            rows.append(f"<br><i>{escape(name)}</i>")
            for colour, words, _kind in entries:
                rows.append(f"<br><span style='background-color:{colour.name()}'>&nbsp;&nbsp;&nbsp;&nbsp;</span>"
                            f"&nbsp;{escape(words)}")
        self.setText("".join(rows))
        self.adjustSize()
        self.place()

    def place(self) -> None:
        """Bottom-left of the view's viewport."""
        area = self.view.viewport().geometry()
        self.move(area.left() + self.MARGIN, max(area.top(), area.bottom() - self.height() - self.MARGIN))
        self.raise_()
