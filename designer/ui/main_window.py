"""The designer window: floor plan, rack elevations and topology in tabs; parts,
inspector and findings in docks; files, undo and settings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
)

from designer.errors import DesignerError
from designer.model.design import Design
from designer.model.site import Room, Site
from designer.ui import recovery
from designer.ui.commands import AddRacks, DeleteObjects, DuplicateDevice, DuplicateRack, RerouteCables
from designer.ui.document import DesignDocument
from designer.ui.estimates_panel import EstimatesPanel
from designer.ui.findings_panel import FindingsPanel
from designer.ui.floor_view import FloorView
from designer.ui.inspector import Inspector
from designer.ui.metrics import METRICS
from designer.ui.palette import Palette
from designer.ui.rack_view import RackRowView
from designer.ui.topology_view import TopologyView

MAX_RECENT = 8
AUTOSAVE_MS = 3 * 60 * 1000


def blank_design() -> Design:
    return Design(name="Untitled design",
                  site=Site(name="Site", rooms=[Room(name="Hall 1", width_mm=12000, depth_mm=9000)]))


class Prompts:
    """The questions the window asks the user. A plain object (not a Qt one), so tests
    can answer them by replacing its attributes."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window

    def ask_save_changes(self, title: str) -> str:
        """'save', 'discard' or 'cancel'."""
        answer = QMessageBox.question(
            self.window, "Unsaved changes", f"Save the changes to {title}?",
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
        return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(answer, "cancel")

    def ask_restore(self, original: str | None) -> bool:
        answer = QMessageBox.question(
            self.window, "Restore unsaved work?",
            f"Cluster Designer closed unexpectedly. Restore the unsaved changes to "
            f"{original or 'an untitled design'}?", QMessageBox.Yes | QMessageBox.No, QMessageBox.Yes)
        return answer == QMessageBox.Yes

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self.window, title, message)

    def choose_path(self, title: str, save: bool, filter_text: str, start: str = "") -> str | None:
        if save:
            path, _ = QFileDialog.getSaveFileName(self.window, title, start, filter_text)
        else:
            path, _ = QFileDialog.getOpenFileName(self.window, title, start, filter_text)
        return path or None


class MainWindow(QMainWindow):
    def __init__(self, doc: DesignDocument, settings: QSettings | None = None) -> None:
        super().__init__()
        self.prompts = Prompts(self)
        self.settings = settings or QSettings()
        self.catalog = doc.catalog
        self.doc: DesignDocument | None = None
        self.tabs = QTabWidget()
        self.setCentralWidget(self.tabs)
        self.summary = QLabel()
        self.statusBar().addPermanentWidget(self.summary)
        self.metric_box = QComboBox()
        for key, label in METRICS.items():
            self.metric_box.addItem(label, key)
        self.palette = Palette(self.catalog)
        parts = self._dock("Parts", self.palette, Qt.LeftDockWidgetArea)
        self.resizeDocks([parts], [380], Qt.Horizontal)
        self.inspector_dock = self._dock("Inspector", None, Qt.RightDockWidgetArea)
        self.findings_dock = self._dock("Findings", None, Qt.RightDockWidgetArea)
        self.estimates_dock = self._dock("Estimates", None, Qt.RightDockWidgetArea)
        self.tabifyDockWidget(self.findings_dock, self.estimates_dock)
        self.findings_dock.raise_()
        self.autosave = QTimer(self, interval=AUTOSAVE_MS)
        self.autosave.timeout.connect(self.write_recovery)
        self.autosave.start()
        self._build_actions()
        self.set_document(doc)
        metric = self.settings.value("colour_metric", "power")
        found = self.metric_box.findData(metric)
        self.metric_box.setCurrentIndex(max(found, 0))
        self.metric_box.currentIndexChanged.connect(self._metric_changed)
        self._metric_changed()
        geometry = self.settings.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1500, 900)
        state = self.settings.value("window_state")
        if state is not None:
            self.restoreState(state)

    # -- layout ---------------------------------------------------------------------------

    def _dock(self, title: str, widget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        if widget is not None:
            dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def set_document(self, doc: DesignDocument) -> None:
        old = self.doc
        self.doc = doc
        doc.setParent(self)
        self.floor = FloorView(doc)
        self.racks = RackRowView(doc)
        self.topology = TopologyView(doc)
        current = self.tabs.currentIndex()
        self.tabs.clear()
        self.tabs.addTab(self.floor, "Floor plan")
        self.tabs.addTab(self.racks, "Racks")
        self.tabs.addTab(self.topology, "Topology")
        self.tabs.setCurrentIndex(max(current, 0))
        self.inspector = Inspector(doc)
        self.inspector_dock.setWidget(self.inspector)
        self.findings = FindingsPanel(doc)
        self.findings_dock.setWidget(self.findings)
        self.estimates = EstimatesPanel(doc)
        self.estimates_dock.setWidget(self.estimates)
        self.floor.open_rack.connect(self.open_rack)
        self.racks.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.findings.reveal.connect(self.reveal)
        doc.file_changed.connect(self.update_title)
        doc.findings_changed.connect(lambda _f: self.update_summary())
        doc.changed.connect(lambda _c: self.update_summary())
        self.undo_action.setEnabled(True)
        self._bind_undo(doc)
        self.floor.set_metric(self.metric_box.currentData() or "power")
        self.update_title()
        self.update_summary()
        if old is not None:
            old.deleteLater()

    def _bind_undo(self, doc) -> None:
        for action in (self.undo_action, self.redo_action):
            self.menu_edit.removeAction(action)
        self.undo_action = doc.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.redo_action = doc.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.Redo)
        first = self.menu_edit.actions()[0] if self.menu_edit.actions() else None
        self.menu_edit.insertAction(first, self.undo_action)
        self.menu_edit.insertAction(first, self.redo_action)

    def _build_actions(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&New", self.new_blank, QKeySequence.New)
        self._action(file_menu, "New from &wizard…", self.new_from_wizard, "Ctrl+Shift+N")
        self._action(file_menu, "&Open…", self.open_dialog, QKeySequence.Open)
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addSeparator()
        self._action(file_menu, "&Save", self.save, QKeySequence.Save)
        self._action(file_menu, "Save &as…", self.save_as, QKeySequence.SaveAs)
        export = file_menu.addMenu("&Export")
        self._action(export, "Proposal (PDF, English)…", lambda: self.export("pdf", "en"))
        self._action(export, "Proposal (PDF, 中文)…", lambda: self.export("pdf", "zh"))
        self._action(export, "Bill of materials (XLSX)…", lambda: self.export("bom", "xlsx"))
        self._action(export, "Bill of materials (CSV)…", lambda: self.export("bom", "csv"))
        self._action(export, "Drawings (SVG)…", lambda: self.export("svg", None))
        self._action(export, "Topology (GraphML)…", lambda: self.export("graphml", None))
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.Quit)
        self.menu_edit = bar.addMenu("&Edit")
        self.undo_action = QAction("&Undo", self)
        self.redo_action = QAction("&Redo", self)
        self.menu_edit.addAction(self.undo_action)
        self.menu_edit.addAction(self.redo_action)
        self.menu_edit.addSeparator()
        self._action(self.menu_edit, "&Delete", self.delete_selection, QKeySequence.Delete)
        self._action(self.menu_edit, "D&uplicate", self.duplicate_selection, "Ctrl+D")
        self._action(self.menu_edit, "Add &rack", self.add_rack, "Ctrl+R")
        self._action(self.menu_edit, "Add a ro&w of racks…", self.add_row)
        self._action(self.menu_edit, "Re-route &cables", lambda: self.doc.push(RerouteCables(self.doc)))
        view = bar.addMenu("&View")
        for i, title in enumerate(("Floor plan", "Racks", "Topology")):
            self._action(view, title, lambda _=False, i=i: self.tabs.setCurrentIndex(i), f"Ctrl+{i + 1}")
        self._action(view, "Fit floor plan", lambda: self.floor.fit(), "Ctrl+0")
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        toolbar.addWidget(QLabel(" Colour racks by: "))
        toolbar.addWidget(self.metric_box)
        self._fill_recent()

    def _action(self, menu, text, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    # -- reactions ------------------------------------------------------------------------------

    def _metric_changed(self) -> None:
        metric = self.metric_box.currentData() or "power"
        self.settings.setValue("colour_metric", metric)
        self.floor.set_metric(metric)

    def update_title(self) -> None:
        doc = self.doc
        self.setWindowTitle(f"{doc.design.name} — {doc.title}[*] — Cluster Designer")
        self.setWindowModified(doc.modified)

    def update_summary(self) -> None:
        doc = self.doc
        if doc.checker is None:
            self.summary.setText("Checking…")
            return
        ctx = doc.checker.ctx
        gpus = power = 0.0
        for rack in doc.design.racks:
            load = ctx.rack_load(rack.name)
            gpus += load.gpus
            power += load.power_max_kw
        worst = None
        for fabric in doc.design.fabrics:
            analysis = ctx.known_fabric_analysis(fabric.name) if fabric.role == "compute" else None
            if analysis is not None:
                ratio = analysis["oversubscription"]["leaf"]
                worst = ratio if worst is None or (ratio or 0) > worst else worst
        errors = sum(1 for f in doc.findings if f.severity == "error")
        warnings = sum(1 for f in doc.findings if f.severity == "warning")
        ratio = f"{worst:g}:1" if worst else "–"
        self.summary.setText(
            f"{int(gpus):,} GPUs · {len(doc.design.racks)} racks · {power:,.1f} kW · worst oversubscription {ratio} · "
            f"<span style='color:#d0342c'>{errors} errors</span> · {warnings} warnings")

    def open_rack(self, rack_name: str) -> None:
        self.racks.show_rack(rack_name)
        self.tabs.setCurrentWidget(self.racks)
        self.doc.select("rack", rack_name)

    def reveal(self, kind: str, name: str) -> None:
        if kind == "device":
            device = self.doc.index.devices[name]
            if device.rack:
                self.racks.show_rack(device.rack)
                self.tabs.setCurrentWidget(self.racks)
                self.doc.select("device", name)
        elif kind == "rack":
            self.tabs.setCurrentWidget(self.floor)
        elif kind == "fabric":
            self.topology.set_fabric(name)
            self.tabs.setCurrentWidget(self.topology)
        elif kind == "room":
            self.tabs.setCurrentWidget(self.floor)

    # -- edits ------------------------------------------------------------------------------------

    def _run(self, make_command) -> None:
        try:
            self.doc.push(make_command())
        except DesignerError as exc:
            self.statusBar().showMessage(exc.format(), 8000)

    def delete_selection(self) -> None:
        selection = self.doc.selection
        if not selection:
            return
        kind, name = selection
        if kind == "device":
            self._run(lambda: DeleteObjects(self.doc, devices=[name]))
        elif kind == "rack":
            self._run(lambda: DeleteObjects(self.doc, racks=[name]))
        self.doc.select(None)

    def duplicate_selection(self) -> None:
        selection = self.doc.selection
        if selection and selection[0] == "device":
            self._run(lambda: DuplicateDevice(self.doc, selection[1]))
        elif selection and selection[0] == "rack":
            self._run(lambda: DuplicateRack(self.doc, selection[1]))

    def _default_rack_type(self) -> str:
        design = self.doc.design
        return design.racks[-1].rack_type if design.racks else "rack-42u-600"

    def add_rack(self) -> None:
        selection = self.doc.selection
        row = None
        if selection and selection[0] == "rack":
            row = self.doc.index.racks[selection[1]].row
        elif self.doc.design.racks:
            row = self.doc.design.racks[-1].row
        self._run(lambda: AddRacks(self.doc, self._default_rack_type(), 1, row=row))

    def add_row(self) -> None:
        count, ok = QInputDialog.getInt(self, "Add a row of racks", "Racks in the new row:", 10, 1, 60)
        if ok:
            self._run(lambda: AddRacks(self.doc, self._default_rack_type(), count))

    # -- files ----------------------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        if not self.doc.modified:
            return True
        answer = self.prompts.ask_save_changes(self.doc.title)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def open_path(self, path: str | Path) -> bool:
        if not self.maybe_save():
            return False
        try:
            doc = DesignDocument.open(path, self.catalog)
        except DesignerError as exc:
            self.prompts.show_error("Cannot open the design", exc.format())
            return False
        recovery.remove_recovery(self.doc.path)
        self.set_document(doc)
        self._remember(Path(path))
        return True

    def open_dialog(self) -> None:
        path = self.prompts.choose_path("Open design", False, "Cluster designs (*.json)")
        if path:
            self.open_path(path)

    def new_blank(self) -> None:
        if self.maybe_save():
            self.set_document(DesignDocument(blank_design(), self.catalog))

    def new_from_wizard(self) -> None:
        from designer.ui.wizard import NewDesignWizard

        if not self.maybe_save():
            return
        wizard = NewDesignWizard(self.catalog, self)
        if wizard.exec() and wizard.design is not None:
            self.set_document(DesignDocument(wizard.design, self.catalog))

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        try:
            self.doc.save()
        except DesignerError as exc:
            self.prompts.show_error("Cannot save", exc.format())
            return False
        recovery.remove_recovery(self.doc.path)
        self.statusBar().showMessage(f"Saved {self.doc.path}", 5000)
        return True

    def save_as(self) -> bool:
        path = self.prompts.choose_path("Save design as", True, "Cluster designs (*.json)", str(self.doc.path or ""))
        if not path:
            return False
        old = self.doc.path
        try:
            self.doc.save(path)
        except DesignerError as exc:
            self.prompts.show_error("Cannot save", exc.format())
            return False
        recovery.remove_recovery(old)
        self._remember(Path(path))
        return True

    def export(self, what: str, variant: str | None) -> None:
        filters = {"pdf": "PDF (*.pdf)", "bom": f"{variant.upper() if variant else ''} (*.{variant})",
                   "svg": "Folder", "graphml": "GraphML (*.graphml)"}
        if what == "svg":
            path = QFileDialog.getExistingDirectory(self, "Export drawings to folder")
        else:
            path = self.prompts.choose_path("Export", True, filters[what])
        if not path:
            return
        try:
            written = self.export_to(what, path, variant)
        except DesignerError as exc:
            self.prompts.show_error("Export failed", exc.format())
            return
        self.statusBar().showMessage(f"Wrote {', '.join(str(p) for p in written)}", 8000)

    def export_to(self, what: str, path: str, variant: str | None = None) -> list:
        """The same code path as `designer export`."""
        if what == "graphml":
            from designer.report.graphml import write_graphml

            write_graphml(self.doc.index, path)
            return [path]
        from designer.report import exports

        return exports.export_documents(self.doc.design, self.catalog, pdf=path if what == "pdf" else None,
                                        lang=variant or "en", bom=path if what == "bom" else None,
                                        svg=path if what == "svg" else None)

    def _remember(self, path: Path) -> None:
        recent = [p for p in (self.settings.value("recent_files") or []) if p != str(path)]
        recent.insert(0, str(path))
        self.settings.setValue("recent_files", recent[:MAX_RECENT])
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.settings.value("recent_files") or []:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent_menu.actions()))

    def write_recovery(self) -> Path | None:
        if self.doc.modified:
            return recovery.write_recovery(self.doc.design, self.doc.path)
        return None

    def closeEvent(self, event) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        recovery.remove_recovery(self.doc.path)
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("window_state", self.saveState())
        self.doc.runner.wait(5000)
        event.accept()
