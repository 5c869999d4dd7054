"""The parts palette: the catalog, searchable and grouped by kind, dragged onto racks."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QHeaderView, QLineEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from designer.model.loads import device_power_w
from designer.model.supplied import describe, supplied_figures
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
        # the figures keep their width ("12.00*" with its mark) and the part's name takes the
        # rest, elided: in a dock of a quarter of a 1,366 px screen the kg column was cut off
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.Stretch)
        for column, width in ((1, 34), (2, 52), (3, 48)):
            header.setSectionResizeMode(column, QHeaderView.Fixed)
            self.setColumnWidth(column, width)

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
    """The catalog's parts with their U, kW and kg. Where the open design embeds a part's
    type (with a figure the user supplied, say), the figures shown are the design's, as a
    part dropped from here takes them: a supplied figure is marked "†" with who supplied it,
    a typical draw standing in for an unpublished maximum "*"."""

    def __init__(self, catalog, parent=None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.design = None
        # the design's embedded types the tree was last filled with (slug -> the object)
        self._embedded: dict[str, object] = {}
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

    def set_design(self, design) -> None:
        """Show the figures of ``design``'s embedded types (None: the catalog's alone)."""
        self.design = design
        self._embedded = self._embedded_types()
        self.fill(self.search.text())

    def design_changed(self, design) -> None:
        """After an edit: filled again only when the design's embedded types changed (an
        edit replaces a type's object; a move of a server leaves them alone)."""
        self.design = design
        embedded = self._embedded_types()
        if embedded.keys() != self._embedded.keys() or any(
                embedded[slug] is not self._embedded[slug] for slug in embedded):
            self._embedded = embedded
            self.fill(self.search.text())

    def _embedded_types(self) -> dict[str, object]:
        if self.design is None:
            return {}
        return {device_type.slug: device_type for device_type in self.design.device_types
                if device_type.slug in self.catalog.device_types}

    def fill(self, text: str = "") -> None:
        words = text.lower().split()
        self.tree.clear()
        t = language.current()
        shown = {**self.catalog.device_types, **self._embedded}
        for kind, title in GROUPS:
            group = QTreeWidgetItem([t(title)])
            group.setFlags(group.flags() & ~Qt.ItemIsDragEnabled)
            for device_type in sorted(shown.values(), key=lambda t: t.slug):
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
                supplied = {fig.figure: fig for fig in supplied_figures([device_type])}
                power_mark = "†" if "power.max_w" in supplied else "*" if typical_only else ""
                item = QTreeWidgetItem([
                    f"{device_type.manufacturer} {device_type.model}",
                    str(device_type.u_height),
                    (t.num(max_w / 1000, 2) + power_mark) if max_w else "?",
                    (t.num(device_type.weight_kg, 1) + ("†" if "weight" in supplied else ""))
                    if device_type.weight_kg else "?",
                ])
                name = f"{device_type.manufacturer} {device_type.model}"
                if "power.max_w" in supplied:
                    item.setToolTip(2, "† " + describe(supplied["power.max_w"], t, name))
                elif typical_only:
                    item.setToolTip(2, t("palette.typical_only"))
                if "weight" in supplied:
                    item.setToolTip(3, "† " + describe(supplied["weight"], t, name))
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
