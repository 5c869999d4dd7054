"""The inspector: the selected object's properties, editable, with units and validation.

Every edit becomes a SetProperty command (undoable); the model validates the value
and a refusal is shown under the form, never applied.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QLayout, QScrollArea, QVBoxLayout, QWidget

from designer.ui import language
from designer.ui.forms import Field, property_box
from designer.ui.metrics import rack_figures


# Labels are catalog keys (designer/report/i18n_ui.py), said in the window's language.
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
    Field("pue", "field.pue", "float", maximum=3.0),
    Field("cold_aisle_mm", "field.cold_aisle", "float", "mm", optional=False),
    Field("hot_aisle_mm", "field.hot_aisle", "float", "mm", optional=False),
]
FABRIC_FIELDS = [
    Field("target_oversubscription", "field.target_ratio", "float", ": 1", maximum=64),
]
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


class Inspector(QWidget):
    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.body = QWidget()
        self.form_layout = QVBoxLayout(self.body)
        # never squeeze the forms to fit: scroll instead
        self.form_layout.setSizeConstraint(QLayout.SetMinimumSize)
        scroll = QScrollArea()
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
        self.bind(doc)

    def retranslate(self) -> None:
        """After a language switch: the forms again, in the new words."""
        self.error.setText("")
        self.rebuild()

    def bind(self, doc) -> None:
        self.doc = doc
        doc.selection_changed.connect(lambda _s: self.rebuild())
        doc.changed.connect(lambda _c: self.rebuild())
        self.rebuild()

    def rebuild(self) -> None:
        while self.form_layout.count():
            item = self.form_layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.hide()  # gone now, not at the next event loop turn
                widget.deleteLater()
        self.editors.clear()
        selection = self.doc.selection
        design = self.doc.design
        index = self.doc.index
        t = language.current()
        if selection and selection[0] == "rack" and selection[1] in index.racks:
            rack = index.racks[selection[1]]
            self._section("rack", rack.name, t("section.rack", name=rack.name, type=rack.rack_type), RACK_FIELDS, rack)
            for feed in rack.feeds:
                self._section("feed", f"{rack.name}/{feed.name}", t("section.feed", name=feed.name), FEED_FIELDS, feed)
            self._figures(rack.name)
        elif selection and selection[0] == "device" and selection[1] in index.devices:
            device = index.devices[selection[1]]
            device_type = index.type_of(device)
            self._section("device", device.name, t("section.device", name=device.name,
                                                    part=f"{device_type.manufacturer} {device_type.model}"),
                          DEVICE_FIELDS, device)
            self._part(device_type)
        elif selection and selection[0] == "room" and selection[1] in index.rooms:
            room = index.rooms[selection[1]]
            self._section("room", room.name, t("section.room", name=room.name), ROOM_FIELDS, room)
        else:
            for kind, name, title, fields in DESIGN_SECTIONS:
                obj = design if kind == "design" else getattr(design, kind)
                self._section(kind, name, t(title), fields, obj)
            for fabric in design.fabrics:
                self._section("fabric", fabric.name, t("section.fabric", name=fabric.name, protocol=fabric.protocol),
                              FABRIC_FIELDS, fabric)
            for room in design.site.rooms:
                self._section("room", room.name, t("section.room", name=room.name), ROOM_FIELDS, room)
        self.form_layout.addStretch(1)

    def _section(self, kind: str, name: str | None, title: str, fields: list[Field], obj: Any) -> None:
        box, editors = property_box(self.doc, kind, name, title, fields, obj, self.error)
        self.editors.update(editors)
        self.form_layout.addWidget(box)

    def _figures(self, rack_name: str) -> None:
        figures = rack_figures(self.doc, rack_name)
        label = QLabel(figures.tooltip(language.current()))
        label.setTextInteractionFlags(Qt.TextSelectableByMouse)
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
            t("part.weight", kg=t.num(device_type.weight_kg, 1)),  # None: "unknown"
        ]
        lines += [t("part.ports", count=g.count, speed=f"{g.speed_gbps:g}", role=t(f"port_role.{g.role}"),
                    prefix=g.prefix) for g in device_type.port_groups]
        lines += [t("part.source", title=s.title) for s in device_type.source]
        label = QLabel("\n".join(lines))
        label.setWordWrap(True)
        box = QGroupBox(t("section.part"))
        QVBoxLayout(box).addWidget(label)
        self.form_layout.addWidget(box)
