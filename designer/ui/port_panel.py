"""The Ports dock: the selected device's ports (from its port groups: cage, speed, role,
breakout lanes) and what each is cabled to; cabling by hand.

Two tables: the selected device's ports on top, the ports of another device ("Other
end", any rack) below. Drag a port from one table onto a port of the other to cable
them, or pick a port and Connect… to choose the far end from every free port it can go
to (the port picker). Disconnect deletes the cable on the picked port. Every cable is
one undo step; a refused cable says why (speed, cage, role, a port already used).
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from designer.errors import DesignerError
from designer.model.edits.links import candidate_ports, device_ports, used_ports
from designer.model.link import LinkEnd
from designer.ui import language
from designer.ui.table_model import FlatTableModel
from designer.ui.commands.cabling import ConnectPorts, DisconnectCable, link_position
from designer.ui.deferred import Deferred

PORT_MIME = "application/x-cluster-designer-port"
COLUMNS = ("port", "group", "cage", "speed", "role", "lanes", "to", "fabric", "media", "length")
FREE_COLOUR = QColor("#8a8a8a")


def role_word(t, role: str) -> str:
    return t(f"role.{role}") if t.has(f"role.{role}") else role



class PortModel(FlatTableModel):
    """The ports of one device: a row per port (a split port's lanes each a row)."""

    columns = COLUMNS
    header_key = "ports.col"

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.device: str | None = None
        self.rows: list[tuple] = []

    def set_device(self, device: str | None) -> None:
        self.beginResetModel()
        self.device = device if device in self.doc.index.devices else None
        self.rows = []
        if self.device is not None:
            index = self.doc.index
            used = used_ports(index, self.device)
            for facts, cage, lanes in device_ports(index, self.device):
                link = used.get(facts.port)
                far = None
                if link is not None:
                    far = link.b if (link.a.device, link.a.port) == (self.device, facts.port) else link.a
                self.rows.append((facts, cage, lanes, link, far))
        self.endResetModel()

    def row_list(self) -> list:
        return self.rows

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        facts, cage, lanes, link, far = self.rows[index.row()]
        column = COLUMNS[index.column()]
        t = language.current()
        if role == Qt.DisplayRole:
            if column == "port":
                return facts.port
            if column == "group":
                return facts.group
            if column == "cage":
                return f"{facts.cage or '?'} #{cage}"
            if column == "speed":
                return f"{facts.speed_gbps:g}G"
            if column == "role":
                return role_word(t, facts.role)
            if column == "lanes":
                return lanes
            if column == "to":
                return str(far) if far is not None else t("ports.free")
            if column == "fabric":
                return (link.fabric or "") if link is not None else ""
            if column == "media":
                return (link.media or "") if link is not None else ""
            if column == "length":
                return t.num(link.length_m) if link is not None and link.length_m is not None else ""
        if role == Qt.ForegroundRole and column == "to" and far is None:
            return FREE_COLOUR
        if role == Qt.UserRole:
            return facts.port
        return None

    def flags(self, index):
        base = super().flags(index)
        return base | Qt.ItemIsDragEnabled | Qt.ItemIsDropEnabled if index.isValid() else base | Qt.ItemIsDropEnabled

    def supportedDropActions(self):
        return Qt.LinkAction | Qt.CopyAction | Qt.MoveAction

    def mimeTypes(self):
        return [PORT_MIME]

    def mimeData(self, indexes):
        mime = QMimeData()
        if indexes and self.device is not None:
            port = self.rows[indexes[0].row()][0].port
            mime.setData(PORT_MIME, f"{self.device}:{port}".encode())
        return mime

    def port_row(self, port: str) -> int | None:
        return next((i for i, r in enumerate(self.rows) if r[0].port == port), None)


class PortTable(QTableView):
    """A table of one device's ports; a port dragged from the other table and dropped on a
    row here asks for that cable (``dropped(from_end, to_end)``)."""

    dropped = Signal(str, str)

    def __init__(self, model: PortModel, parent=None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDrop)
        self.setDropIndicatorShown(True)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.setAlternatingRowColors(True)

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(PORT_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasFormat(PORT_MIME) and self.indexAt(event.position().toPoint()).isValid():
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event) -> None:
        target = self.indexAt(event.position().toPoint())
        model = self.model()
        if not event.mimeData().hasFormat(PORT_MIME) or not target.isValid() or model.device is None:
            event.ignore()
            return
        source = bytes(event.mimeData().data(PORT_MIME)).decode()
        event.acceptProposedAction()
        self.dropped.emit(source, f"{model.device}:{model.rows[target.row()][0].port}")

    def current_port(self) -> str | None:
        rows = self.selectionModel().selectedRows() if self.selectionModel() else []
        if not rows:
            return None
        return self.model().rows[rows[0].row()][0].port


class PortPanel(QWidget):
    """The Ports dock's widget."""

    status = Signal(str)
    reveal = Signal(str, str)  # kind, name: show this object (the far end of a cable)

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.model = PortModel(doc, self)
        self.table = PortTable(self.model)
        self.far_label = QLabel()
        self.far_edit = QLineEdit()
        self.far_model = PortModel(doc, self)
        self.far_table = PortTable(self.far_model)
        self.connect_button = QPushButton()
        self.disconnect_button = QPushButton()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #666")
        buttons = QHBoxLayout()
        buttons.addWidget(self.connect_button)
        buttons.addWidget(self.disconnect_button)
        buttons.addStretch(1)
        far = QHBoxLayout()
        far.addWidget(self.far_label)
        far.addWidget(self.far_edit, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 3)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addWidget(self.hint)
        layout.addLayout(far)
        layout.addWidget(self.far_table, 2)
        self.table.setMinimumHeight(160)
        self.far_table.setMinimumHeight(90)
        self.connect_button.clicked.connect(self.open_picker)
        self.disconnect_button.clicked.connect(self.disconnect_current)
        self.table.dropped.connect(self.connect_ends)
        self.far_table.dropped.connect(self.connect_ends)
        self.table.doubleClicked.connect(self._follow_far_end)
        self.far_edit.editingFinished.connect(lambda: self.set_far_device(self.far_edit.text().strip()))
        self._refresh_later = Deferred(self, self.refresh)
        doc.selection_changed.connect(self._on_selection)
        doc.changed.connect(lambda _c: self._refresh_later(self.doc.design))
        self.retranslate()
        self._on_selection(doc.selection)

    # -- showing ------------------------------------------------------------------------

    def retranslate(self) -> None:
        t = language.current()
        self.connect_button.setText(t("action.connect"))
        self.disconnect_button.setText(t("action.disconnect"))
        self.far_label.setText(t("ports.far_device"))
        self.hint.setText(t("ports.drag_hint"))
        self.model.headerDataChanged.emit(Qt.Horizontal, 0, len(COLUMNS) - 1)
        self.far_model.headerDataChanged.emit(Qt.Horizontal, 0, len(COLUMNS) - 1)
        self.refresh()

    def _on_selection(self, selection) -> None:
        if selection and selection[0] == "device":
            self.show_device(selection[1])
        elif selection and selection[0] == "port":
            device, _sep, port = selection[1].rpartition(":")
            self.show_device(device)
            self.select_port(port)

    def show_device(self, device: str | None) -> None:
        if device != self.model.device:
            self.message.clear()
        self.model.set_device(device)
        self._retitle()

    def set_far_device(self, device: str | None) -> None:
        self.far_model.set_device(device or None)
        if self.far_edit.text() != (device or ""):
            self.far_edit.setText(device or "")

    def select_port(self, port: str) -> None:
        row = self.model.port_row(port)
        if row is not None:
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))

    def refresh(self) -> None:
        """After an edit: the same devices, their ports as the design now has them."""
        port = self.table.current_port()
        self.model.set_device(self.model.device)
        self.far_model.set_device(self.far_model.device)
        if port is not None:
            self.select_port(port)
        self._retitle()
        names = sorted(self.doc.index.devices)
        completer = QCompleter(names, self.far_edit)
        completer.setCaseSensitivity(Qt.CaseInsensitive)
        completer.setFilterMode(Qt.MatchContains)
        self.far_edit.setCompleter(completer)

    def _retitle(self) -> None:
        t = language.current()
        device = self.model.device
        if device is None:
            self.title.setText(t("ports.none"))
            return
        index = self.doc.index
        device_type = index.type_of(index.devices[device])
        used = sum(1 for r in self.model.rows if r[3] is not None)
        self.title.setText(t("ports.title", device=device, part=f"{device_type.manufacturer} {device_type.model}",
                             used=used, total=len(self.model.rows)))

    # -- cabling -------------------------------------------------------------------------

    def connect_ends(self, a: str, b: str) -> bool:
        """Cable ``a`` to ``b`` ("device:port" each): one undo step, or the refusal said."""
        t = language.current()
        try:
            command = ConnectPorts(self.doc, a, b)
        except DesignerError as exc:
            self._say(t("ports.refused", reason=exc.message))
            return False
        self.doc.push(command)
        link = self.doc.design.links[-1]
        self._say(t("ports.cabled", a=a, b=b, media=link.media or "?",
                    length=t.num(link.length_m) if link.length_m is not None else "?"))
        return True

    def disconnect_current(self) -> bool:
        t = language.current()
        port = self.table.current_port()
        if self.model.device is None or port is None:
            self._say(t("ports.pick_port", device=self.model.device or "–"))
            return False
        position = link_position(self.doc.design, self.model.device, port)
        if position is None:
            return False
        link = self.doc.design.links[position]
        self.doc.push(DisconnectCable(self.doc, position))
        self._say(t("ports.disconnected", a=str(link.a), b=str(link.b)))
        return True

    def open_picker(self) -> None:
        t = language.current()
        port = self.table.current_port()
        if self.model.device is None or port is None:
            self._say(t("ports.pick_port", device=self.model.device or "–"))
            return
        picker = PortPicker(self.doc, LinkEnd(device=self.model.device, port=port), self)
        if picker.exec() == QDialog.Accepted and picker.chosen is not None:
            self.connect_ends(f"{self.model.device}:{port}", picker.chosen)

    def _follow_far_end(self, index) -> None:
        far = self.model.rows[index.row()][4]
        if far is not None:
            self.set_far_device(far.device)
            row = self.far_model.port_row(far.port)
            if row is not None:
                self.far_table.selectRow(row)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.status.emit(text)


class CandidateModel(FlatTableModel):
    COLUMNS = ("device", "rack", "port", "speed", "role", "fabric")
    columns = COLUMNS

    def __init__(self, doc, rows, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows = rows  # (facts, fabric)

    def row_list(self) -> list:
        return self.rows

    def header(self, column: str) -> str:
        t = language.current()
        return t(f"picker.col.{column}") if column in ("device", "rack") else t(f"ports.col.{column}")

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid() or role not in (Qt.DisplayRole, Qt.UserRole):
            return None
        facts, fabric = self.rows[index.row()]
        if role == Qt.UserRole:
            return f"{facts.device}:{facts.port}"
        column = self.COLUMNS[index.column()]
        if column == "device":
            return facts.device
        if column == "rack":
            return self.doc.index.devices[facts.device].rack or ""
        if column == "port":
            return facts.port
        if column == "speed":
            return f"{facts.speed_gbps:g}G"
        if column == "role":
            return role_word(language.current(), facts.role)
        return fabric or ""


class PortPicker(QDialog):
    """The far end of a cable from ``end``: every free port in any rack it can go to,
    searchable by device, rack or port."""

    def __init__(self, doc, end: LinkEnd, parent=None) -> None:
        super().__init__(parent)
        t = language.current()
        self.setWindowTitle(t("picker.title", port=str(end)))
        self.chosen: str | None = None
        self.model = CandidateModel(doc, candidate_ports(doc.index, end), self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseInsensitive)
        self.search = QLineEdit()
        self.search.setPlaceholderText(t("picker.search"))
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.doubleClicked.connect(lambda _i: self.accept())
        self.count = QLabel(t("picker.count", count=t.int(len(self.model.rows))))
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count)
        layout.addWidget(buttons)
        self.resize(640, 480)
        if self.proxy.rowCount():
            self.table.selectRow(0)

    def pick(self, far: str) -> bool:
        """Select the candidate ``far`` ("device:port"); False if it is not one."""
        for row in range(self.proxy.rowCount()):
            if self.proxy.index(row, 0).data(Qt.UserRole) == far:
                self.table.selectRow(row)
                return True
        return False

    def accept(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        self.chosen = rows[0].data(Qt.UserRole) if rows else None
        super().accept()
