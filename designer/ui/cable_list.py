"""The Cables dock: every cable of the design in one table, filtered by fabric, rack,
media, length and part and by a search; jump to either end; export the rows shown as
the hand-over cable schedule (``designer.report.handover.cables``, CSV).

Built for 16,384 GPUs (over 60,000 cables): one ``QAbstractTableModel`` over plain
tuples (no widget per row) and a ``QSortFilterProxyModel`` whose filter is a look-up
in a list of flags the model works out in one Python pass per filter change; sorting
is a Python sort of the tuples (Qt's own sort would ask the model for every cell
log n times).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from designer.fabric.cabling import MediaSelector
from designer.fabric.hand_cabling import part_name
from designer.ui import language
from designer.ui.deferred import Deferred

COLUMNS = ("a", "a_rack", "b", "b_rack", "fabric", "media", "speed", "length", "part")
# tuple fields: position, then the columns in order
A, A_RACK, B, B_RACK, FABRIC, MEDIA, SPEED, LENGTH, PART = range(1, 10)
NO_LIMIT = 0.0


def cable_rows(index, cabling) -> list[tuple]:
    """One tuple per link: (position, A end, A rack, B end, B rack, fabric, media, speed,
    length, part)."""
    devices = index.devices
    ports = index.ports
    selector = MediaSelector(cabling)
    parts: dict[tuple, str] = {}
    rows = []
    for position, link in enumerate(index.design.links):
        a, b = link.a, link.b
        da, db = devices.get(a.device), devices.get(b.device)
        sa, sb = ports.speed_gbps(a.device, a.port), ports.speed_gbps(b.device, b.port)
        speed = min(sa, sb) if sa is not None and sb is not None else None
        key = (da.device_type if da else None, id(ports.group(a.device, a.port)),
               db.device_type if db else None, id(ports.group(b.device, b.port)), link.media, link.length_m, speed,
               link.fabric, bool(da and da.port_breakouts) or bool(db and db.port_breakouts))
        part = parts.get(key)
        if part is None:
            try:
                part = part_name(index, cabling, link, selector) if da is not None and db is not None else ""
            except (KeyError, ValueError):
                part = ""
            parts[key] = part
        rows.append((position, str(a), (da.rack or "") if da else "", str(b), (db.rack or "") if db else "",
                     link.fabric or "", link.media or "", speed, link.length_m, part))
    return rows


class CableModel(QAbstractTableModel):
    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows: list[tuple] = []
        self.accepted: list[bool] = []

    def load(self) -> None:
        self.beginResetModel()
        self.rows = cable_rows(self.doc.index, self.doc.catalog.cabling)
        self.accepted = [True] * len(self.rows)
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return language.current()(f"cables.col.{COLUMNS[section]}")
        return None

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == Qt.DisplayRole:
            value = row[index.column() + 1]
            if index.column() + 1 in (SPEED, LENGTH):
                return "" if value is None else f"{value:g}"
            return value
        if role == Qt.UserRole:
            return row[0]
        return None

    def sort(self, column: int, order=Qt.AscendingOrder) -> None:
        field = column + 1
        self.layoutAboutToBeChanged.emit()
        pairs = sorted(zip(self.rows, self.accepted), reverse=order == Qt.DescendingOrder,
                       key=lambda p: (p[0][field] is None, p[0][field] if p[0][field] is not None else 0))
        self.rows = [p[0] for p in pairs]
        self.accepted = [p[1] for p in pairs]
        self.layoutChanged.emit()


class FlagFilter(QSortFilterProxyModel):
    """Shows the rows the model flagged; sorting is the model's own."""

    def filterAcceptsRow(self, row: int, parent) -> bool:
        return self.sourceModel().accepted[row]

    def sort(self, column: int, order=Qt.AscendingOrder) -> None:
        self.sourceModel().sort(column, order)


class CableList(QWidget):
    reveal = Signal(str, str)
    status = Signal(str)

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.model = CableModel(doc, self)
        self.proxy = FlagFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.fabric = QComboBox()
        self.rack = QComboBox()
        self.rack.setEditable(True)
        self.rack.setInsertPolicy(QComboBox.NoInsert)
        self.media = QComboBox()
        self.part = QComboBox()
        self.part.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.min_length = QDoubleSpinBox()
        self.max_length = QDoubleSpinBox()
        for box in (self.min_length, self.max_length):
            box.setRange(0, 10000)
            box.setDecimals(1)
            box.setSuffix(" m")
            box.setSpecialValueText("–")
        self.labels = {key: QLabel() for key in ("fabric", "rack", "media", "part", "min_length", "max_length")}
        self.jump_a = QPushButton()
        self.jump_b = QPushButton()
        self.export_button = QPushButton()
        self.count = QLabel()
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        bar = QHBoxLayout()
        bar.addWidget(self.search, 2)
        for key, widget in (("fabric", self.fabric), ("rack", self.rack), ("media", self.media),
                            ("part", self.part), ("min_length", self.min_length), ("max_length", self.max_length)):
            bar.addWidget(self.labels[key])
            bar.addWidget(widget)
        buttons = QHBoxLayout()
        buttons.addWidget(self.jump_a)
        buttons.addWidget(self.jump_b)
        buttons.addWidget(self.export_button)
        buttons.addStretch(1)
        buttons.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.search.textChanged.connect(lambda _t: self.apply_filters())
        for box in (self.fabric, self.media, self.part):
            box.currentIndexChanged.connect(lambda _i: self.apply_filters())
        self.rack.currentTextChanged.connect(lambda _t: self.apply_filters())
        for spin in (self.min_length, self.max_length):
            spin.valueChanged.connect(lambda _v: self.apply_filters())
        self.jump_a.clicked.connect(lambda: self.jump("a"))
        self.jump_b.clicked.connect(lambda: self.jump("b"))
        self.table.doubleClicked.connect(lambda _i: self.jump("a"))
        self.export_button.clicked.connect(self._export_dialog)
        self._reload_later = Deferred(self, self.reload)
        self._stale = True
        doc.changed.connect(self._changed)
        self.retranslate()

    # -- content -----------------------------------------------------------------------

    def _changed(self, change) -> None:
        if not (change.links or change.everything or change.devices or change.racks):
            return
        if self.isVisible():
            self._reload_later(self.doc.design)
        else:
            self._stale = True

    def showEvent(self, event) -> None:
        if self._stale:
            self.reload()
        super().showEvent(event)

    def reload(self) -> None:
        """The design's cables as they are now, the filters kept."""
        self._stale = False
        self.model.load()
        self._fill_choices()
        self.apply_filters()

    def ensure_loaded(self) -> None:
        if self._stale:
            self.reload()

    def _fill_choices(self) -> None:
        t = language.current()
        rows = self.model.rows
        for box, values in ((self.fabric, {r[FABRIC] for r in rows}), (self.media, {r[MEDIA] for r in rows}),
                            (self.part, {r[PART] for r in rows})):
            current = box.currentData()
            box.blockSignals(True)
            box.clear()
            box.addItem(t("cables.all"), None)
            for value in sorted(v for v in values if v):
                box.addItem(value, value)
            found = box.findData(current) if current is not None else 0
            box.setCurrentIndex(max(found, 0))
            box.blockSignals(False)
        current = self.rack.currentText()
        self.rack.blockSignals(True)
        self.rack.clear()
        self.rack.addItem("")
        self.rack.addItems(sorted(self.doc.index.racks))
        self.rack.setEditText(current)
        self.rack.blockSignals(False)

    def set_filters(self, *, search: str | None = None, fabric: str | None = None, rack: str | None = None,
                    media: str | None = None, part: str | None = None, min_length: float | None = None,
                    max_length: float | None = None) -> None:
        """Set filters (as a user would in the bar); None leaves one as it is, "" clears."""
        self.ensure_loaded()
        widgets = []
        if search is not None:
            widgets.append(lambda: self.search.setText(search))
        for box, value in ((self.fabric, fabric), (self.media, media), (self.part, part)):
            if value is not None:
                widgets.append(lambda box=box, value=value: box.setCurrentIndex(max(box.findData(value or None), 0)))
        if rack is not None:
            widgets.append(lambda: self.rack.setEditText(rack))
        if min_length is not None:
            widgets.append(lambda: self.min_length.setValue(min_length))
        if max_length is not None:
            widgets.append(lambda: self.max_length.setValue(max_length))
        self._quiet = True
        for set_it in widgets:
            set_it()
        self._quiet = False
        self.apply_filters()

    _quiet = False

    def apply_filters(self) -> None:
        """Flag the rows every filter passes (one Python pass) and show those."""
        if self._quiet:
            return
        words = self.search.text().strip().lower().split()
        fabric, media, part = self.fabric.currentData(), self.media.currentData(), self.part.currentData()
        rack = self.rack.currentText().strip()
        low, high = self.min_length.value(), self.max_length.value()

        def keep(row) -> bool:
            if fabric is not None and row[FABRIC] != fabric:
                return False
            if media is not None and row[MEDIA] != media:
                return False
            if part is not None and row[PART] != part:
                return False
            if rack and rack not in (row[A_RACK], row[B_RACK]):
                return False
            length = row[LENGTH]
            if low > NO_LIMIT and (length is None or length < low):
                return False
            if high > NO_LIMIT and (length is None or length > high):
                return False
            if words:
                text = f"{row[A]} {row[A_RACK]} {row[B]} {row[B_RACK]} {row[FABRIC]} {row[MEDIA]} {row[PART]}".lower()
                return all(w in text for w in words)
            return True

        self.proxy.beginFilterChange()
        self.model.accepted = [keep(r) for r in self.model.rows]
        self.proxy.endFilterChange()
        self._count()

    def _count(self) -> None:
        t = language.current()
        self.count.setText(t("cables.shown", shown=t.int(self.proxy.rowCount()), total=t.int(len(self.model.rows))))

    def visible_positions(self) -> list[int]:
        return [self.proxy.index(r, 0).data(Qt.UserRole) for r in range(self.proxy.rowCount())]

    def current_position(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(Qt.UserRole) if rows else None

    def show_link(self, position: int) -> bool:
        """Select the cable at ``position`` in the list (clearing filters that hide it)."""
        self.ensure_loaded()
        row = next((i for i, r in enumerate(self.model.rows) if r[0] == position), None)
        if row is None:
            return False
        if not self.model.accepted[row]:
            self.set_filters(search="", fabric="", rack="", media="", part="", min_length=0, max_length=0)
        found = self.proxy.mapFromSource(self.model.index(row, 0))
        self.table.selectRow(found.row())
        self.table.scrollTo(found)
        return True

    def jump(self, side: str) -> None:
        """Select the device at one end of the chosen cable (its elevation is shown)."""
        position = self.current_position()
        if position is None or position >= len(self.doc.design.links):
            return
        link = self.doc.design.links[position]
        end = link.a if side == "a" else link.b
        self.reveal.emit("device", end.device)

    # -- export ---------------------------------------------------------------------------

    def export_csv(self, path: str | Path) -> int:
        """The cable schedule's rows for the cables shown, as CSV (the hand-over format:
        cable ids and labels as ``designer export --cables`` writes them). Returns the
        number of schedule rows written."""
        from designer.report.handover.cables import cable_schedule, schedule_csv

        design = self.doc.design
        shown = {(str(design.links[p].a), str(design.links[p].b)) for p in self.visible_positions()}
        shown |= {(b, a) for a, b in shown}
        rows = [row for row in cable_schedule(self.doc.index, self.doc.catalog.cabling)
                if any((f"{x.device}:{x.port}", f"{y.device}:{y.port}") in shown for x in row.a for y in row.b)]
        Path(path).write_bytes(schedule_csv(rows))
        self.status.emit(language.current()("cables.wrote", count=len(rows), path=path))
        return len(rows)

    def _export_dialog(self) -> None:
        t = language.current()
        path, _ = QFileDialog.getSaveFileName(self, t("cables.export"), "cables.csv", "CSV (*.csv)")
        if path:
            self.export_csv(path)

    def retranslate(self) -> None:
        t = language.current()
        self.search.setPlaceholderText(t("cables.search"))
        for key, label in self.labels.items():
            label.setText(t(f"cables.{key}"))
        self.jump_a.setText(t("cables.jump_a"))
        self.jump_b.setText(t("cables.jump_b"))
        self.export_button.setText(t("cables.export"))
        self.model.headerDataChanged.emit(Qt.Horizontal, 0, len(COLUMNS) - 1)
        for box in (self.fabric, self.media, self.part):
            if box.count():
                box.setItemText(0, t("cables.all"))
        self._count()
