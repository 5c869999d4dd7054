"""Findings, live: grouped by severity; clicking one selects its object and brings it
into view. A summary bar above shows the design's headline figures."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from designer.ui import language, style

TITLES = {"error": "findings.errors", "warning": "findings.warnings", "info": "findings.notes"}
SEVERITY_ROLE = Qt.UserRole + 1  # on a group item: its severity (findings carry Qt.UserRole)


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
        self.analysing = False
        self.bind(doc)

    def bind(self, doc) -> None:
        self.doc = doc
        doc.findings_changed.connect(self.show_findings)
        doc.analysis_busy.connect(self._busy)
        if doc.checker is None:
            self.busy.setText(language.current()("findings.checking"))
        self.show_findings(doc.findings)

    def _busy(self, busy: bool) -> None:
        self.analysing = busy
        self.busy.setText(language.current()("findings.analysing") if busy else "")

    def retranslate(self) -> None:
        """After a language switch: the findings said again in the new language."""
        if self.doc.checker is None:
            self.busy.setText(language.current()("findings.checking"))
        elif self.analysing:
            self._busy(True)
        self.show_findings(self.doc.findings)

    def show_findings(self, findings) -> None:
        # which groups the user folded or opened survive a refresh (an edit, a language switch)
        expanded = {self.tree.topLevelItem(i).data(0, SEVERITY_ROLE): self.tree.topLevelItem(i).isExpanded()
                    for i in range(self.tree.topLevelItemCount())}
        self.tree.clear()
        if self.doc.checker is not None:
            self.busy.setText("")
        t = language.current()
        groups = {}
        for severity in ("error", "warning", "info"):
            group = QTreeWidgetItem([t(TITLES[severity], count=0)])
            group.setData(0, SEVERITY_ROLE, severity)
            group.setForeground(0, style.SEVERITY_COLOURS[severity])
            groups[severity] = group
            self.tree.addTopLevelItem(group)
        for finding in findings:
            # Chinese from the finding's key and figures; English as the checks wrote it
            data = finding.as_dict()
            message, hint = t.finding_message(data), t.finding_hint(data)
            item = QTreeWidgetItem([f"[{finding.code}] {message}"])
            tooltip = f"{t.code_title(finding.code)}\n{message}"
            item.setToolTip(0, tooltip + (f"\n\n{t('fix', hint=hint)}" if hint else ""))
            item.setData(0, Qt.UserRole, finding)
            groups[finding.severity].addChild(item)
        for severity, group in groups.items():
            group.setText(0, t(TITLES[severity], count=group.childCount()))
            group.setExpanded(expanded.get(severity, severity != "info"))

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
