"""The open design: model, undo stack, live checker, file state.

Every edit goes through a QUndoCommand on ``undo_stack``; a command edits the model
and calls ``notify(change)``. Views never edit the model themselves: they react to
``changed`` (what an edit touched) and ``findings_changed``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from designer.catalog import Catalog
from designer.checks import Change, Checker, Finding
from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.model.io import load_design, save_design
from designer.ui import recovery
from designer.ui.analysis_worker import AnalysisRunner, keep_collections_short
from designer.ui.lifetime import disconnect_all, empty_when_deleted


# Above this many links an edit that touches everything (a rack added or deleted, a room
# renamed) is re-checked on the worker: at 1,024 GPUs (3,862 links) that check is 0.15 s.
BACKGROUND_RECHECK_LINKS = 2000


class DesignDocument(QObject):
    changed = Signal(object)  # Change
    findings_changed = Signal(list)  # list[Finding]
    analysis_busy = Signal(bool)
    file_changed = Signal()  # path or clean state changed
    selection_changed = Signal(object)  # (kind, name) or None
    replaced = Signal()  # a whole new design was loaded

    def __init__(self, design: Design, catalog: Catalog, path: Path | None = None, parent: QObject | None = None,
                 *, unsaved: bool = False, recovery_key: str | None = None):
        """``unsaved``: the design exists nowhere on disk as it is (fresh from the wizard,
        restored from a recovery file): modified from the start, so closing asks.
        ``recovery_key``: this design's recovery file (a restored design keeps its own);
        a new one otherwise, so no two open designs share one."""
        super().__init__(parent)
        # Once Qt deletes the document (a window that opens another file deletes the old one
        # with its views), what it holds goes at once: the design, its checks and index, the
        # undo history. Wrappers of the deleted views may live on in reference cycles the
        # collector never walks (the next load freezes them), and each holds this document;
        # emptied, it no longer holds the old design (16,384 GPUs: about 850,000 objects).
        empty_when_deleted(self)
        self.recovery_key = recovery_key or recovery.new_key()
        self.catalog = catalog
        self.design = design
        self.path = path
        self.undo_stack = QUndoStack(self)
        if unsaved:
            self.undo_stack.resetClean()  # no undo step leads back to a saved state
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.selection: tuple[str, str] | None = None  # the object the inspector shows
        self.selected: tuple[tuple[str, str], ...] = ()  # all selected objects, that one first
        self.findings: list[Finding] = []
        self.runner = AnalysisRunner(self)
        self.runner.busy.connect(self.analysis_busy)
        self.runner.ready.connect(self._analysis_ready)
        self.checker: Checker | None = None
        self._index: DesignIndex | None = None
        self._stale_index: DesignIndex | None = None  # shown while a re-check builds the fresh one
        self._held_change: Change | None = None  # an edit not drawn yet (waits for that index)
        self._checked_once = False  # has a check of this design landed (first_check_pending)
        self._start_checker()

    def shut_down(self) -> None:
        """Before Qt deletes the document (another file takes its window): its signals reach
        no view or panel any more (they are being deleted, and emptied when they are), the
        work its runner has not started is dropped, and what is running calls nothing back."""
        for signal in (self.changed, self.findings_changed, self.analysis_busy, self.file_changed,
                       self.selection_changed, self.replaced, self.undo_stack.cleanChanged,
                       self.undo_stack.indexChanged, self.undo_stack.canUndoChanged,
                       self.undo_stack.canRedoChanged, self.undo_stack.undoTextChanged,
                       self.undo_stack.redoTextChanged):
            disconnect_all(signal)
        self.runner.shut_down()

    def _clean_changed(self, _clean: bool) -> None:
        self.file_changed.emit()

    # -- files ----------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, catalog: Catalog, parent: QObject | None = None) -> DesignDocument:
        design = load_design(path, catalog)
        return cls(design, catalog, Path(path), parent)

    def save(self, path: str | Path | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name yet; use Save As")
        save_design(self.design, target)
        return self.saved_as(target)

    def saved_as(self, target: Path) -> Path:
        """The design is now on disk as ``target`` (written here or by a worker)."""
        self.path = Path(target)
        self.undo_stack.setClean()
        self.file_changed.emit()
        return self.path

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    # -- edits ----------------------------------------------------------------

    @property
    def index(self) -> DesignIndex:
        """The live checker's index; until the first check lands, one built once and kept
        until the next edit (building it takes a third of a second at 16,384 GPUs, and a
        view asks for it many times while it draws)."""
        if self.checker is not None:
            return self.checker.ctx.index
        if self._index is None:
            if self._stale_index is not None:
                return self._stale_index  # the edit is drawn when the fresh one comes
            self._index = DesignIndex.build(self.design)
        return self._index

    @property
    def index_is_current(self) -> bool:
        """Does ``index`` show the design as it is now? Not while a re-check of a big design
        builds the fresh one (the views keep the old until it comes)."""
        return self.checker is not None or (self._stale_index is None and self._held_change is None)

    @property
    def first_check_pending(self) -> bool:
        """Has no check of this design landed yet (a big design's first, on the worker)?
        Then the views show what the design itself says; during a later re-check they keep
        what they show until it lands."""
        return not self._checked_once

    def push(self, command) -> None:
        self.undo_stack.push(command)

    def notify(self, change: Change) -> None:
        """Called by commands after they edit the model (do and undo alike)."""
        if change.everything and len(self.design.links) > BACKGROUND_RECHECK_LINKS:
            # re-checking everything (a rack added or deleted, a room renamed) takes
            # seconds on a big design: on the worker. Until its fresh index is built the
            # views keep the old one, and draw the edit when it comes ("index" below).
            best = self.checker.ctx.index if self.checker is not None else self._index or self._stale_index
            retired = self.checker
            self._stale_index, self._index, self.checker = best, None, None
            self._hold(change)
            self.runner.pending_change = None  # the new check sees the design as it is now
            # the old checker's caches (a few hundred thousand objects at 16,384 GPUs) are
            # freed on the worker, not on the UI thread (40 ms of the Add-rack stall)
            self.runner.full_check(self.design, self.catalog.cabling, index_first=best is not None, retired=retired)
            del retired
            return
        if self.checker is None:
            # a full check is still running: re-check this when it lands
            self.runner.remember(change)
            if self._stale_index is not None or self._held_change is not None:
                self._hold(change)  # drawn with the edit it follows
                return
            self._index = None
        else:
            heavy = {f for f in change.fabrics if self.runner.is_large(self.design, f)}
            light = dataclasses.replace(change, fabrics=change.fabrics - heavy)
            self.findings = self.checker.update(light)
            if heavy:
                self.runner.analyse(self.design, heavy)
            self.findings_changed.emit(self.findings)
        self.changed.emit(change)

    def _hold(self, change: Change) -> None:
        self._held_change = change if self._held_change is None else self._held_change.merge(change)

    def _release(self) -> None:
        held, self._held_change = self._held_change, None
        if held is not None:
            self.changed.emit(held)

    @property
    def rechecking(self) -> bool:
        """An edit's full re-check is running on the worker (its findings are not in)."""
        return self.checker is None and self.runner.checking

    def select(self, kind: str | None, name: str | None = None) -> None:
        """Select one object (or nothing): the inspector shows it."""
        self._set_selection(((kind, name),) if kind else ())

    def select_many(self, kind: str, names: list[str]) -> None:
        """Select several objects of one kind (a new row's racks); the first is the one the
        inspector shows."""
        self._set_selection(tuple((kind, n) for n in dict.fromkeys(names)))

    def select_row_of(self, rack_name: str) -> None:
        """Select the rack and every rack of its row (Shift-click on the floor, the rack menu)."""
        index = self.index
        rack = index.racks.get(rack_name)
        row = [r.name for r in index.racks_by_room.get(rack.room, []) if r.row == rack.row] \
            if rack is not None and rack.row else []
        self.select_many("rack", [rack_name, *row])

    def toggle_selected(self, kind: str, name: str) -> None:
        """Ctrl-click: add the object to the selection, or take it out."""
        item = (kind, name)
        chosen = [s for s in self.selected if s[0] == kind]  # one kind at a time
        chosen = [s for s in chosen if s != item] if item in chosen else [*chosen, item]
        self._set_selection(tuple(chosen))

    def _set_selection(self, selected: tuple[tuple[str, str], ...]) -> None:
        primary = selected[0] if selected else None
        if selected == self.selected and primary == self.selection:
            return
        self.selected = selected
        self.selection = primary
        self.selection_changed.emit(primary)

    # -- checking ---------------------------------------------------------------

    def _start_checker(self) -> None:
        if len(self.design.links) > BACKGROUND_RECHECK_LINKS:
            keep_collections_short()
        if self.runner.is_large(self.design, None):
            # the first full check of a big design runs in the background
            self.runner.full_check(self.design, self.catalog.cabling)
        else:
            self.checker = Checker(self.design, self.catalog.cabling)
            self._checked_once = True
            self.findings = self.checker.findings()

    def _analysis_ready(self, payload) -> None:
        kind, value = payload
        if kind == "index":
            if self.checker is None:
                self._stale_index, self._index = None, value
                self._release()
            return
        if kind == "checker":
            self.checker = value
            self._checked_once = True
            self._index = self._stale_index = None
            if len(self.design.links) > BACKGROUND_RECHECK_LINKS:
                keep_collections_short()  # the new checker's caches join the frozen objects
            change, self.runner.pending_change = self.runner.pending_change, None
            self.findings = self.checker.update(change) if change is not None else self.checker.findings()
            fabrics: set[str] = set()
        else:
            for name, analysis in value.items():
                self.checker.ctx.set_fabric_analysis(name, analysis)
            fabrics = set(value)
            self.findings = self.checker.refresh_fabrics(fabrics)
        self.findings_changed.emit(self.findings)
        self._release()  # edits made while the check ran, drawn with the index they changed
        self.changed.emit(Change(fabrics=fabrics))

    def wait_for_analysis(self, msecs: int = 60000) -> None:
        """Tests and the screenshot tool: block until background analysis is done."""
        from PySide6.QtCore import QCoreApplication

        self.runner.wait(msecs)
        QCoreApplication.processEvents()
