"""Editable property forms: one editor per model field, with units and validation.

Every edit becomes a SetProperty command (undoable); the model validates the value and a
refusal is shown in the form's error label, never applied. Used by the inspector and the
estimates panel.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from designer.errors import DesignerError
from designer.model.base import numeric_bounds
from designer.ui import language
from designer.ui.commands import MoveDevice, SetProperty, move_problem, target_object


@dataclass
class Field:
    name: str
    label: str  # a catalog key ("field.name"): the form shows it in the window's language
    kind: str  # text | float | int | choice | bool | tristate | readonly
    unit: str = ""  # as written ("kW"), or a catalog key for a unit said in words ("unit.years")
    choices: tuple = ()
    optional: bool = True
    maximum: float = 1e9
    minimum: float = 0.0
    decimals: int = 2
    none_label: str | None = None  # a choice that may be left to the tool: its first item, stored as None


def within_model(fields: list[Field], model: type) -> list[Field]:
    """The fields with their spin boxes' bounds inside what ``model`` takes (its ``ge``/
    ``gt``/``le`` constraints): a box never offers a value the loader would refuse (a
    0 MFU, a PUE below 1). A bound of the form's own that is tighter stays."""
    out = []
    for field in fields:
        if field.kind in ("float", "int"):
            low, low_in, high, high_in = numeric_bounds(model, field.name)
            step = 1.0 if field.kind == "int" else 10.0 ** -field.decimals
            minimum, maximum = field.minimum, field.maximum
            if low is not None:
                minimum = max(minimum, low if low_in else low + step)
            if high is not None:
                maximum = min(maximum, high if high_in else high - step)
            field = replace(field, minimum=minimum, maximum=maximum)
        out.append(field)
    return out


class WheelGuard(QObject):
    """The mouse wheel scrolls the form, never a value under the pointer: a spin box or
    combo box takes the wheel only once the user has focused it (by click or Tab).
    Ignored and filtered out, the wheel event goes on to the scroll area around."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Wheel and not watched.hasFocus():
            event.ignore()
            return True
        return False


_wheel_guard: WheelGuard | None = None


def guard_wheel(editor: QWidget) -> None:
    """No focus from the wheel (Qt.StrongFocus), and no wheel edits unless focused."""
    global _wheel_guard
    if _wheel_guard is None:
        _wheel_guard = WheelGuard(QApplication.instance())
    editor.setFocusPolicy(Qt.StrongFocus)
    editor.installEventFilter(_wheel_guard)


def show_value(editor: QWidget, spec: Field, value: Any, force: bool = False) -> None:
    """Put the model's current ``value`` into ``editor`` in place, without committing it
    (signals blocked). The editor the user is typing in is left alone, unless ``force``
    (a refused value goes back to the model's at once)."""
    if editor.hasFocus() and not force:
        return
    blocked = editor.blockSignals(True)
    try:
        if isinstance(editor, QLineEdit):
            text = "" if value is None else str(value)
            if editor.text() != text:
                editor.setText(text)
        elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
            shown = editor.minimum() if value is None else value
            if editor.value() != shown:
                editor.setValue(shown)
        elif isinstance(editor, QComboBox):
            if spec.kind == "tristate":
                editor.setCurrentIndex(0 if value is None else (1 if value else 2))
            else:
                editor.setCurrentIndex(max(editor.findData(value), 0))
        elif isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QLabel):
            editor.setText(str(value))
    finally:
        editor.blockSignals(blocked)


def property_box(doc, kind: str, name: str | None, title: str, fields: list[Field], obj: Any,
                 error_label: QLabel) -> tuple[QGroupBox, dict]:
    box = QGroupBox(title)
    form = QFormLayout(box)
    editors = {}
    t = language.current()
    for spec in fields:
        editor = _editor(doc, kind, name, spec, getattr(obj, spec.name), error_label)
        editors[(kind, name, spec.name)] = editor
        form.addRow(t(spec.label), editor)
    return box, editors


def _editor(doc, kind: str, name: str | None, spec: Field, value: Any, error_label: QLabel) -> QWidget:
    def commit(new_value):
        if not _commit(doc, kind, name, spec, new_value, error_label):
            # refused: the field shows what the design holds again (the error line says
            # what was typed and why not), so it never shows a value the design lacks
            try:
                current = getattr(target_object(doc.design, kind, name), spec.name)
            except StopIteration:
                return
            show_value(editor, spec, current, force=True)

    t = language.current()

    if spec.kind == "text":
        editor = QLineEdit("" if value is None else str(value))
        editor.editingFinished.connect(lambda: commit(editor.text().strip() or (None if spec.optional else "")))
    elif spec.kind in ("float", "int"):
        editor = QDoubleSpinBox() if spec.kind == "float" else QSpinBox()
        if spec.kind == "float":
            editor.setDecimals(spec.decimals)
        # an optional figure's "not set" is the step below its least value (it was -1, which
        # left the values between -1 and the least one enterable, all refused by the model)
        step = 1 if spec.kind == "int" else 10.0 ** -spec.decimals
        editor.setRange(spec.minimum - step if spec.optional else spec.minimum, spec.maximum)
        if spec.optional:
            editor.setSpecialValueText(t("not_set"))
        editor.setValue(editor.minimum() if value is None else value)
        if spec.unit:
            editor.setSuffix(f" {t(spec.unit) if spec.unit.startswith('unit.') else spec.unit}")
        editor.setKeyboardTracking(False)
        editor.editingFinished.connect(
            lambda: commit(None if spec.optional and editor.value() == editor.minimum() else editor.value()))
    elif spec.kind == "choice":
        editor = QComboBox()
        if spec.none_label is not None:
            editor.addItem(t(spec.none_label), None)
        for choice in spec.choices:  # shown in words, stored as the model's value
            editor.addItem(t(f"choice.{choice}"), choice)
        editor.setCurrentIndex(max(editor.findData(value), 0))
        editor.currentIndexChanged.connect(lambda i: commit(editor.itemData(i)))
    elif spec.kind == "tristate":
        editor = QComboBox()
        editor.addItems([t("field.not_answered"), t("yes"), t("no")])
        editor.setCurrentIndex(0 if value is None else (1 if value else 2))
        editor.currentIndexChanged.connect(lambda i: commit([None, True, False][i]))
    elif spec.kind == "bool":
        editor = QCheckBox()
        editor.setChecked(bool(value))
        editor.toggled.connect(commit)
    else:
        editor = QLabel(str(value))
    if isinstance(editor, (QAbstractSpinBox, QComboBox)):
        guard_wheel(editor)
    return editor


# A device's place is changed like a drag in the elevation: the slot is checked the
# same way and the cables are re-routed.
PLACEMENT_FIELDS = ("rack", "position_u", "face")


def _placement_command(doc, device_name: str, field: str, value: Any) -> MoveDevice:
    device = doc.index.devices[device_name]
    place = {"rack": device.rack, "position_u": device.position_u, "face": device.face, field: value}
    if place["rack"] is not None and place["rack"] not in doc.index.racks:
        raise DesignerError(language.current()("refused.no_such_rack", rack=place["rack"]))
    if place["rack"] is not None and place["position_u"] is not None:
        problem = move_problem(doc, device_name, place["rack"], place["position_u"], place["face"])
        if problem:
            raise DesignerError(problem)
    return MoveDevice(doc, device_name, place["rack"], place["position_u"], place["face"])


def _commit(doc, kind: str, name: str | None, spec: Field, value: Any, error_label: QLabel) -> bool:
    """Push the edit; False when it is refused (the reason is in ``error_label``)."""
    try:
        current = getattr(target_object(doc.design, kind, name), spec.name)
    except StopIteration:
        return True  # the object went (undone, deleted) while its field was being edited
    if value == current:
        return True
    try:
        if kind == "device" and spec.name in PLACEMENT_FIELDS:
            command = _placement_command(doc, name, spec.name, value)
        else:
            command = SetProperty(doc, kind, name, spec.name, value, spec.label)
    except DesignerError as exc:
        t = language.current()
        error_label.setText(t("field.error", field=t(spec.label), error=exc.message))
        return False
    error_label.setText("")
    doc.push(command)
    if spec.name == "name" and doc.selection and doc.selection[1] == name:
        doc.select(kind, value)
    return True
