"""The designer window: floor plan, rack elevations and topology in tabs; parts,
inspector and findings in docks; files, undo and settings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabWidget,
)

from designer.errors import DesignerError
from designer.model.loads import design_gpus_and_power_max_w
from designer.model.units import W_PER_KW
from designer.ui import background, cabling_tools, language, recovery
from designer.ui.commands import (
    AddRacks,
    AddRoom,
    DeleteObjects,
    DeleteRooms,
    DuplicateDevice,
    DuplicateRack,
    RerouteCables,
    SetProperty,
)
from designer.ui.deferred import Deferred
from designer.ui.document import DesignDocument
from designer.ui.lifetime import retire
from designer.ui.estimates_panel import EstimatesPanel
from designer.ui.findings_panel import FindingsPanel
from designer.ui.floor_view import FloorView, footprint
from designer.ui.inspector import Inspector
from designer.ui.metrics import METRICS
from designer.ui.dock_layout import fit_side_docks
from designer.ui.palette import Palette
from designer.ui.rack_tab import RackTab
from designer.ui.rack_view import RackRowView
from designer.ui.topology_view import TopologyView
from designer.ui.window_files import FileActions, blank_design  # noqa: F401 - blank_design: importable from here too

AUTOSAVE_MS = 3 * 60 * 1000


class Prompts:
    """The questions the window asks the user. A plain object (not a Qt one), so tests
    can answer them by replacing its attributes."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window

    def ask_save_changes(self, title: str) -> str:
        """'save', 'discard' or 'cancel'."""
        t = language.current()
        answer = QMessageBox.question(
            self.window, t("prompt.unsaved_title"), t("prompt.unsaved", title=title),
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
        return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(answer, "cancel")

    def ask_restore(self, original: str | None) -> bool:
        t = language.current()
        answer = QMessageBox.question(
            self.window, t("prompt.restore_title"),
            t("prompt.restore", original=original or t("prompt.an_untitled_design")),
            QMessageBox.Yes | QMessageBox.No, QMessageBox.Yes)
        return answer == QMessageBox.Yes

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self.window, title, message)

    def choose_path(self, title: str, save: bool, filter_text: str, start: str = "") -> str | None:
        if save:
            path, _ = QFileDialog.getSaveFileName(self.window, title, start, filter_text)
        else:
            path, _ = QFileDialog.getOpenFileName(self.window, title, start, filter_text)
        return path or None


class MainWindow(FileActions, QMainWindow):
    def __init__(self, doc: DesignDocument, settings: QSettings | None = None) -> None:
        super().__init__()
        background.keep_ui_responsive()  # worker threads must not starve the UI thread
        self.prompts = Prompts(self)
        self.opening: Path | None = None  # a file being read at start-up
        self.settings = settings or QSettings()
        language.apply(language.saved(self.settings))
        self.catalog = doc.catalog
        self.doc: DesignDocument | None = None
        self.tabs = QTabWidget()
        self.setCentralWidget(self.tabs)
        # Esc anywhere in the views (a canvas, the topology's buttons, the row picker)
        # clears the selection; in the inspector it stays a field's own key
        clear = QShortcut(QKeySequence(Qt.Key_Escape), self.tabs, context=Qt.WidgetWithChildrenShortcut)
        clear.activated.connect(lambda: self.doc.select(None))
        self.summary = QLabel()
        self.statusBar().addPermanentWidget(self.summary)
        self.metric_box = QComboBox()
        for key in METRICS:
            self.metric_box.addItem("", key)
        self.palette = Palette(self.catalog)
        self.parts_dock = self._dock("Parts", self.palette, Qt.LeftDockWidgetArea)
        self.inspector_dock = self._dock("Inspector", None, Qt.RightDockWidgetArea)
        self.findings_dock = self._dock("Findings", None, Qt.RightDockWidgetArea)
        self.estimates_dock = self._dock("Estimates", None, Qt.RightDockWidgetArea)
        self.tabifyDockWidget(self.findings_dock, self.estimates_dock)
        self.findings_dock.raise_()
        self.autosave = QTimer(self, interval=AUTOSAVE_MS)
        self.autosave.timeout.connect(self.write_recovery)
        self.autosave.start()
        self._build_actions()
        cabling_tools.install(self)  # Ports and Cables docks, Find (issue 14)
        self._retitle()
        self._summary_later = Deferred(self, self.update_summary)  # one per window, for every document
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
        # no saved layout (or one Qt cannot read): the docks are given their widths when the
        # window is first shown, at the size the screen lets it have
        self._lay_out_docks = state is None or not self.restoreState(state)
        self._docks_fitted = False

    # -- layout ---------------------------------------------------------------------------

    def _dock(self, name: str, widget, area) -> QDockWidget:
        dock = QDockWidget(self)
        # the saved window layout finds docks by this name: never translated
        dock.setObjectName(name)
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
        self.racks_tab = RackTab(self.racks)
        self.topology = TopologyView(doc)
        current = self.tabs.currentIndex()
        # the old design's views and panels go with it (taken out, they would live on, and
        # with them the old document: a dock keeps the widget it no longer shows)
        gone = [self.tabs.widget(i) for i in range(self.tabs.count())] + [
            dock.widget() for dock in (self.inspector_dock, self.findings_dock, self.estimates_dock)]
        self.tabs.clear()
        for widget in gone:
            if widget is not None:
                retire(widget)
        self.tabs.addTab(self.floor, "")
        self.tabs.addTab(self.racks_tab, "")
        self.tabs.addTab(self.topology, "")
        self._retitle_tabs()
        self.tabs.setCurrentIndex(max(current, 0))
        self.inspector = Inspector(doc)
        self.inspector_dock.setWidget(self.inspector)
        self.findings = FindingsPanel(doc)
        self.findings_dock.setWidget(self.findings)
        self.estimates = EstimatesPanel(doc)
        self.estimates_dock.setWidget(self.estimates)
        self.floor.open_rack.connect(self.open_rack)
        self.floor.context_menu.connect(lambda name, at: self.rack_menu(name).exec(at))
        cabling_tools.connect_views(self)
        self.floor.refused.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.racks.status.connect(self._rack_status)
        self.findings.reveal.connect(self.reveal)
        cabling_tools.bind(self, doc)
        doc.file_changed.connect(self.update_title)
        doc.file_changed.connect(self._drop_recovery_when_clean)
        doc.findings_changed.connect(lambda _f: self._summary_later(self.doc.design))
        doc.changed.connect(lambda _c: self._summary_later(self.doc.design))
        # the palette shows the figures of the types this design embeds (supplied ones)
        self.palette.set_design(doc.design)
        doc.changed.connect(lambda _c: self.palette.design_changed(self.doc.design))
        # "Checking…" while a re-check runs
        doc.analysis_busy.connect(lambda _b: self._summary_later(self.doc.design))
        self.undo_action.setEnabled(True)
        self._bind_undo(doc)
        self.floor.set_metric(self.metric_box.currentData() or "power")
        self.update_title()
        self.update_summary()
        if old is not None:
            old.shut_down()
            old.deleteLater()

    def _bind_undo(self, doc) -> None:
        t = language.current()
        for action in (self.undo_action, self.redo_action):
            self.menu_edit.removeAction(action)
            action.deleteLater()
        self.undo_action = doc.undo_stack.createUndoAction(self, t("action.undo"))
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.redo_action = doc.undo_stack.createRedoAction(self, t("action.redo"))
        self.redo_action.setShortcut(QKeySequence.Redo)
        first = self.menu_edit.actions()[0] if self.menu_edit.actions() else None
        self.menu_edit.insertAction(first, self.undo_action)
        self.menu_edit.insertAction(first, self.redo_action)

    def _build_actions(self) -> None:
        """Menus and toolbar. Every title is a catalog key kept beside its action or menu
        (``self._titles``), so a language switch retitles them in place: shortcuts, the
        recent files and the undo history's actions stay as they are."""
        self._titles: list[tuple[object, str]] = []
        bar = self.menuBar()
        file_menu = self._menu(bar, "menu.file")
        self.menu_file = file_menu
        self._action(file_menu, "action.new", self.new_blank, QKeySequence.New)
        self._action(file_menu, "action.wizard", self.new_from_wizard, "Ctrl+Shift+N")
        self._action(file_menu, "action.open", self.open_dialog, QKeySequence.Open)
        self.recent_menu = self._menu(file_menu, "menu.recent")
        file_menu.addSeparator()
        self._action(file_menu, "action.save", self.save, QKeySequence.Save)
        self._action(file_menu, "action.save_as", self.save_as, QKeySequence.SaveAs)
        self._action(file_menu, "action.project_details", self.edit_project_details)
        export = self._menu(file_menu, "menu.export")
        self._action(export, "export.pdf_en", lambda: self.export("pdf", "en"))
        self._action(export, "export.pdf_zh", lambda: self.export("pdf", "zh"))
        self._action(export, "export.bom_xlsx", lambda: self.export("bom", "xlsx"))
        self._action(export, "export.bom_csv", lambda: self.export("bom", "csv"))
        self._action(export, "export.svg", lambda: self.export("svg", None))
        self._action(export, "export.graphml", lambda: self.export("graphml", None))
        file_menu.addSeparator()
        self._action(file_menu, "action.quit", self.close, QKeySequence.Quit)
        self.menu_edit = self._menu(bar, "menu.edit")
        self.undo_action = QAction(self)
        self.redo_action = QAction(self)
        self.menu_edit.addAction(self.undo_action)
        self.menu_edit.addAction(self.redo_action)
        self.menu_edit.addSeparator()
        self._action(self.menu_edit, "action.delete", self.delete_selection, QKeySequence.Delete)
        self._action(self.menu_edit, "action.duplicate", self.duplicate_selection, "Ctrl+D")
        self._action(self.menu_edit, "action.add_rack", self.add_rack, "Ctrl+R")
        self._action(self.menu_edit, "action.add_row", self.add_row)
        self._action(self.menu_edit, "action.add_room", self.add_room)
        self._action(self.menu_edit, "action.reroute", lambda: self.doc.push(RerouteCables(self.doc)))
        self.menu_view = view = self._menu(bar, "menu.view")
        for i, key in enumerate(("tab.floor", "tab.racks", "tab.topology")):
            self._action(view, key, lambda _=False, i=i: self.tabs.setCurrentIndex(i), f"Ctrl+{i + 1}")
        self._action(view, "action.fit", lambda: self.current_canvas().fit(), "Ctrl+0")
        # zoom by keyboard in whichever view is shown (the wheel zooms too)
        for key, keys, slot in (
                ("action.zoom_in", (QKeySequence.ZoomIn, "Ctrl+="), lambda: self.current_canvas().zoom_in()),
                ("action.zoom_out", (QKeySequence.ZoomOut, "Ctrl+-"), lambda: self.current_canvas().zoom_out())):
            action = QAction(self)
            view.addAction(action)
            self._titles.append((action, key))
            sequences = []
            for binding in keys:  # the platform's own zoom keys may already be these
                for sequence in QKeySequence.keyBindings(binding) if isinstance(
                        binding, QKeySequence.StandardKey) else [QKeySequence(binding)]:
                    if sequence not in sequences:
                        sequences.append(sequence)
            action.setShortcuts(sequences)
            action.triggered.connect(lambda _checked=False, slot=slot: slot())
        view.addSeparator()
        self.menu_language = self._menu(view, "menu.language")
        group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for lang, name in language.LANGUAGE_NAMES.items():
            action = self.menu_language.addAction(name)  # each named in itself: never retitled
            action.setCheckable(True)
            action.setChecked(lang == language.current().lang)
            action.triggered.connect(lambda _checked=False, lang=lang: self.set_language(lang))
            group.addAction(action)
            self.language_actions[lang] = action
        self.toolbar = self.addToolBar("")
        self.toolbar.setObjectName("main-toolbar")
        self.metric_label = QLabel()
        self.toolbar.addWidget(self.metric_label)
        self.toolbar.addWidget(self.metric_box)
        self._fill_recent()

    def _menu(self, parent, key: str):
        menu = parent.addMenu("")
        self._titles.append((menu, key))
        return menu

    def _action(self, menu, key, slot, shortcut=None) -> QAction:
        action = QAction(self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        self._titles.append((action, key))
        return action

    def _retitle(self) -> None:
        """Menus, actions, docks, toolbar and tabs in the window's language."""
        t = language.current()
        for item, key in self._titles:
            if isinstance(item, QAction):
                item.setText(t(key))
            else:
                item.setTitle(t(key))
        for dock, key in ((self.parts_dock, "dock.parts"), (self.inspector_dock, "dock.inspector"),
                          (self.findings_dock, "dock.findings"), (self.estimates_dock, "dock.estimates")):
            dock.setWindowTitle(t(key))
        if hasattr(self, "ports_dock"):
            cabling_tools.retranslate(self)
        self.toolbar.setWindowTitle(t("toolbar.main"))
        self.metric_label.setText(t("toolbar.colour_by"))
        for i, key in enumerate(METRICS.values()):
            self.metric_box.setItemText(i, t(key))
        for lang, action in self.language_actions.items():
            action.setChecked(lang == t.lang)
        self._retitle_tabs()

    def _retitle_tabs(self) -> None:
        t = language.current()
        for i, key in enumerate(("tab.floor", "tab.racks", "tab.topology")[:self.tabs.count()]):
            self.tabs.setTabText(i, t(key))

    def set_language(self, lang: str) -> None:
        """View → Language: switch the whole window live and remember the choice. The
        design, its undo history, the selection and every view's place stay as they are;
        only the words change."""
        self.settings.setValue(language.SETTING, lang)
        language.apply(lang)
        self._retitle()
        self.palette.retranslate()
        for view in (self.floor, self.racks, self.racks_tab, self.topology, self.inspector, self.findings,
                     self.estimates):
            view.retranslate()
        stack = self.doc.undo_stack
        for i in range(stack.count()):
            command = stack.command(i)
            if hasattr(command, "retranslate"):
                command.retranslate()
        self._bind_undo(self.doc)  # the undo and redo actions take the new prefix and names
        self.update_title()
        self.update_summary()

    # -- reactions ------------------------------------------------------------------------------

    def _metric_changed(self) -> None:
        metric = self.metric_box.currentData() or "power"
        self.settings.setValue("colour_metric", metric)
        self.floor.set_metric(metric)

    def _file_title(self) -> str:
        return self.doc.path.name if self.doc.path else language.current()("app.untitled")

    def update_title(self) -> None:
        doc = self.doc
        self.setWindowTitle(language.current()("app.title", design=doc.design.name, file=self._file_title()))
        self.setWindowModified(doc.modified)

    def update_summary(self) -> None:
        doc = self.doc
        t = language.current()
        if doc.checker is None:
            self.summary.setText(t("status.checking"))
            return
        ctx = doc.checker.ctx
        # the report's totals (every device, racked or not), not a sum over the racks
        gpus, power_max_w = design_gpus_and_power_max_w(ctx.index, ctx.rack_load)
        power = power_max_w / W_PER_KW
        worst = None
        for fabric in doc.design.fabrics:
            analysis = ctx.known_fabric_analysis(fabric.name) if fabric.role == "compute" else None
            if analysis is not None:
                ratio = analysis.oversubscription.leaf
                worst = ratio if worst is None or (ratio or 0) > worst else worst
        errors = sum(1 for f in doc.findings if f.severity == "error")
        warnings = sum(1 for f in doc.findings if f.severity == "warning")
        ratio = f"{worst:g}:1" if worst else "–"
        self.summary.setText(
            t("status.summary", gpus=t.int(gpus), racks=t.int(len(doc.design.racks)), kw=t.num(power), ratio=ratio)
            + f" · <span style='color:#d0342c'>{t.count('status.errors', errors)}</span> · "
            + t.count("status.warnings", warnings))

    def current_canvas(self):
        """The drawing of the tab shown (what Ctrl+0 fits and Ctrl+= zooms)."""
        current = self.tabs.currentWidget()
        if current is self.racks_tab:
            return self.racks
        if current is self.topology:
            return self.topology.view
        return self.floor

    def open_rack(self, rack_name: str) -> None:
        self.racks.show_rack(rack_name)
        self.tabs.setCurrentWidget(self.racks_tab)
        self.doc.select("rack", rack_name)

    def reveal(self, kind: str, name: str) -> None:
        if kind == "device":
            device = self.doc.index.devices[name]
            if device.rack:
                self.racks.show_rack(device.rack)
                self.tabs.setCurrentWidget(self.racks_tab)
                self.doc.select("device", name)
        elif kind == "rack":
            self.tabs.setCurrentWidget(self.floor)
        elif kind == "fabric":
            self.topology.set_fabric(name)
            self.tabs.setCurrentWidget(self.topology)
        elif kind == "room":
            self.tabs.setCurrentWidget(self.floor)

    # -- edits ------------------------------------------------------------------------------------

    def _rack_status(self, text: str) -> None:
        """The rack view's word on the current hover or drop; empty clears it."""
        if text:
            self.statusBar().showMessage(text, 8000)
        else:
            self.statusBar().clearMessage()

    def _run(self, make_command) -> None:
        try:
            self.doc.push(make_command())
        except DesignerError as exc:
            self.statusBar().showMessage(exc.format(), 8000)

    def _selected_names(self) -> tuple[str | None, list[str]]:
        """The kind selected and every object of it that is: the devices picked in the
        elevation, else the document's selection (several racks from the floor plan)."""
        selection = self.doc.selection
        if not selection:
            return None, []
        many = self.racks.selected_devices()
        if len(many) > 1 and selection in [("device", n) for n in many]:
            return "device", many
        kind = selection[0]
        return kind, [n for k, n in self.doc.selected if k == kind] or [selection[1]]

    def delete_selection(self) -> None:
        kind, names = self._selected_names()  # all of them: one undo step
        if kind == "device":
            self._run(lambda: DeleteObjects(self.doc, devices=names))
        elif kind == "rack":
            self._run(lambda: DeleteObjects(self.doc, racks=names))  # all selected racks: one undo step
        elif kind == "room":
            self._run(lambda: DeleteRooms(self.doc, names))  # with its racks and their cables
        self.doc.select(None)

    def rack_menu(self, rack_name: str) -> QMenu:
        """What a right-click on a rack of the floor plan offers (the rack is selected first)."""
        t = language.current()
        menu = QMenu(self)
        menu.addAction(t("action.open_elevation"), lambda: self.open_rack(rack_name))
        menu.addAction(t("action.select_row"), lambda: self.doc.select_row_of(rack_name))
        menu.addSeparator()
        menu.addAction(t("action.duplicate"), self.duplicate_selection)
        menu.addAction(t("action.delete"), self.delete_selection)
        return menu

    def duplicate_selection(self) -> None:
        """Duplicate what is selected — several devices or racks as one undo step, refused
        whole (nothing duplicated) when one of them cannot be."""
        kind, names = self._selected_names()
        if kind not in ("device", "rack"):
            return
        make = DuplicateDevice if kind == "device" else DuplicateRack
        if len(names) == 1:
            self._run(lambda: make(self.doc, names[0]))
            return
        t = language.current()
        stack = self.doc.undo_stack
        stack.beginMacro(t("undo.duplicate_many", count=t.int(len(names))))
        try:
            for name in names:  # each made against the design the ones before it left
                self.doc.push(make(self.doc, name))
        except DesignerError as exc:
            stack.endMacro()
            # all or nothing: the part done is undone, then dropped from the history (Qt
            # deletes an obsolete command when asked to redo it, without redoing it)
            stack.undo()
            stack.command(stack.index()).setObsolete(True)
            stack.redo()
            self.statusBar().showMessage(exc.format(), 8000)
            return
        stack.endMacro()

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

    def add_room(self) -> str | None:
        """A new room to the right of the others, selected (drag it, resize it by its
        corner). Returns its name."""
        try:
            command = AddRoom(self.doc)
        except DesignerError as exc:
            self.statusBar().showMessage(exc.format(), 8000)
            return None
        self.doc.push(command)
        self.doc.select("room", command.room)
        return command.room

    def add_row(self) -> None:
        t = language.current()
        count, ok = QInputDialog.getInt(self, t("dialog.add_row_title"), t("dialog.add_row"), 10, 1, 60)
        if ok:
            self.add_row_of(count)

    def add_row_of(self, count: int) -> list[str]:
        """A new row of ``count`` racks, inside its room: the room grows (in the same undo
        step) when the row would stand outside it. The new racks are selected (the first in
        the inspector). Returns
        the new racks' names."""
        doc = self.doc
        try:
            command = AddRacks(doc, self._default_rack_type(), count)
        except DesignerError as exc:
            self.statusBar().showMessage(exc.format(), 8000)
            return []
        racks = command.racks
        room = doc.index.rooms[racks[0].room]
        rack_type = doc.catalog.rack_types[racks[0].rack_type]  # the command checked it is there
        # as far beyond the row as the row starts from the room's near walls
        right = max(r.x_mm + footprint(rack_type, r.facing)[0] for r in racks) + min(r.x_mm for r in racks)
        back = max(r.y_mm + footprint(rack_type, r.facing)[1] for r in racks) + room.hot_aisle_mm
        grow = [(field, size) for field, size, now in (("width_mm", right, room.width_mm),
                                                        ("depth_mm", back, room.depth_mm)) if size > now]
        labels = {"width_mm": "field.width", "depth_mm": "field.depth"}
        stack = doc.undo_stack
        stack.beginMacro(command.text())
        for field, size in grow:
            stack.push(SetProperty(doc, "room", room.name, field, size, labels[field]))
        stack.push(command)
        stack.endMacro()
        names = [r.name for r in racks]
        doc.select_many("rack", names)
        return names

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._docks_fitted:
            # once the shown window has laid out (a resize within showEvent does not hold);
            # only on the first show: a window restored from the task bar keeps the widths
            # the user gave its docks; dropped if the window is gone before it runs
            QTimer.singleShot(0, self, self.fit_docks)

    def fit_docks(self) -> None:
        """The side docks' widths for the window's size, once (``designer.ui.dock_layout``)."""
        if self._docks_fitted:
            return
        self._docks_fitted = True
        fit_side_docks(self, self._lay_out_docks)
        self._lay_out_docks = False

    def closeEvent(self, event) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.autosave.stop()  # nothing is written after the answer
        recovery.remove_recovery(self.doc.recovery_key)
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("window_state", self.saveState())
        self.doc.runner.wait(5000)
        event.accept()
