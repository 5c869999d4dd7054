"""The window's edits go through the core's edit API: what the inspector refuses is what
the loader would refuse, said in the form, and nothing changes (pytest-qt, offscreen)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from designer.model.io import dumps_design, load_design
from tests.test_ui import _isolated_qt_settings, window  # noqa: F401  (fixtures)


def _type(qtbot, editor, text: str) -> None:
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key_Return)


def test_typing_a_room_that_does_not_exist_in_the_inspector_is_refused_and_changes_nothing(window, qtbot, tmp_path,
                                                                                           catalog):
    doc = window.doc
    doc.select("rack", "A02")
    before, steps = dumps_design(doc.design), doc.undo_stack.count()
    _type(qtbot, window.inspector.editors[("rack", "A02", "room")], "Nowhere")
    message = window.inspector.error.text()
    assert 'room "Nowhere" does not exist' in message and "use one of: Hall 1" in message, message
    assert doc.index.racks["A02"].room == "Hall 1"
    # the field shows what the design holds again, not the refused text
    assert window.inspector.editors[("rack", "A02", "room")].text() == "Hall 1"
    assert doc.undo_stack.count() == steps and not doc.modified
    assert dumps_design(doc.design) == before
    # what the window saves, the loader opens
    saved = doc.save(tmp_path / "saved.json")
    assert load_design(saved, catalog).racks[1].room == "Hall 1"


def test_a_feed_the_rack_does_not_have_is_refused_in_the_inspector(window, qtbot):
    doc = window.doc
    doc.select("device", "A01-pdu-A1")
    before = dumps_design(doc.design)
    _type(qtbot, window.inspector.editors[("device", "A01-pdu-A1", "feed")], "PDU-ZZZ")
    assert 'rack "A01" has no feed "PDU-ZZZ"' in window.inspector.error.text()
    assert dumps_design(doc.design) == before and not doc.modified
    _type(qtbot, window.inspector.editors[("device", "A01-pdu-A1", "feed")], "B")
    assert doc.index.devices["A01-pdu-A1"].feed == "B" and window.inspector.error.text() == ""
    doc.undo_stack.undo()
    assert dumps_design(doc.design) == before


def test_a_typed_value_not_confirmed_yet_is_asked_about_before_another_file_opens(window, qtbot):
    """Review by helper-42: a value typed into the inspector without Return, then File → Open
    Recent: the old inspector, deleted, committed it to the old design after the question
    about unsaved work had been skipped, so the edit was lost unasked."""
    from designer.resources import example_design

    doc = window.doc
    doc.select("rack", "A02")
    editor = window.inspector.editors[("rack", "A02", "row")]
    window.activateWindow()
    editor.setFocus()
    qtbot.waitUntil(editor.hasFocus)
    editor.selectAll()
    qtbot.keyClicks(editor, "R9")
    asked: list[str] = []
    window.prompts.ask_save_changes = lambda title: asked.append(title) or "cancel"
    assert not window.open_path(example_design())
    assert asked and doc.modified and window.doc is doc
