"""File → Project details… (issue 16, item 4), headless: the proposal's inputs edited in the
window, checked as the loader checks them, applied as one undo step and saved in the file."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from designer.model.io import load_design, save_design
from designer.resources import example_design
from designer.ui.document import DesignDocument
from designer.ui.project_dialog import ProjectDialog


@pytest.fixture()
def doc(qapp, catalog, tmp_path):
    path = tmp_path / "example.json"
    save_design(load_design(example_design(), catalog), path)
    document = DesignDocument.open(path, catalog)
    yield document
    document.runner.wait()


def test_dialog_shows_the_project_and_applies_one_undo_step(doc, qtbot, tmp_path):
    dialog = ProjectDialog(doc)
    qtbot.addWidget(dialog)
    assert dialog.editors["customer"].text() == "Example AI Lab"
    dialog.editors["company"].setText("Acme Integration GmbH")
    dialog.editors["validity_days"].setValue(60)
    dialog.editors["payment_terms"].setPlainText("30 % at order")
    dialog.editors["spares_pct"].setValue(2)
    dialog.add_revision(["0.9", "2026-11-15", "Jane Roe", "first draft"])
    before = doc.undo_stack.count()
    with qtbot.waitSignal(dialog.accepted):
        dialog.accept()
    project = doc.design.project
    assert (project.company, project.validity_days, project.payment_terms, project.spares_pct) == \
        ("Acme Integration GmbH", 60, "30 % at order", 2)
    assert project.revisions[0].note == "first draft"
    assert doc.undo_stack.count() == before + 1  # one step for all fields
    doc.undo_stack.undo()
    assert doc.design.project.company is None and doc.design.project.revisions == []
    doc.undo_stack.redo()
    saved = doc.save()
    assert load_design(saved).project.company == "Acme Integration GmbH"


def test_a_bad_value_keeps_the_dialog_open_with_the_field(doc, qtbot, tmp_path):
    dialog = ProjectDialog(doc)
    qtbot.addWidget(dialog)
    dialog.add_revision(["", "2026-11-15", "", ""])  # a revision without its number
    before = doc.undo_stack.count()
    dialog.accept()
    assert dialog.result() == 0  # not accepted
    assert "project.revisions" in dialog.error.text()
    assert doc.undo_stack.count() == before
    (tmp_path / "bad.png").write_text("not an image")
    dialog.remove_revision()
    dialog.logo.setText(str(tmp_path / "bad.png"))
    dialog.accept()
    assert "project.logo" in dialog.error.text() and doc.design.project.logo is None


def test_logo_under_the_project_folder_is_stored_relative(doc, qtbot):
    from PIL import Image

    logo = doc.path.parent / "logo.png"
    Image.new("RGB", (30, 10), "navy").save(logo)
    dialog = ProjectDialog(doc)
    qtbot.addWidget(dialog)
    dialog.set_logo(logo)
    assert dialog.logo.text() == "logo.png"
    dialog.accept()
    assert doc.design.project.logo == "logo.png"


def test_file_menu_opens_project_details(doc, qtbot, tmp_path, monkeypatch):
    from designer.ui.main_window import MainWindow

    window = MainWindow(doc, QSettings(str(tmp_path / "win.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    opened = []
    monkeypatch.setattr(ProjectDialog, "exec", lambda self: opened.append(self) or 0)
    action = next(a for a in window.menu_file.actions() if a.text() == "Project details…")
    action.trigger()
    assert opened and opened[0].doc is doc
