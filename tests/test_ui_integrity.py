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
