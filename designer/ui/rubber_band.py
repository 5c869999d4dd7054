"""Shift-drag on an empty part of a drawing: a rubber band that picks what it touches (the
floor plan's racks, the elevation's devices). The view asks ``start`` on the press, ``move``
and ``finish`` while it is ``active``; ``finish`` gives the band as a scene rectangle."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, QSize
from PySide6.QtWidgets import QGraphicsView, QRubberBand


class BandSelect:
    def __init__(self, view: QGraphicsView) -> None:
        self.view = view
        self.band = QRubberBand(QRubberBand.Rectangle, view.viewport())
        self.origin: QPoint | None = None

    @property
    def active(self) -> bool:
        return self.origin is not None

    def start(self, at: QPoint) -> None:
        self.origin = at
        self.band.setGeometry(QRect(at, QSize()))
        self.band.show()

    def move(self, at: QPoint) -> None:
        if self.origin is not None:
            self.band.setGeometry(QRect(self.origin, at).normalized())

    def finish(self, at: QPoint) -> QRectF | None:
        """The band in scene coordinates (None when none was drawn)."""
        if self.origin is None:
            return None
        area = QRect(self.origin, at).normalized()
        self.origin = None
        self.band.hide()
        return self.view.mapToScene(area).boundingRect()
