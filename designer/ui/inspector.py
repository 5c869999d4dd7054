"""The inspector: the selected object's properties, editable, with units and validation.

Every edit becomes a SetProperty command (undoable); the model validates the value
and a refusal is shown under the form, never applied.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QDoubleValidator
from PySide6.QtWidgets import (
    QApplication,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from designer.errors import DesignerError
from designer.model.supplied import describe, figure_value, is_user_source, open_figures, supplied_figures
from designer.model.device import Device
from designer.model.link import Fabric
from designer.model.rack import Feed, Rack
from designer.model.site import Room
from designer.model.units import kw_to_w, w_to_kw
from designer.ui import language
from designer.ui.forms import Field, property_box, show_value, within_model
from designer.ui.metrics import rack_figures


# Labels are catalog keys (designer/ui/words.py), said in the window's language.
RACK_FIELDS = [
    Field("name", "field.name", "text", optional=False),
    Field("room", "field.room", "text", optional=False),
    Field("row", "field.row", "text"),
    Field("x_mm", "field.x_mm", "float", "mm", optional=False, maximum=1e6),
    Field("y_mm", "field.y_mm", "float", "mm", optional=False, maximum=1e6),
    Field("facing", "field.facing", "choice", choices=("north", "east", "south", "west")),
    Field("power_budget_kw", "field.power_budget", "float", "kW"),
    Field("cooling_air_kw", "field.air_cooling", "float", "kW"),
    Field("cooling_liquid_kw", "field.liquid_cooling", "float", "kW"),
]
FEED_FIELDS = [Field("capacity_kw", "field.capacity", "float", "kW", optional=False)]
DEVICE_FIELDS = [
    Field("name", "field.name", "text", optional=False),
    Field("rack", "field.rack", "text"),
    Field("position_u", "field.position_u", "int", "U", maximum=60),
    Field("face", "field.face", "choice", choices=("front", "rear")),
    Field("feed", "field.feed", "text"),
]
ROOM_FIELDS = [
    Field("name", "field.name", "text", optional=False),
    Field("width_mm", "field.width", "float", "mm", optional=False),
    Field("depth_mm", "field.depth", "float", "mm", optional=False),
    Field("floor_load_kg_m2", "field.floor_rating", "float", "kg/m²"),
    Field("power_capacity_kw", "field.power_capacity", "float", "kW"),
    Field("cooling_air_kw", "field.air_cooling", "float", "kW"),
    Field("cooling_liquid_kw", "field.liquid_cooling", "float", "kW"),
    Field("liquid_supply_c", "field.liquid_supply", "float", "°C"),
    Field("pue", "field.pue", "float", maximum=3.0),
    Field("cold_aisle_mm", "field.cold_aisle", "float", "mm", optional=False),
    Field("hot_aisle_mm", "field.hot_aisle", "float", "mm", optional=False),
]
FABRIC_FIELDS = [
    Field("target_oversubscription", "field.target_ratio", "float", ": 1", maximum=64),
]
# each spin box within what its model takes (designer.ui.forms.within_model)
RACK_FIELDS = within_model(RACK_FIELDS, Rack)
FEED_FIELDS = within_model(FEED_FIELDS, Feed)
DEVICE_FIELDS = within_model(DEVICE_FIELDS, Device)
ROOM_FIELDS = within_model(ROOM_FIELDS, Room)
FABRIC_FIELDS = within_model(FABRIC_FIELDS, Fabric)
DESIGN_SECTIONS = [
    ("design", None, "section.design", [Field("name", "field.name", "text", optional=False)]),
    ("project", None, "section.project", [
        Field("customer", "field.customer", "text"), Field("author", "field.author", "text"),
        Field("currency", "field.currency", "text", optional=False),
        Field("revision", "field.revision", "text", optional=False),
        Field("date", "field.date", "text"),
    ]),
    ("targets", None, "section.targets",
     [Field("storage_read_gbytes_s_per_gpu", "field.storage_read", "float", "GB/s")]),
    ("compliance", None, "section.compliance", [
        Field("data_security_covered", "field.security", "tristate"), Field("notes", "field.notes", "text"),
    ]),
]


# The units an engineer types the figures in that a part's box offers to supply
# (``designer.model.supplied.FIGURES``): power in kW, stored in W.
SUPPLY_UNITS = {"power.max_w": "kW", "weight": "kg", "cooling.liquid_share": "", "cooling.liquid_supply_max_c": "°C"}


def _shown(figure: str, value: float) -> str:
    return f"{w_to_kw(value):g}" if figure == "power.max_w" else f"{value:g}"


def _stored(figure: str, typed: float) -> float:
    return kw_to_w(typed) if figure == "power.max_w" else typed


class Inspector(QWidget):
    """Forms for the selection (or the design's settings when nothing is selected).

    Input is sacred: when the model changes (an edit, or background analysis landing)
    the forms keep their widgets and take the new values in place; the editor the user
    is typing in is never touched. Only when the forms themselves must change (another
    selection, a renamed or deleted object) are they built again, and if the user is
    editing a field then, that waits until focus leaves it."""

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.body = QWidget()
        self.form_layout = QVBoxLayout(self.body)
        # never squeeze the forms to fit: scroll instead
        self.form_layout.setSizeConstraint(QLayout.SetMinimumSize)
        self.scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.body)
        self.error = QLabel("")
        self.error.setStyleSheet("color: #d0342c;")
        self.error.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(scroll)
        layout.addWidget(self.error)
        self.editors: dict[tuple[str, str | None, str], QWidget] = {}
        self._signature: tuple = ()
        self._figures_label: QLabel | None = None
        self._held: QWidget | None = None  # the editor a rebuild waits for
        QApplication.instance().focusChanged.connect(self._focus_changed)
        self.bind(doc)

    def retranslate(self) -> None:
        """After a language switch: the forms again, in the new words."""
        self.error.setText("")
        self.rebuild()

    def bind(self, doc) -> None:
        self.doc = doc
        doc.selection_changed.connect(lambda _s: self.refresh())
        doc.changed.connect(lambda _c: self.refresh())
        self.rebuild()

    # -- what to show -----------------------------------------------------------------

    def _plan(self) -> list[tuple]:
        """The forms for the current selection: ("form", kind, name, title, fields, obj),
        ("figures", rack name) and ("part", device type) entries, in order."""
        selection = self.doc.selection
        design = self.doc.design
        index = self.doc.index
        t = language.current()
        plan: list[tuple] = []
        if selection and selection[0] == "rack" and selection[1] in index.racks:
            rack = index.racks[selection[1]]
            plan.append(("form", "rack", rack.name, t("section.rack", name=rack.name, type=rack.rack_type),
                         RACK_FIELDS, rack))
            for feed in rack.feeds:
                plan.append(("form", "feed", f"{rack.name}/{feed.name}", t("section.feed", name=feed.name),
                             FEED_FIELDS, feed))
            plan.append(("figures", rack.name))
        elif selection and selection[0] == "device" and selection[1] in index.devices:
            device = index.devices[selection[1]]
            device_type = index.type_of(device)
            plan.append(("form", "device", device.name,
                         t("section.device", name=device.name, part=f"{device_type.manufacturer} {device_type.model}"),
                         DEVICE_FIELDS, device))
            plan.append(("part", device_type))
        elif selection and selection[0] == "room" and selection[1] in index.rooms:
            room = index.rooms[selection[1]]
            plan.append(("form", "room", room.name, t("section.room", name=room.name), ROOM_FIELDS, room))
        else:
            for kind, name, title, fields in DESIGN_SECTIONS:
                obj = design if kind == "design" else getattr(design, kind)
                plan.append(("form", kind, name, t(title), fields, obj))
            for fabric in design.fabrics:
                plan.append(("form", "fabric", fabric.name,
                             t("section.fabric", name=fabric.name, protocol=fabric.protocol), FABRIC_FIELDS, fabric))
            for room in design.site.rooms:
                plan.append(("form", "room", room.name, t("section.room", name=room.name), ROOM_FIELDS, room))
        return plan

    @staticmethod
    def _signature_of(plan: list[tuple]) -> tuple:
        """What the widgets depend on: the sections, their titles and fields (not the values)."""
        shape = []
        for entry in plan:
            if entry[0] == "form":
                _form, kind, name, title, fields, _obj = entry
                shape.append(("form", kind, name, title, tuple(f.name for f in fields)))
            elif entry[0] == "part":
                part = entry[1]  # its figures too: supplying one shows it in the part's box
                shape.append(("part", part.slug, part.power.max_w, part.weight_kg, part.cooling.liquid_share,
                              len(part.source)))
            else:
                shape.append(entry)
        return tuple(shape)

    # -- updating ---------------------------------------------------------------------

    def editing(self) -> QWidget | None:
        """The editor that has the keyboard focus, if any."""
        focus = QApplication.focusWidget()
        if focus is None or not self.body.isAncestorOf(focus):
            return None
        return next((e for e in self.editors.values() if e is focus or e.isAncestorOf(focus)), None)

    def refresh(self) -> None:
        """After an edit, an analysis or a new selection: values in place when the forms
        stay the same; otherwise the forms again, once the user is not typing in one."""
        plan = self._plan()
        if self._signature_of(plan) == self._signature:
            self._show_values(plan)
            return
        editor = self.editing()
        if editor is not None:
            self._held = editor  # rebuilt when focus leaves it (_focus_changed)
            self._show_values(plan)
            return
        self.rebuild(plan)

    def _show_values(self, plan: list[tuple]) -> None:
        for entry in plan:
            if entry[0] == "form":
                _form, kind, name, _title, fields, obj = entry
                for spec in fields:
                    editor = self.editors.get((kind, name, spec.name))
                    if editor is not None:
                        show_value(editor, spec, getattr(obj, spec.name))
            elif entry[0] == "figures" and self._figures_label is not None:
                self._figures_label.setText(rack_figures(self.doc, entry[1]).tooltip(language.current()))

    def _focus_changed(self, old, _new) -> None:
        """Focus left the editor a rebuild waited for: rebuild now, the keyboard staying
        at the same place in the forms (Tab goes on from the field it reached)."""
        if self._held is not None and old is not None and (old is self._held or self._held.isAncestorOf(old)):
            self._held = None
            plan = self._plan()
            if self._signature_of(plan) != self._signature:
                self.rebuild(plan)

    def rebuild(self, plan: list[tuple] | None = None) -> None:
        plan = self._plan() if plan is None else plan
        # keep the keyboard where it was: the same place in the new forms (a renamed
        # object's forms have the same fields, so Tab goes on from there)
        order = list(self.editors.values())
        focus = self.editing()
        at = order.index(focus) if focus is not None else None
        self._held = None
        while self.form_layout.count():
            item = self.form_layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.hide()  # gone now, not at the next event loop turn
                widget.deleteLater()
        self.editors.clear()
        self._figures_label = None
        for entry in plan:
            if entry[0] == "form":
                self._section(*entry[1:])
            elif entry[0] == "figures":
                self._figures(entry[1])
            else:
                self._part(entry[1])
        self.form_layout.addStretch(1)
        for i in range(self.form_layout.count()):
            widget = self.form_layout.itemAt(i).widget()
            if widget is not None:
                widget.show()  # there now, like the old forms were gone at once
        self._signature = self._signature_of(plan)
        editors = list(self.editors.values())
        if at is not None and at < len(editors):
            editors[at].setFocus(Qt.OtherFocusReason)

    def _section(self, kind: str, name: str | None, title: str, fields: list[Field], obj: Any) -> None:
        box, editors = property_box(self.doc, kind, name, title, fields, obj, self.error)
        self.editors.update(editors)
        self.form_layout.addWidget(box)

    def _figures(self, rack_name: str) -> None:
        figures = rack_figures(self.doc, rack_name)
        label = QLabel(figures.tooltip(language.current()))
        label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self._figures_label = label
        box = QGroupBox(language.current()("section.figures"))
        QVBoxLayout(box).addWidget(label)
        self.form_layout.addWidget(box)

    def _part(self, device_type) -> None:
        from designer.model.loads import device_power_w

        t = language.current()
        max_w, typical_w = device_power_w(device_type)
        airflow = device_type.airflow
        lines = [
            t("part.shape", units=device_type.u_height,
              depth=t("part.full_depth" if device_type.is_full_depth else "part.half_depth"),
              airflow=t(f"airflow.{airflow}") if airflow else t("unknown")),
            t("part.power", max=t.int(max_w), typical=t.int(typical_w),
              max_note=t("part.typical_stands_in") if device_type.power.max_w is None else "",
              typical_note=t("part.max_stands_in") if device_type.power.typical_w is None else ""),
            t("part.weight", kg=t("unknown") if device_type.weight_kg is None
              else f"{t.num(device_type.weight_kg, 1)} kg"),
        ]
        lines += [t("part.ports", count=g.count, speed=f"{g.speed_gbps:g}", role=t(f"port_role.{g.role}"),
                    prefix=g.prefix) for g in device_type.port_groups]
        supplied = {fig.figure: fig for fig in supplied_figures([device_type])}
        lines += [t("part.supplied", line=describe(fig, t)) for fig in supplied.values()]
        lines += [t("part.source", title=s.title) for s in device_type.source if not is_user_source(s)]
        label = QLabel("\n".join(lines))
        label.setWordWrap(True)
        box = QGroupBox(t("section.part"))
        layout = QVBoxLayout(box)
        layout.addWidget(label)
        self.form_layout.addWidget(box)
        figures = open_figures(device_type)
        if figures:
            self.form_layout.addWidget(self._supply_box(device_type, figures))

    def _supply_box(self, device_type, figures: list[str]) -> QGroupBox:
        """Fields for the figures the vendor does not publish (or the user supplied): what is
        typed is stored in the design as supplied by the design's author (SupplyFigure)."""
        t = language.current()
        box = QGroupBox(t("part.supply_title"))
        form = QFormLayout(box)
        hint = QLabel(t("part.supply_hint", who=self.doc.design.project.author or t("supplied.the_user")))
        hint.setWordWrap(True)
        form.addRow(hint)
        for figure in figures:
            value = figure_value(device_type, figure)
            editor = QLineEdit("" if value is None else _shown(figure, value))
            editor.setPlaceholderText(t("part.not_published"))
            editor.setValidator(QDoubleValidator(0.0, 1e7, 3, editor))
            unit = SUPPLY_UNITS[figure]
            form.addRow(f"{t(f'part.supply.{figure}')}{f' ({unit})' if unit else ''}", editor)
            editor.editingFinished.connect(
                lambda e=editor, f=figure, slug=device_type.slug: self._supply(slug, f, e))
            self.editors[("part", device_type.slug, figure)] = editor
        return box

    def _supply(self, slug: str, figure: str, editor: QLineEdit) -> None:
        from designer.ui.commands import SupplyFigure

        text = editor.text().strip().replace(",", ".")
        current = figure_value(self.doc.index.device_types[slug], figure)
        try:
            value = None if not text else _stored(figure, float(text))
        except ValueError:
            self.error.setText(language.current()("field.error", field=figure, error=text))
            return
        if value == current or (value is not None and current is not None and abs(value - current) < 1e-9):
            return
        try:
            self.doc.push(SupplyFigure(self.doc, slug, figure, value))
        except DesignerError as exc:
            self.error.setText(exc.format())
            editor.setText("" if current is None else _shown(figure, current))
            return
        self.error.setText("")
