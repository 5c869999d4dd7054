"""Issue 13, parts 2, 4, 5 and the status bar of 7: the window keeps what the user types,
tells the truth at exit and about recovery, has views a user can drive, and shows the
report's figures. Headless (pytest-qt, offscreen); every wait is on a signal or a
condition, never a sleep."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, QStandardPaths, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from conftest import run_cli
from designer.model.device import Device
from designer.model.io import load_design, save_design
from designer.resources import example_design
from designer.ui import recovery
from designer.ui.app import offer_recovery
from designer.ui.document import DesignDocument
from designer.ui.main_window import MainWindow


@pytest.fixture(autouse=True)
def _scratch_settings_and_recovery(tmp_path, qapp):
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "settings"))
    for path, _meta in recovery.pending_recoveries():
        path.unlink()
        path.with_suffix(".meta").unlink(missing_ok=True)
    yield


class Answers:
    """The user's answers to the window's questions, and the questions asked."""

    def __init__(self, window: MainWindow, save_changes: str = "discard", restore: bool = True) -> None:
        self.asked_save: list[str] = []
        self.asked_restore: list[str | None] = []
        window.prompts.ask_save_changes = lambda title: self.asked_save.append(title) or save_changes
        window.prompts.ask_restore = lambda original: self.asked_restore.append(original) or restore
        window.prompts.show_error = lambda title, message: pytest.fail(message)


def open_window(qtbot, catalog, path, **answers) -> tuple[MainWindow, Answers]:
    win = MainWindow(DesignDocument.open(path, catalog), QSettings(str(path.with_suffix(".ini")), QSettings.IniFormat))
    qtbot.addWidget(win)
    said = Answers(win, **answers)
    win.show()
    qtbot.waitExposed(win)
    return win, said


@pytest.fixture()
def example_path(tmp_path, catalog):
    path = tmp_path / "example.json"
    save_design(load_design(example_design(), catalog), path)
    return path


@pytest.fixture()
def win(qtbot, catalog, example_path):
    window, _said = open_window(qtbot, catalog, example_path)
    yield window
    window.doc.runner.wait()
    window.doc.undo_stack.setClean()
    window.close()


def focus(qtbot, widget) -> None:
    qtbot.waitUntil(widget.isVisible)
    widget.activateWindow()
    widget.setFocus(Qt.OtherFocusReason)
    qtbot.waitUntil(widget.hasFocus)


def wheel(widget, up: bool = True) -> QWheelEvent:
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 if up else -120), Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)
    return event


# -- 2. input is sacred ------------------------------------------------------------------


def test_half_typed_customer_survives_background_analysis_landing(win, qtbot):
    inspector = win.inspector
    editor = inspector.editors[("project", None, "customer")]
    focus(qtbot, editor)
    editor.selectAll()
    qtbot.keyClicks(editor, "Half-typ")
    # background analysis of the fabrics lands (what a big design does after every edit)
    with qtbot.waitSignal(win.doc.changed, timeout=20000):
        win.doc.runner.analyse(win.doc.design, {f.name for f in win.doc.design.fabrics})
    assert inspector.editors[("project", None, "customer")] is editor, "the editor being typed in was rebuilt"
    assert editor.isVisible() and editor.hasFocus()
    assert editor.text() == "Half-typ"
    qtbot.keyClick(editor, Qt.Key_Return)
    assert win.doc.design.project.customer == "Half-typ"


def test_values_changed_elsewhere_show_in_place_without_rebuilding(win, qtbot):
    from designer.ui.commands import SetProperty

    win.doc.select("rack", "A01")
    budget = win.inspector.editors[("rack", "A01", "power_budget_kw")]
    win.doc.push(SetProperty(win.doc, "rack", "A01", "power_budget_kw", 30.0))
    assert win.inspector.editors[("rack", "A01", "power_budget_kw")] is budget
    assert budget.value() == 30.0
    win.doc.undo_stack.undo()
    assert budget.value() == 44.0


def test_tab_after_a_committed_field_stays_in_the_inspector(win, qtbot):
    win.doc.select("rack", "A01")
    editors = win.inspector.editors
    budget = editors[("rack", "A01", "power_budget_kw")]
    focus(qtbot, budget)
    budget.lineEdit().selectAll()
    qtbot.keyClicks(budget, "30")
    qtbot.keyClick(budget, Qt.Key_Return)
    assert win.doc.index.racks["A01"].power_budget_kw == 30.0
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
    assert QApplication.focusWidget() is editors[("rack", "A01", "cooling_air_kw")]


def test_tab_after_a_rename_goes_on_to_the_next_field(win, qtbot):
    win.doc.select("rack", "A01")
    name = win.inspector.editors[("rack", "A01", "name")]
    focus(qtbot, name)
    name.selectAll()
    qtbot.keyClicks(name, "A99")
    qtbot.keyClick(name, Qt.Key_Return)
    assert win.doc.selection == ("rack", "A99")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
    assert QApplication.focusWidget() is win.inspector.editors[("rack", "A99", "room")]
    assert win.inspector.editors[("rack", "A99", "name")].text() == "A99"


def test_the_wheel_over_an_unfocused_spin_box_scrolls_instead_of_editing(win, qtbot):
    ratio = win.inspector.editors[("fabric", "compute", "target_oversubscription")]
    before = ratio.value()
    wheel(ratio, up=False)
    wheel(ratio, up=False)
    assert ratio.value() == before, "the wheel changed the compute target ratio"
    assert ratio.focusPolicy() == Qt.StrongFocus
    focus(qtbot, ratio)  # once the user picks the field, the wheel is theirs
    wheel(ratio, up=True)
    assert ratio.value() != before


def test_the_wheel_over_an_unfocused_combo_box_leaves_it(win, qtbot):
    win.doc.select("rack", "A01")
    facing = win.inspector.editors[("rack", "A01", "facing")]
    before = facing.currentIndex()
    wheel(facing, up=False)
    assert facing.currentIndex() == before
    assert win.doc.undo_stack.count() == 0


# -- 4. exit and recovery tell the truth ---------------------------------------------------


class FakeWizard:
    """The new-design wizard, accepted with ``design``; ``during`` runs while it is open
    (the window's timers go on meanwhile)."""

    design = None
    during = None

    def __init__(self, catalog, parent) -> None:
        pass

    def exec(self) -> int:
        if FakeWizard.during:
            FakeWizard.during()
        return 1


@pytest.fixture()
def wizard(monkeypatch, catalog):
    import designer.ui.wizard

    FakeWizard.design = load_design(example_design(), catalog).model_copy(update={"name": "From the wizard"})
    FakeWizard.during = None
    monkeypatch.setattr(designer.ui.wizard, "NewDesignWizard", FakeWizard)
    return FakeWizard


def test_a_design_from_the_wizard_is_marked_unsaved_and_asked_about_at_close(qtbot, catalog, example_path, wizard):
    window, said = open_window(qtbot, catalog, example_path)
    window.new_from_wizard()
    assert window.doc.design.name == "From the wizard"
    assert window.doc.modified and window.isWindowModified()
    assert window.write_recovery() is not None, "unsaved work has a recovery file"
    assert not window.close() or said.asked_save  # discard: closes, but only after asking
    assert said.asked_save == ["Untitled"]
    assert recovery.pending_recoveries() == []


def test_discarding_for_the_wizard_leaves_no_recovery_even_if_autosave_ran_meanwhile(
        qtbot, catalog, example_path, wizard):
    from designer.ui.commands import MoveDevice

    window, said = open_window(qtbot, catalog, example_path)
    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    wizard.during = window.write_recovery  # the autosave timer fires while the wizard is open
    window.new_from_wizard()
    assert said.asked_save == ["example.json"]
    assert window.doc.design.name == "From the wizard"
    assert recovery.pending_recoveries() == [], "the discarded edits would be offered at the next start"
    window.doc.undo_stack.setClean()
    window.close()


def test_discard_at_new_deletes_the_recovery_file(qtbot, catalog, example_path):
    from designer.ui.commands import MoveDevice

    window, said = open_window(qtbot, catalog, example_path)
    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    assert window.write_recovery().exists()
    window.new_blank()
    assert said.asked_save == ["example.json"]
    assert recovery.pending_recoveries() == []
    window.close()


def test_after_discard_and_exit_the_next_start_offers_nothing(qtbot, catalog, example_path):
    from designer.ui.commands import MoveDevice

    window, said = open_window(qtbot, catalog, example_path)
    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    window.write_recovery()
    assert window.close()
    assert said.asked_save == ["example.json"]
    assert not window.autosave.isActive(), "nothing is autosaved after the answer"
    again, said_again = open_window(qtbot, catalog, example_path)
    assert not offer_recovery(again)
    assert said_again.asked_restore == []
    again.close()


def test_undo_back_to_the_saved_state_leaves_nothing_to_recover(qtbot, catalog, example_path):
    from designer.ui.commands import MoveDevice

    window, _said = open_window(qtbot, catalog, example_path)
    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    window.write_recovery()
    window.doc.undo_stack.undo()
    assert recovery.pending_recoveries() == []
    window.close()


def test_a_recovery_older_than_a_later_save_is_not_offered(qtbot, catalog, example_path):
    import os

    design = load_design(example_path, catalog)
    written = recovery.write_recovery(design, example_path)
    meta = json.loads(written.with_suffix(".meta").read_text())
    os.utime(example_path, (meta["saved_at"] + 60, meta["saved_at"] + 60))  # saved a minute later
    window, said = open_window(qtbot, catalog, example_path)
    assert not offer_recovery(window)
    assert said.asked_restore == []
    assert recovery.pending_recoveries() == []
    window.close()


def test_work_never_saved_is_still_offered_after_a_crash(qtbot, catalog, example_path):
    from designer.ui.commands import MoveDevice

    window, _said = open_window(qtbot, catalog, example_path)
    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    window.write_recovery()
    # a crash: no close; the next start offers it
    again, said = open_window(qtbot, catalog, example_path, restore=True)
    assert offer_recovery(again)
    assert said.asked_restore == [str(example_path)]
    assert again.doc.modified and again.doc.index.devices["oob-A01"].position_u == 41
    again.doc.undo_stack.setClean()
    again.close()
    window.doc.undo_stack.setClean()
    window.close()


# -- 7. figures that agree ------------------------------------------------------------------


def test_the_status_bar_counts_an_unracked_server_as_the_report_does(qtbot, catalog, tmp_path):
    design = load_design(example_design(), catalog)
    design.devices.append(Device(name="spare-dgx", device_type="nvidia-dgx-h100"))  # in no rack
    path = tmp_path / "unracked.json"
    save_design(design, path)
    report = json.loads(run_cli("report", path, "--json").out)["totals"]
    window, _said = open_window(qtbot, catalog, path)
    text = window.summary.text()
    assert f"{report['gpus']} GPUs" in text, text
    assert f"{report['power_max_kw']:.1f} kW" in text, text
    window.close()
