"""The Cables dock: every cable of the design in one table, filtered by fabric, rack,
media, length and part and by a search; jump to either end; export the rows shown as
the hand-over cable schedule (``designer.report.handover.cables``, CSV).

Built for 16,384 GPUs (over 60,000 cables): one ``QAbstractTableModel`` over plain
tuples, no widget per row. The filters run in the model, as a few list comprehensions
over the tuples, and the model shows the rows that pass: a ``QSortFilterProxyModel``
would call back into Python once per row on every filter change (measured: its
``filterAcceptsRow`` calls alone cost more than the whole filter pass here), and its
sort would ask for every cell log n times; sorting is a Python sort of the tuples.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
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

from designer.fabric.parts import MediaSelector
from designer.fabric.hand_cabling import part_name
from designer.ui import language
from designer.model.link import Link
from designer.ui.forms import Field, property_box, within_model
from designer.ui.table_model import FlatTableModel
from designer.ui.deferred import Deferred

COLUMNS = ("a", "a_rack", "b", "b_rack", "fabric", "media", "speed", "length", "part")
# tuple fields: position, then the columns in order
A, A_RACK, B, B_RACK, FABRIC, MEDIA, SPEED, LENGTH, PART = range(1, 10)
NO_LIMIT = 0.0


def cable_rows(index, cabling) -> list[tuple]:
    """One tuple per link: (position, A end, A rack, B end, B rack, fabric, media, speed,
    length, part). One pass; a port's group and speed are looked up once per device type
    and port name (per device for a device with split ports), the part once per kind of
    cable."""
    resolver = index.ports
    selector = MediaSelector(cabling)
    parts: dict[tuple, str] = {}
    facts: dict[tuple, tuple] = {}
    # per device: its rack and the key its ports are looked up by
    places = {name: (d.rack or "", name if d.port_breakouts else d.device_type, name)
              for name, d in index.devices.items()}

    def port(place, name: str) -> tuple:
        found = facts[(place[1], name)] = (id(resolver.group(place[2], name)), resolver.speed_gbps(place[2], name))
        return found

    rows = []
    append = rows.append
    get_place = places.get
    get_facts = facts.get
    get_part = parts.get
    for position, link in enumerate(index.design.links):
        a, b = link.a, link.b
        pa, pb = get_place(a.device), get_place(b.device)
        if pa is None or pb is None:
            append((position, f"{a.device}:{a.port}", "", f"{b.device}:{b.port}", "", link.fabric or "",
                    link.media or "", None, link.length_m, ""))
            continue
        ga, sa = get_facts((pa[1], a.port)) or port(pa, a.port)
        gb, sb = get_facts((pb[1], b.port)) or port(pb, b.port)
        speed = (sa if sa <= sb else sb) if sa is not None and sb is not None else None
        media, length = link.media, link.length_m
        key = (pa[1], ga, pb[1], gb, media, length, speed, link.fabric)
        part = get_part(key)
        if part is None:
            try:
                part = part_name(index, cabling, link, selector)
            except (KeyError, ValueError):
                part = ""
            parts[key] = part
        append((position, f"{a.device}:{a.port}", pa[0], f"{b.device}:{b.port}", pb[0], link.fabric or "",
                media or "", speed, length, part))
    return rows



class CableModel(FlatTableModel):
    """``rows``: every cable; ``shown``: those the filters pass, in the order sorted."""

    columns = COLUMNS
    header_key = "cables.col"

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows: list[tuple] = []
        self.shown: list[tuple] = []
        self.sorted_by: tuple[int, object] | None = None

    def load(self, rows: list[tuple], shown: list[tuple]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.shown = self._sorted(shown)
        self.endResetModel()

    def show_only(self, shown: list[tuple]) -> None:
        self.beginResetModel()
        self.shown = self._sorted(shown)
        self.endResetModel()

    def row_list(self) -> list:
        return self.shown

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        row = self.shown[index.row()]
        if role == Qt.DisplayRole:
            value = row[index.column() + 1]
            if index.column() + 1 in (SPEED, LENGTH):
                return "" if value is None else f"{value:g}"
            return value
        if role == Qt.UserRole:
            return row[0]
        return None

    def _sorted(self, rows: list[tuple]) -> list[tuple]:
        if self.sorted_by is None:
            return rows
        field, order = self.sorted_by
        return sorted(rows, reverse=order == Qt.DescendingOrder,
                      key=lambda r: (r[field] is None, r[field] if r[field] is not None else 0))

    def sort(self, column: int, order=Qt.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self.sorted_by = (column + 1, order)
        self.shown = self._sorted(self.shown)
        self.layoutChanged.emit()


# what the user may set on one cable (empty: the route's length and the media it calls for)
LINK_FIELDS = [
    Field("media", "field.media", "choice", choices=("DAC", "ACC", "AOC", "MMF", "SMF", "CAT6A"),
          none_label="field.media_auto"),
    Field("length_m", "field.length_m", "float", "m", maximum=10000, decimals=1),
]
LINK_FIELDS = within_model(LINK_FIELDS, Link)


class CableList(QWidget):
    reveal = Signal(str, str)
    status = Signal(str)
    cable_chosen = Signal(object, object)  # A and B end devices of the chosen cable (None, None: none)

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.model = CableModel(doc, self)
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
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setSortingEnabled(True)
        # the design's own order until a header is clicked (sorting 64,000 rows at every
        # reload would cost a tenth of a second for an order nobody asked for)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.AscendingOrder)
        self.model.sorted_by = None
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        # widths set, not measured: measuring would read every one of 64,000 rows
        for column, width in enumerate((150, 60, 150, 60, 90, 60, 60, 70)):
            self.table.setColumnWidth(column, width)
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
        # the chosen cable's media and length, which the user may set instead of the route's
        # (the part then follows, as the generator chooses it); refusals in the line below
        self.override_error = QLabel()
        self.override_error.setStyleSheet("color: #d0342c")
        self.override_holder = QVBoxLayout()
        layout.addLayout(self.override_holder)
        layout.addWidget(self.override_error)
        self.override_box: QWidget | None = None
        self.override_editors: dict = {}
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
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._chosen())
        self._reload_later = Deferred(self, self.reload)
        self._stale = True
        doc.changed.connect(self._changed)
        self.retranslate()

    # -- content -----------------------------------------------------------------------

    def _changed(self, change) -> None:
        if not (change.links or change.everything or change.devices or change.racks or change.replaced):
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
        rows = cable_rows(self.doc.index, self.doc.catalog.cabling)
        self.model.load(rows, self._filtered(rows))
        self._fill_choices()
        self._count()

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
        self.model.show_only(self._filtered(self.model.rows))
        self._count()

    def _filtered(self, rows: list[tuple]) -> list[tuple]:
        """The rows the filters set now pass: one comprehension per filter in use."""
        fabric, media, part = self.fabric.currentData(), self.media.currentData(), self.part.currentData()
        rack = self.rack.currentText().strip()
        low, high = self.min_length.value(), self.max_length.value()
        if fabric is not None:
            rows = [r for r in rows if r[FABRIC] == fabric]
        if media is not None:
            rows = [r for r in rows if r[MEDIA] == media]
        if part is not None:
            rows = [r for r in rows if r[PART] == part]
        if rack:
            rows = [r for r in rows if r[A_RACK] == rack or r[B_RACK] == rack]
        if low > NO_LIMIT:
            rows = [r for r in rows if r[LENGTH] is not None and r[LENGTH] >= low]
        if high > NO_LIMIT:
            rows = [r for r in rows if r[LENGTH] is not None and r[LENGTH] <= high]
        for word in self.search.text().strip().lower().split():
            rows = [r for r in rows if word in f"{r[A]} {r[A_RACK]} {r[B]} {r[B_RACK]} {r[FABRIC]} {r[MEDIA]} "
                                               f"{r[PART]}".lower()]
        return rows

    def _count(self) -> None:
        t = language.current()
        self.count.setText(t("cables.shown", shown=t.int(len(self.model.shown)), total=t.int(len(self.model.rows))))

    def visible_positions(self) -> list[int]:
        return [r[0] for r in self.model.shown]

    def current_position(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(Qt.UserRole) if rows else None

    def show_link(self, position: int) -> bool:
        """Select the cable at ``position`` in the list (clearing filters that hide it)."""
        self.ensure_loaded()
        if not any(r[0] == position for r in self.model.shown):
            if not any(r[0] == position for r in self.model.rows):
                return False
            self.set_filters(search="", fabric="", rack="", media="", part="", min_length=0, max_length=0)
        row = next(i for i, r in enumerate(self.model.shown) if r[0] == position)
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        return True

    def _chosen(self) -> None:
        position = self.current_position()
        links = self.doc.design.links
        if position is None or position >= len(links):
            self.cable_chosen.emit(None, None)
        else:
            self.cable_chosen.emit(links[position].a.device, links[position].b.device)
        self._show_override(position if position is not None and position < len(links) else None)

    def _show_override(self, position: int | None) -> None:
        """The chosen cable's media and length as editable fields (empty: chosen by the tool)."""
        if self.override_box is not None:
            self.override_holder.removeWidget(self.override_box)
            self.override_box.hide()
            self.override_box.deleteLater()
            self.override_box, self.override_editors = None, {}
        if position is None:
            return
        t = language.current()
        link = self.doc.design.links[position]
        box, editors = property_box(self.doc, "link", position, t("cables.override", a=str(link.a), b=str(link.b)),
                                    LINK_FIELDS, link, self.override_error)
        self.override_box, self.override_editors = box, editors
        self.override_holder.addWidget(box)

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
