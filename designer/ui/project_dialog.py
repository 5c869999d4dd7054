"""File → Project details…: the proposal's inputs that cannot come from the design.

Customer, the integrator's company, logo and contact, validity and commercial terms,
delivery and lead times, warranty and support, spares and the revision history, all in the
project file's ``project`` section (``designer.model.design.Project``). OK checks every value
as the loader would (one message naming the field, the dialog stays open) and applies the
changed fields as one undo step; Cancel changes nothing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.errors import DesignerError
from designer.model.design import Project
from designer.model.io import describe_validation_error
from designer.ui import language
from designer.ui.commands import SetProperty

# (field, catalog key, editor): line | text (several lines) | int | pct
FIELDS = (
    ("customer", "project.customer", "line"),
    ("company", "project.company", "line"),
    ("author", "project.author", "line"),
    ("contact_name", "project.contact_name", "line"),
    ("contact_email", "project.contact_email", "line"),
    ("contact_phone", "project.contact_phone", "line"),
    ("revision", "project.revision", "line"),
    ("date", "project.date", "line"),
    ("validity_days", "project.validity_days", "int"),
    ("payment_terms", "project.payment_terms", "text"),
    ("delivery_schedule", "project.delivery_schedule", "text"),
    ("lead_times", "project.lead_times", "text"),
    ("warranty", "project.warranty", "text"),
    ("support", "project.support", "text"),
    ("spares_pct", "project.spares_pct", "pct"),
)
REVISION_COLUMNS = ("revision", "date", "author", "note")


class ProjectDialog(QDialog):
    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        # built in the window's language; a dialog is modal, so it never sees a switch
        t = self.t = language.current()
        self.doc = doc
        self.setWindowTitle(t("project.title"))
        project = doc.design.project
        self.editors: dict[str, Any] = {}
        form = QFormLayout()
        for name, key, kind in FIELDS:
            editor = self._editor(kind, getattr(project, name))
            editor.setObjectName(name)
            self.editors[name] = editor
            form.addRow(t(key), editor)
            if name == "author":
                form.addRow(t("project.logo"), self._logo_row(project.logo))
        self.revisions = QTableWidget(0, len(REVISION_COLUMNS))
        self.revisions.setObjectName("revisions")
        self.revisions.setHorizontalHeaderLabels([t(f"project.revision_{c}") for c in REVISION_COLUMNS])
        self.revisions.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.revisions.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.revisions.setMinimumHeight(110)
        for revision in project.revisions:
            self.add_revision([getattr(revision, c) or "" for c in REVISION_COLUMNS])
        add, remove = QPushButton(t("project.add_revision")), QPushButton(t("project.remove_revision"))
        add.clicked.connect(lambda: self.add_revision())
        remove.clicked.connect(self.remove_revision)
        revision_buttons = QHBoxLayout()
        revision_buttons.addWidget(add)
        revision_buttons.addWidget(remove)
        revision_buttons.addStretch(1)
        self.error = QLabel("")
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        body = QWidget()
        inner = QVBoxLayout(body)
        inner.addLayout(form)
        inner.addWidget(QLabel(f"<b>{t('project.revisions')}</b>"))
        inner.addWidget(self.revisions)
        inner.addLayout(revision_buttons)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.Ok)
        layout = QVBoxLayout(self)
        intro = QLabel(t("project.intro"))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(560, 680)

    # -- editors ----------------------------------------------------------------

    def _editor(self, kind: str, value: Any):
        if kind == "text":
            editor = QPlainTextEdit(value or "")
            editor.setFixedHeight(52)
            return editor
        if kind == "int":
            editor = QSpinBox()
            editor.setRange(0, 3650)
            editor.setSpecialValueText(self.t("project.unset"))  # 0: not set
            editor.setSuffix(self.t("project.days_suffix"))
            editor.setValue(value or 0)
            return editor
        if kind == "pct":
            editor = QDoubleSpinBox()
            editor.setRange(0, 100)
            editor.setDecimals(1)
            editor.setSuffix(" %")
            editor.setValue(value or 0)
            return editor
        return QLineEdit(value or "")

    def _logo_row(self, logo: str | None) -> QWidget:
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        self.logo = QLineEdit(logo or "")
        self.logo.setObjectName("logo")
        self.logo.setPlaceholderText(self.t("project.logo_hint"))
        browse, clear = QPushButton(self.t("project.browse")), QPushButton(self.t("project.clear"))
        browse.clicked.connect(self.choose_logo)
        clear.clicked.connect(self.logo.clear)
        box.addWidget(self.logo, 1)
        box.addWidget(browse)
        box.addWidget(clear)
        return row

    def choose_logo(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.t("project.logo"), "", self.t("project.logo_filter"))
        if path:
            self.set_logo(path)

    def set_logo(self, path: str | Path) -> None:
        """A chosen logo, stored relative to the project file's folder when it lies under it."""
        path = Path(path)
        folder = self.doc.path.parent if getattr(self.doc, "path", None) else None
        if folder is not None:
            try:
                path = Path(os.path.relpath(path, folder)) if path.resolve().is_relative_to(folder.resolve()) else path
            except ValueError:  # another drive
                pass
        self.logo.setText(str(path))

    def add_revision(self, values: list[str] | None = None) -> None:
        row = self.revisions.rowCount()
        self.revisions.insertRow(row)
        for column, text in enumerate(values or [""] * len(REVISION_COLUMNS)):
            self.revisions.setItem(row, column, QTableWidgetItem(text))

    def remove_revision(self) -> None:
        rows = sorted({index.row() for index in self.revisions.selectedIndexes()}, reverse=True)
        for row in rows or [self.revisions.rowCount() - 1]:
            if row >= 0:
                self.revisions.removeRow(row)

    # -- values -------------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        """What the dialog holds, as Project fields (empty text and 0 are "not set")."""
        out: dict[str, Any] = {}
        for name, _key, kind in FIELDS:
            editor = self.editors[name]
            if kind == "text":
                out[name] = editor.toPlainText().strip() or None
            elif kind == "int" or kind == "pct":
                out[name] = editor.value() or None
            else:
                out[name] = editor.text().strip() or None
        out["revision"] = out["revision"] or "1.0"
        out["logo"] = self.logo.text().strip() or None
        revisions = []
        for row in range(self.revisions.rowCount()):
            cells = {c: (self.revisions.item(row, n).text().strip() if self.revisions.item(row, n) else "")
                     for n, c in enumerate(REVISION_COLUMNS)}
            if any(cells.values()):
                revisions.append({c: v or None for c, v in cells.items()})
        out["revisions"] = revisions
        return out

    def problem(self, values: dict[str, Any]) -> str | None:
        """Why the values cannot be stored (as the loader says it), or None."""
        current = self.doc.design.project.model_dump()
        try:
            Project.model_validate({**current, **values})
        except ValidationError as exc:
            field, message = describe_validation_error(exc, {**current, **values})
            return self.t("project.refused", field=f"project.{field}", message=message)
        if values.get("logo"):
            from designer.report.pdf.context import logo_file

            folder = self.doc.path.parent if getattr(self.doc, "path", None) else None
            try:
                logo_file(Project.model_validate({**current, **values}), folder)
            except DesignerError as exc:
                return self.t("project.refused", field="project.logo", message=exc.message)
        return None

    def accept(self) -> None:
        values = self.values()
        problem = self.problem(values)
        if problem:
            self.error.setText(problem)
            return
        project = self.doc.design.project
        changed = {name: value for name, value in values.items()
                   if _plain(getattr(project, name)) != _plain(value)}
        if changed:
            stack = self.doc.undo_stack
            stack.beginMacro(self.t("project.undo"))
            try:
                for name, value in changed.items():
                    self.doc.push(SetProperty(self.doc, "project", None, name, value, label=f"project.{name}"))
            except DesignerError as exc:
                stack.endMacro()
                stack.undo()  # the fields already set go back: all or nothing
                self.error.setText(exc.message)
                return
            stack.endMacro()
        super().accept()


def _plain(value: Any) -> Any:
    """A field's value comparable with what the dialog holds (revisions as dicts)."""
    if isinstance(value, list):
        return [v.model_dump() if hasattr(v, "model_dump") else v for v in value]
    return value
