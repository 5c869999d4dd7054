"""The parts palette: the catalog, searchable and grouped by kind, dragged onto racks."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QLineEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from designer.model.loads import device_power_w
from designer.ui import language
from designer.ui.rack_view import PART_MIME

# kind -> the group's title, the proposal's word for it (its bill of materials' sections)
GROUPS = (("server", "bom_servers"), ("switch", "bom_switches"), ("storage", "bom_storage"), ("pdu", "bom_pdus"),
          ("other", "bom_other"))


class PartsTree(QTreeWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(4)  # before the widths; the Palette names the columns
        self.setDragEnabled(True)
        self.setRootIsDecorated(True)
        self.setColumnWidth(0, 230)
        for column in (1, 2, 3):
            self.setColumnWidth(column, 42)

    def startDrag(self, actions) -> None:
        item = self.currentItem()
        slug = item.data(0, Qt.UserRole) if item else None
        if not slug:
            return
        drag = QDrag(self)
        mime = QMimeData()
        mime.setData(PART_MIME, slug.encode())
        mime.setText(slug)
        drag.setMimeData(mime)
        drag.exec(Qt.CopyAction)


class Palette(QWidget):
    def __init__(self, catalog, parent=None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.tree = PartsTree()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)
        self.search.textChanged.connect(self.fill)
        self.retranslate()

    def retranslate(self) -> None:
        """Placeholder, headers and group titles in the window's language (the search stays)."""
        t = language.current()
        self.search.setPlaceholderText(t("palette.search"))
        self.tree.setHeaderLabels([t("palette.part"), "U", "kW", "kg"])
        self.fill(self.search.text())

    def fill(self, text: str = "") -> None:
        words = text.lower().split()
        self.tree.clear()
        t = language.current()
        for kind, title in GROUPS:
            group = QTreeWidgetItem([t(title)])
            group.setFlags(group.flags() & ~Qt.ItemIsDragEnabled)
            for device_type in sorted(self.catalog.device_types.values(), key=lambda t: t.slug):
                if device_type.kind != kind:
                    continue
                haystack = " ".join([device_type.slug, device_type.manufacturer, device_type.model,
                                     device_type.gpus.model if device_type.gpus else "",
                                     " ".join(f"{g.speed_gbps:g}g" for g in device_type.port_groups)]).lower()
                if any(w not in haystack for w in words):
                    continue
                max_w, _typ = device_power_w(device_type)
                # the typical draw stands in where no maximum is published (as in every load
                # sum): marked, so that it is not read as the maximum
                typical_only = device_type.kind != "pdu" and device_type.power.max_w is None and bool(max_w)
                item = QTreeWidgetItem([
                    f"{device_type.manufacturer} {device_type.model}",
                    str(device_type.u_height),
                    (t.num(max_w / 1000, 2) + ("*" if typical_only else "")) if max_w else "?",
                    t.num(device_type.weight_kg, 1) if device_type.weight_kg else "?",
                ])
                if typical_only:
                    item.setToolTip(2, t("palette.typical_only"))
                item.setData(0, Qt.UserRole, device_type.slug)
                item.setToolTip(0, f"{device_type.slug}\n" + "\n".join(s.title for s in device_type.source))
                group.addChild(item)
            if group.childCount():
                self.tree.addTopLevelItem(group)
                group.setExpanded(True)

    def slugs(self) -> list[str]:
        found = []
        for i in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(i)
            found += [group.child(j).data(0, Qt.UserRole) for j in range(group.childCount())]
        return found
