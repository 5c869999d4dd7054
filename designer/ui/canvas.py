"""What every drawing (floor plan, rack elevations, topology) does the same way: it
opens fitted to its window and stays fitted as the window is resized until the user
zooms; the wheel and Ctrl+= / Ctrl+- zoom about the pointer, Ctrl+0 fits again; Esc
and a click on empty canvas clear the selection."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

ZOOM_STEP = 1.15
# zoom stays within these multiples of the fitted scale
ZOOM_OUT_LIMIT = 0.25
ZOOM_IN_LIMIT = 400.0


class Canvas(QGraphicsView):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.auto_fit = True  # fitted, and refitted on resize, until the user zooms
        self._press_pos = None
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setFocusPolicy(Qt.StrongFocus)

    # -- hooks for the views -----------------------------------------------------------

    def fit_rect(self) -> QRectF:
        """The part of the scene a fit shows: all of it, margins included (so no
        scroll bars at fit)."""
        return self.sceneRect()

    def clear_selection(self) -> None:
        """Esc or a click on nothing."""

    def scale_changed(self) -> None:
        """After a fit or a zoom: a view drawing less detail when zoomed out switches here."""

    def clicked_empty(self, view_pos) -> None:
        """A click (not a drag) on nothing selectable."""
        self.clear_selection()

    def is_empty_at(self, view_pos) -> bool:
        """Nothing selectable under this point of the viewport."""
        return not any(item.flags() & item.GraphicsItemFlag.ItemIsSelectable for item in self.items(view_pos))

    # -- fit and zoom --------------------------------------------------------------------

    def fitted_scale(self) -> float:
        rect = self.fit_rect()
        viewport = self.viewport().rect()
        if rect.isEmpty() or viewport.isEmpty():
            return 1.0
        return min(viewport.width() / rect.width(), viewport.height() / rect.height())

    def fit(self) -> None:
        rect = self.fit_rect()
        if not rect.isEmpty():
            self.fitInView(rect, Qt.KeepAspectRatio)
        self.auto_fit = True
        self.scale_changed()

    def zoom(self, factor: float) -> None:
        fitted = self.fitted_scale()
        current = self.transform().m11()
        target = max(fitted * ZOOM_OUT_LIMIT, min(fitted * ZOOM_IN_LIMIT, current * factor))
        if current > 0 and target != current:
            self.scale(target / current, target / current)
        self.auto_fit = False
        self.scale_changed()

    def zoom_in(self) -> None:
        self.zoom(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom(1 / ZOOM_STEP)

    def reset_zoom(self) -> None:
        self.setTransform(QTransform())
        self.scale_changed()

    # -- events --------------------------------------------------------------------------

    def wheelEvent(self, event) -> None:
        delta = event.angleDelta().y()
        if delta == 0 or event.modifiers() & Qt.ShiftModifier:
            super().wheelEvent(event)  # sideways scrolling
            return
        self.zoom(ZOOM_STEP if delta > 0 else 1 / ZOOM_STEP)
        event.accept()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.auto_fit:
            self.fit()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key_Escape:
            self.clear_selection()
            event.accept()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event) -> None:
        self._press_pos = event.position() if event.button() == Qt.LeftButton else None
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        press, self._press_pos = self._press_pos, None
        super().mouseReleaseEvent(event)
        # a click (not a drag that panned) on nothing selectable
        if (press is not None and (event.position() - press).manhattanLength() <= 4
                and self.is_empty_at(event.position().toPoint())):
            self.clicked_empty(event.position().toPoint())
