"""Recovery that cannot crash (issue 18, "Recovery"): one recovery file per open design,
validated before use, a bad one reported and kept aside, autosave failures said, and
closing never raises. Each test reproduces a defect the issue names."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from designer.ui import recovery
from designer.ui.app import offer_recovery
from designer.ui.commands import MoveDevice
from designer.ui.document import DesignDocument
from designer.ui.main_window import MainWindow, blank_design
from test_ui import _isolated_qt_settings  # noqa: F401  (autouse: scratch settings, no recovery files)
from test_ui_integrity import Answers, example_path, open_window  # noqa: F401  (fixture)


def _edit(window) -> Path:
    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    written = window.write_recovery()
    assert written is not None and written.exists()
    return written


def _untitled(qtbot, catalog, tmp_path, name: str) -> MainWindow:
    win = MainWindow(DesignDocument(blank_design(), catalog), QSettings(str(tmp_path / f"{name}.ini"),
                                                                         QSettings.IniFormat))
    qtbot.addWidget(win)
    Answers(win)
    return win


def test_two_windows_on_one_file_keep_their_own_recovery(qtbot, catalog, example_path):
    """Before: both wrote one file keyed by the path, and closing one (Discard) deleted the
    other's unsaved work."""
    first, _ = open_window(qtbot, catalog, example_path)
    second, _ = open_window(qtbot, catalog, example_path)
    a, b = _edit(first), _edit(second)
    assert a != b
    first.close()  # Discard: its own recovery goes
    assert not a.exists() and b.exists(), "the other window's unsaved work is kept"
    second.doc.undo_stack.setClean()
    second.close()


def test_two_untitled_windows_keep_their_own_recovery(qtbot, catalog, tmp_path):
    from designer.model import edits
    from designer.model.site import Room

    one, two = _untitled(qtbot, catalog, tmp_path, "one"), _untitled(qtbot, catalog, tmp_path, "two")
    for win in (one, two):
        from designer.ui.commands.base import DesignCommand

        class AddHall(DesignCommand):
            def __init__(self, doc):
                super().__init__(doc, "undo.add_rack", count=1)
                self.edit = edits.add_room(Room(name="Hall 9", width_mm=5000, depth_mm=5000))

        win.doc.push(AddHall(win.doc))
    a, b = one.write_recovery(), two.write_recovery()
    assert a is not None and b is not None and a != b
    one.close()
    assert b.exists() and not a.exists()
    two.doc.undo_stack.setClean()
    two.close()


@pytest.mark.parametrize("meta", ["[1, 2]", '{"saved_at": "yesterday", "original": 5}', "{", '"text"',
                                  '{"saved_at": NaN}'])
def test_a_malformed_meta_never_crashes_the_start(qtbot, catalog, example_path, meta):
    """Before: a .meta that is a JSON list, or a non-numeric saved_at, crashed every start."""
    window, _ = open_window(qtbot, catalog, example_path)
    written = _edit(window)
    written.with_suffix(".meta").write_text(meta)
    found = recovery.pending_recoveries(drop_stale=True)
    assert [p for p, _m in found] == [written]
    checked = found[0][1]
    assert isinstance(checked["saved_at"], float) and checked["original"] in (None, str(example_path))
    again, said = open_window(qtbot, catalog, example_path, restore=True)
    assert offer_recovery(again), "still offered: its contents are fine"
    assert again.doc.modified
    again.doc.undo_stack.setClean()
    again.close()
    window.doc.undo_stack.setClean()
    window.close()


def test_a_recovery_without_meta_is_asked_about_once(qtbot, catalog, example_path):
    """Before: a .json without .meta came back at every start (declining removed another
    file name)."""
    window, _ = open_window(qtbot, catalog, example_path)
    written = _edit(window)
    written.with_suffix(".meta").unlink()  # (the window "crashed": it never closes)
    again, said = open_window(qtbot, catalog, example_path, restore=False)
    assert not offer_recovery(again)
    assert said.asked_restore == [None]
    assert recovery.pending_recoveries() == [], "declined: gone, not offered at every start"
    again.close()


def test_a_recovery_that_fails_to_load_is_reported_and_kept_aside(qtbot, catalog, example_path):
    """Before: after Restore, a recovery that failed to load was deleted without a word."""
    window, _ = open_window(qtbot, catalog, example_path)
    written = _edit(window)
    written.write_text('{"name": "broken", "site": ')
    again, said = open_window(qtbot, catalog, example_path, restore=True)
    errors = []
    again.prompts.show_error = lambda title, message: errors.append((title, message))
    assert not offer_recovery(again)
    assert errors and written.name.replace(".json", ".bad") in errors[0][1]
    assert written.with_suffix(".bad").exists(), "kept for the user to look at"
    assert recovery.pending_recoveries() == [], "never offered again"
    again.close()


def test_a_restored_design_keeps_writing_its_own_recovery_file(qtbot, catalog, example_path):
    window, _ = open_window(qtbot, catalog, example_path)
    written = _edit(window)
    again, _said = open_window(qtbot, catalog, example_path, restore=True)
    assert offer_recovery(again)
    assert again.doc.recovery_key == written.stem
    assert again.write_recovery() == written, "one file, not a second copy of the same work"
    again.doc.undo_stack.setClean()
    again.close()
    assert not written.exists()


def test_autosave_failure_is_said_and_closing_never_raises(qtbot, catalog, example_path):
    """Before: a disk-full autosave raised in its timer slot; a recovery folder that is a
    file crashed closeEvent."""
    folder = recovery.recovery_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    if folder.exists():
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()
    folder.write_text("not a folder")
    try:
        window, _ = open_window(qtbot, catalog, example_path)
        window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
        assert window.write_recovery() is None
        assert "Autosave failed" in window.statusBar().currentMessage()
        assert recovery.pending_recoveries() == []
        window.close()  # Discard: removing a recovery under a file must not raise
        assert not window.isVisible()
    finally:
        folder.unlink()
