"""Edit → Find (Ctrl+F): racks, devices, ports ("device:port"), cables and findings by
name, code or words; choosing a match shows and selects it (``cabling_tools.jump``)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout

from designer.model.edits.links import device_ports
from designer.ui import language

LIMIT = 200


def find_matches(doc, text: str, limit: int = LIMIT) -> list[tuple[str, str, str]]:
    """(kind, name, label) of what ``text`` names, best first: exact names, then names that
    start with it, then those that contain it; at most ``limit``. A port is named
    "device:port" (a prefix of the port is enough); a cable by either end; a finding by its
    code or words of its message. Kinds: rack, device, port, cable, finding (a finding's
    and a cable's name is its position)."""
    needle = text.strip().lower()
    if not needle:
        return []
    index = doc.index
    found: list[tuple[int, str, str, str]] = []

    def rank(name: str) -> int | None:
        low = name.lower()
        if low == needle:
            return 0
        if low.startswith(needle):
            return 1
        if needle in low:
            return 2
        return None

    for name in index.racks:
        r = rank(name)
        if r is not None:
            found.append((r, "rack", name, name))
    for name, device in index.devices.items():
        r = rank(name)
        if r is not None:
            found.append((r, "device", name, f"{name} ({device.rack or '–'})"))
    if ":" in needle:
        device_part, _sep, port_part = needle.partition(":")
        for name in index.devices:
            if name.lower() != device_part:
                continue
            for facts, _cage, _lanes in device_ports(index, name):
                if facts.port.lower().startswith(port_part):
                    exact = 0 if facts.port.lower() == port_part else 1
                    found.append((exact, "port", f"{name}:{facts.port}",
                                  f"{name}:{facts.port} · {facts.speed_gbps:g}G"))
        for position, link in enumerate(doc.design.links):
            ends = f"{link.a} - {link.b}"
            if needle in ends.lower():
                found.append((3, "cable", str(position), ends))
                if len(found) > 4 * limit:
                    break
    for position, finding in enumerate(doc.findings):
        if needle in finding.code.lower() or needle in finding.message.lower():
            found.append((4, "finding", str(position), f"{finding.code}: {finding.message}"))
    found.sort(key=lambda m: m[0])
    return [(kind, name, label) for _r, kind, name, label in found[:limit]]


class FindDialog(QDialog):
    chosen = Signal(str, str)

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.results = QListWidget()
        self.count = QLabel()
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.count)
        self.search.textChanged.connect(self.update_results)
        self.search.returnPressed.connect(self.choose_current)
        self.results.itemActivated.connect(lambda _item: self.choose_current())
        self.resize(520, 420)
        self.retranslate()

    def retranslate(self) -> None:
        t = language.current()
        self.setWindowTitle(t("find.title"))
        self.search.setPlaceholderText(t("find.prompt"))
        self.update_results()

    def update_results(self) -> None:
        t = language.current()
        matches = find_matches(self.doc, self.search.text(), LIMIT + 1)
        self.results.clear()
        for kind, name, label in matches[:LIMIT]:
            item = QListWidgetItem(f"{t(f'find.kind.{kind}')} · {label}")
            item.setData(Qt.UserRole, (kind, name))
            self.results.addItem(item)
        if matches:
            self.results.setCurrentRow(0)
        text = t("find.count", count=t.int(min(len(matches), LIMIT)))
        self.count.setText(text + (" · " + t("find.more", count=LIMIT) if len(matches) > LIMIT else ""))

    def choose_current(self) -> None:
        item = self.results.currentItem()
        if item is None:
            return
        kind, name = item.data(Qt.UserRole)
        self.chosen.emit(kind, name)
