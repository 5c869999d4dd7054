"""The Racks tab: a picker of the design's rows above the elevations of one row, and the
Patching box."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from designer.ui import language
from designer.ui.rack_view import RackRowView


class RackTab(QWidget):
    """The Racks tab: a picker of the design's rows above the elevations of one row."""

    def __init__(self, view: RackRowView, parent=None) -> None:
        super().__init__(parent)
        self.view = view
        self.label = QLabel()
        self.picker = QComboBox()
        self.picker.setMinimumContentsLength(16)
        self.picker.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        bar = QHBoxLayout()
        bar.addWidget(self.label)
        bar.addWidget(self.picker)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(view, 1)
        self.patching = QCheckBox()
        bar.insertWidget(2, self.patching)
        self.patching.toggled.connect(view.set_patching)
        self.rows: list[tuple[str, str | None]] = []
        self.picker.activated.connect(self._picked)
        view.row_shown.connect(self.fill)
        self.retranslate()

    def retranslate(self) -> None:
        self.label.setText(language.current()("field.row"))
        self.patching.setText(language.current()("patching.toggle"))
        self.fill()

    def fill(self) -> None:
        """The rows there are now, the shown one current (after every edit: renames too)."""
        t = language.current()
        rows = self.view.rows()
        self.picker.blockSignals(True)
        self.picker.clear()
        self.rows = rows
        for room, row in rows:
            self.picker.addItem(f"{room} · {row if row is not None else t('not_set')}")
        shown = (self.view.room, self.view.row)
        self.picker.setCurrentIndex(rows.index(shown) if shown in rows else -1)
        self.picker.blockSignals(False)

    def _picked(self, i: int) -> None:
        if 0 <= i < len(self.rows):
            self.view.show_row(*self.rows[i])
