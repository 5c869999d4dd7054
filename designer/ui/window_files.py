"""The window's files: New, Open (a big file read on a worker), Save, Save As, exports
written on a worker, recent files and the autosave's recovery file. A part of
``MainWindow`` (``FileActions`` is one of its bases), kept apart from its layout and edits."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QFileDialog,
    QLineEdit,
    QProgressBar,
)

from designer.errors import DesignerError
from designer.model.design import Design
from designer.model.io import save_design
from designer.model.site import Room, Site
from designer.ui import background, language, recovery
from designer.ui.document import DesignDocument
from designer.ui.lifetime import retire

MAX_RECENT = 8


def _move_into_place(staged: Path, target: Path, written: list) -> list[Path]:
    """Documents written under ``staged`` (a file, or a folder of SVGs) moved to ``target``."""
    if staged.is_dir():
        target.mkdir(exist_ok=True)
        moved = []
        for path in written:
            destination = target / Path(path).relative_to(staged)
            os.replace(path, destination)
            moved.append(destination)
        return moved
    os.replace(staged, target)
    return [target]


def blank_design() -> Design:
    """A new design with one room, named in the window's language (the user renames them)."""
    t = language.current()
    return Design(name=t("blank.design"),
                  site=Site(name=t("blank.site"), rooms=[Room(name=t("blank.room"), width_mm=12000, depth_mm=9000)]))


class FileActions:
    """Methods of ``MainWindow`` (they use its ``doc``, ``catalog``, ``settings``,
    ``prompts`` and status bar)."""

    def maybe_save(self) -> bool:
        """Before the design goes (exit, New, Open, the wizard): ask about unsaved work.
        Discarded work is gone for good: its recovery file goes with it. Text typed into a
        field and not confirmed yet is committed first, as leaving the field commits it: else
        the field, deleted with the old design's inspector, committed it to the design
        going away, unasked (review by helper-42: File → Open Recent with a typed value)."""
        focus = QApplication.focusWidget()
        if isinstance(focus, (QLineEdit, QAbstractSpinBox)) and self.isAncestorOf(focus):
            focus.clearFocus()  # its editingFinished: the edit, on the design still open
        if not self.doc.modified:
            return True
        answer = self.prompts.ask_save_changes(self._file_title())
        if answer == "save":
            return self.save()
        if answer == "discard":
            recovery.remove_recovery(self.doc.recovery_key)
            return True
        return False

    def open_path(self, path: str | Path) -> bool:
        if not self.maybe_save():
            return False
        try:
            doc = DesignDocument.open(path, self.catalog)
        except DesignerError as exc:
            self.prompts.show_error(language.current()("error.open"), exc.format())
            return False
        recovery.remove_recovery(self.doc.recovery_key)
        self.set_document(doc)
        self._remember(Path(path))
        return True

    def open_in_background(self, path: str | Path, on_done=None) -> None:
        """Start-up with a file: the window is up at once (empty, "Opening …" in the
        status bar, the views disabled) and the file is read and validated on a worker;
        the design is shown when it is in. A file that cannot be opened shows the
        loader's message. ``on_done(ok)`` after."""
        from designer.model.io import load_design

        t = language.current()
        path = Path(path)
        self.opening = path
        busy = QProgressBar()
        busy.setRange(0, 0)
        busy.setMaximumWidth(160)
        self.statusBar().addWidget(busy)
        # said where the totals go (the empty design's are no news), not as a passing message
        self.summary.setText(t("status.opening", file=path.name))
        parts = [self.tabs, self.parts_dock, self.inspector_dock, self.findings_dock, self.estimates_dock]
        for part in parts:
            part.setEnabled(False)
        catalog = self.catalog

        def loaded(design, error) -> None:
            self.opening = None
            self.statusBar().removeWidget(busy)
            busy.deleteLater()
            self.update_summary()
            for part in parts:
                part.setEnabled(True)
            if error is None:
                self.set_document(DesignDocument(design, catalog, path))
                self._remember(path)
            elif isinstance(error, DesignerError):
                self.prompts.show_error(language.current()("error.open"), error.format())
            else:
                raise error
            if on_done is not None:
                on_done(error is None)

        background.run_later(lambda: load_design(path, catalog), loaded)

    def open_dialog(self) -> None:
        t = language.current()
        path = self.prompts.choose_path(t("dialog.open"), False, t("dialog.designs"))
        if path:
            self.open_path(path)

    def new_blank(self) -> None:
        if self.maybe_save():
            self.set_document(DesignDocument(blank_design(), self.catalog))

    def edit_project_details(self) -> None:
        """File → Project details…: the proposal's inputs (ui/project_dialog.py), one undo step."""
        from designer.ui.project_dialog import ProjectDialog

        dialog = ProjectDialog(self.doc, self)
        dialog.exec()
        retire(dialog)  # a child of the window: it would live as long as the window

    def new_from_wizard(self) -> None:
        from designer.ui.wizard import NewDesignWizard

        # asked once the new design is there: while the wizard is open the current design
        # stays, and the autosave keeps its recovery file as long as it is not discarded
        wizard = NewDesignWizard(self.catalog, self)
        try:
            if wizard.exec() and wizard.design is not None and self.maybe_save():
                # exists nowhere on disk: marked unsaved, and asked about at exit
                self.set_document(DesignDocument(wizard.design, self.catalog, unsaved=True))
        finally:
            # a child of the window holding its last design (the one handed over, or a
            # cancelled preview): deleted, so that opening another file frees that design
            retire(wizard)

    def _save_to(self, target: Path) -> None:
        """Write the design on a worker (a 16,384-GPU design takes seconds to write), the
        window painting meanwhile; no Cancel: a save stopped half-way would leave the user
        unsure what is on disk. Raises the writer's DesignerError."""
        design = self.doc.design
        outcome = background.run_with_progress(
            self, language.current()("progress.save", file=Path(target).name),
            lambda: save_design(design, target), cancellable=False)
        if outcome.error is not None:
            raise outcome.error
        self.doc.saved_as(Path(target))

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        try:
            self._save_to(self.doc.path)
        except DesignerError as exc:
            self.prompts.show_error(language.current()("error.save"), exc.format())
            return False
        recovery.remove_recovery(self.doc.recovery_key)
        self.statusBar().showMessage(language.current()("status.saved", path=self.doc.path), 5000)
        return True

    def save_as(self) -> bool:
        t = language.current()
        path = self.prompts.choose_path(t("dialog.save_as"), True, t("dialog.designs"), str(self.doc.path or ""))
        if not path:
            return False
        try:
            self._save_to(Path(path))
        except DesignerError as exc:
            self.prompts.show_error(t("error.save"), exc.format())
            return False
        recovery.remove_recovery(self.doc.recovery_key)
        self._remember(Path(path))
        return True

    def export(self, what: str, variant: str | None) -> None:
        t = language.current()
        filters = {"pdf": "PDF (*.pdf)", "bom": f"{variant.upper() if variant else ''} (*.{variant})",
                   "svg": t("dialog.folder"), "graphml": "GraphML (*.graphml)"}
        if what == "svg":
            path = QFileDialog.getExistingDirectory(self, t("dialog.export_folder"))
        else:
            path = self.prompts.choose_path(t("dialog.export"), True, filters[what])
        if not path:
            return
        self.export_in_background(what, path, variant)

    def export_in_background(self, what: str, path: str, variant: str | None = None) -> list | None:
        """``export_to`` on a worker, with a progress dialog and Cancel (the PDF of a
        16,384-GPU design takes a quarter of a minute). The documents are written into a
        scratch folder beside the target and moved into place when done, so a cancelled
        export leaves the old files as they were. Returns what was written (None when
        cancelled or refused)."""
        t = language.current()
        target = Path(path)
        try:
            scratch = Path(tempfile.mkdtemp(prefix=".export-", dir=target.parent))
            staged = scratch / target.name
        except OSError:  # no such folder, not writable: the exporter says so, in its words
            scratch, staged = None, target

        def work():
            return self.export_to(what, str(staged), variant)

        def cleanup(_outcome) -> None:
            if scratch is not None:
                shutil.rmtree(scratch, ignore_errors=True)

        # isolated: written by a forked copy of the window's process, which shares no
        # interpreter lock with the UI thread (a 32,768-GPU PDF stalled the window 100-210 ms)
        outcome = background.run_with_progress(self, t("progress.export", file=target.name), work,
                                               on_cancel=cleanup, isolated=True)
        if outcome.cancelled:
            self.statusBar().showMessage(t("status.cancelled", what=t("dialog.export")), 8000)
            return None
        try:
            if outcome.error is not None:
                if isinstance(outcome.error, DesignerError):
                    self.prompts.show_error(t("error.export"), outcome.error.format())
                    return None
                raise outcome.error
            written = _move_into_place(staged, target, outcome.value) if scratch is not None else outcome.value
        finally:
            cleanup(outcome)
        self.statusBar().showMessage(t("status.wrote", paths=", ".join(str(p) for p in written)), 8000)
        return written

    def export_to(self, what: str, path: str, variant: str | None = None) -> list:
        """The same code path as `designer export`."""
        if what == "graphml":
            from designer.report.graphml import write_graphml

            write_graphml(self.doc.index, path)
            return [path]
        from designer.report import exports

        return exports.export_documents(self.doc.design, self.catalog, pdf=path if what == "pdf" else None,
                                        lang=variant or "en", bom=path if what == "bom" else None,
                                        svg=path if what == "svg" else None,
                                        base_dir=self.doc.path.parent if self.doc.path else None)

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

    def _drop_recovery_when_clean(self) -> None:
        """Undo back to the saved state (or a save): nothing is left to recover."""
        if not self.doc.modified:
            recovery.remove_recovery(self.doc.recovery_key)

    def write_recovery(self) -> Path | None:
        """The autosave: the unsaved design's recovery file. A failure (disk full, the
        recovery folder not writable) is said in the status bar, never raised."""
        if not self.doc.modified:
            return None
        try:
            return recovery.write_recovery(self.doc.design, self.doc.path, self.doc.recovery_key)
        except OSError as exc:
            self.statusBar().showMessage(language.current()("status.autosave_failed", error=exc.strerror or exc), 15000)
            return None

