"""Findings, live: grouped by severity; clicking one selects its object and brings it
into view. A summary bar above shows the design's headline figures."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from designer.ui import style

TITLES = {"error": "Errors", "warning": "Warnings", "info": "Notes"}


class FindingsPanel(QWidget):
    reveal = Signal(str, str)  # kind, name

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setWordWrap(True)
        self.busy = QLabel("")
        self.busy.setStyleSheet("color: #666;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.busy)
        layout.addWidget(self.tree)
        self.tree.itemClicked.connect(self._clicked)
        self.bind(doc)

    def bind(self, doc) -> None:
        self.doc = doc
        doc.findings_changed.connect(self.show_findings)
        doc.analysis_busy.connect(lambda busy: self.busy.setText("Analysing the fabric…" if busy else ""))
        if doc.checker is None:
            self.busy.setText("Checking the design…")
        self.show_findings(doc.findings)

    def show_findings(self, findings) -> None:
        self.tree.clear()
        if self.doc.checker is not None:
            self.busy.setText("")
        groups = {}
        for severity in ("error", "warning", "info"):
            group = QTreeWidgetItem([f"{TITLES[severity]} (0)"])
            group.setForeground(0, style.SEVERITY_COLOURS[severity])
            groups[severity] = group
            self.tree.addTopLevelItem(group)
        for finding in findings:
            item = QTreeWidgetItem([f"[{finding.code}] {finding.message}"])
            item.setToolTip(0, f"{finding.message}\n\nFix: {finding.hint}" if finding.hint else finding.message)
            item.setData(0, Qt.UserRole, finding)
            groups[finding.severity].addChild(item)
        for severity, group in groups.items():
            group.setText(0, f"{TITLES[severity]} ({group.childCount()})")
            group.setExpanded(severity != "info")

    def items(self, code: str | None = None) -> list:
        found = []
        for i in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(i)
            for j in range(group.childCount()):
                finding = group.child(j).data(0, Qt.UserRole)
                if code is None or finding.code == code:
                    found.append(group.child(j))
        return found

    def _clicked(self, item) -> None:
        finding = item.data(0, Qt.UserRole)
        if finding is None:
            return
        kind, name = self.locate(finding)
        if kind:
            self.doc.select(kind, name)
            self.reveal.emit(kind, name)

    def locate(self, finding) -> tuple[str | None, str | None]:
        index = self.doc.index
        for name in finding.objects:
            if name in index.devices:
                return "device", name
            if name in index.racks:
                return "rack", name
            if name in index.rooms:
                return "room", name
            if name in index.fabrics:
                return "fabric", name
        return None, None
