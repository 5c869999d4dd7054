"""A flat Qt table model (no tree) over a Python list of rows: the row and column counts
and the translated headers every such table of the window repeats. Subclasses name their
``columns``, the catalog prefix of their headers (``header_key``: "cables.col" says the
column "a" as ``cables.col.a``) and where their rows are (``row_list``), and answer
``data``."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from designer.ui import language

_ROOT = QModelIndex()  # the invalid index Qt passes for a flat table's root


class FlatTableModel(QAbstractTableModel):
    columns: tuple[str, ...] = ()
    header_key = ""

    def row_list(self) -> list:
        raise NotImplementedError

    def header(self, column: str) -> str:
        return language.current()(f"{self.header_key}.{column}")

    def rowCount(self, parent=_ROOT) -> int:
        return 0 if parent.isValid() else len(self.row_list())

    def columnCount(self, parent=_ROOT) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return self.header(self.columns[section])
        return None
