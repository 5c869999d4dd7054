"""The inspector: the selected object's properties, editable, with units and validation.

Every edit becomes a SetProperty command (undoable); the model validates the value
and a refusal is shown under the form, never applied.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QLayout, QScrollArea, QVBoxLayout, QWidget

from designer.ui.forms import Field, property_box
from designer.ui.metrics import rack_figures


RACK_FIELDS = [
    Field("name", "Name", "text", optional=False),
    Field("room", "Room", "text", optional=False),
    Field("row", "Row", "text"),
    Field("x_mm", "Floor x", "float", "mm", optional=False, maximum=1e6),
    Field("y_mm", "Floor y", "float", "mm", optional=False, maximum=1e6),
    Field("facing", "Front faces", "choice", choices=("north", "east", "south", "west")),
    Field("power_budget_kw", "Power budget", "float", "kW"),
    Field("cooling_air_kw", "Air cooling", "float", "kW"),
    Field("cooling_liquid_kw", "Liquid cooling", "float", "kW"),
]
DEVICE_FIELDS = [
    Field("name", "Name", "text", optional=False),
    Field("rack", "Rack", "text"),
    Field("position_u", "Lowest U", "int", "U", maximum=60),
    Field("face", "Face", "choice", choices=("front", "rear")),
    Field("feed", "Feed (PDUs)", "text"),
]
ROOM_FIELDS = [
    Field("name", "Name", "text", optional=False),
    Field("width_mm", "Width", "float", "mm", optional=False),
    Field("depth_mm", "Depth", "float", "mm", optional=False),
    Field("floor_load_kg_m2", "Floor rating", "float", "kg/m²"),
    Field("power_capacity_kw", "Power capacity", "float", "kW"),
    Field("cooling_air_kw", "Air cooling", "float", "kW"),
    Field("cooling_liquid_kw", "Liquid cooling", "float", "kW"),
    Field("pue", "PUE", "float", maximum=3.0),
    Field("cold_aisle_mm", "Cold aisle", "float", "mm", optional=False),
    Field("hot_aisle_mm", "Hot aisle", "float", "mm", optional=False),
]
FABRIC_FIELDS = [
    Field("target_oversubscription", "Target ratio", "float", ": 1", maximum=64),
]
DESIGN_SECTIONS = [
    ("design", None, "Design", [Field("name", "Name", "text", optional=False)]),
    ("project", None, "Project", [
        Field("customer", "Customer", "text"), Field("author", "Author", "text"),
        Field("currency", "Currency", "text", optional=False), Field("revision", "Revision", "text", optional=False),
        Field("date", "Date", "text"),
    ]),
    ("targets", None, "Targets", [Field("storage_read_gbytes_s_per_gpu", "Storage read per GPU", "float", "GB/s")]),
    ("compliance", None, "Security and compliance", [
        Field("data_security_covered", "Data security covered", "tristate"), Field("notes", "Notes", "text"),
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
        if selection and selection[0] == "rack" and selection[1] in index.racks:
            rack = index.racks[selection[1]]
            self._section("rack", rack.name, f"Rack {rack.name} ({rack.rack_type})", RACK_FIELDS, rack)
            for feed in rack.feeds:
                self._section("feed", f"{rack.name}/{feed.name}", f"Feed {feed.name}",
                              [Field("capacity_kw", "Capacity", "float", "kW", optional=False)], feed)
            self._figures(rack.name)
        elif selection and selection[0] == "device" and selection[1] in index.devices:
            device = index.devices[selection[1]]
            device_type = index.type_of(device)
            self._section("device", device.name, f"{device.name}: {device_type.manufacturer} {device_type.model}",
                          DEVICE_FIELDS, device)
            self._part(device_type)
        elif selection and selection[0] == "room" and selection[1] in index.rooms:
            room = index.rooms[selection[1]]
            self._section("room", room.name, f"Room {room.name}", ROOM_FIELDS, room)
        else:
            for kind, name, title, fields in DESIGN_SECTIONS:
                obj = design if kind == "design" else getattr(design, kind)
                self._section(kind, name, title, fields, obj)
            for fabric in design.fabrics:
                self._section("fabric", fabric.name, f"Fabric {fabric.name} ({fabric.protocol})", FABRIC_FIELDS, fabric)
            for room in design.site.rooms:
                self._section("room", room.name, f"Room {room.name}", ROOM_FIELDS, room)
        self.form_layout.addStretch(1)

    def _section(self, kind: str, name: str | None, title: str, fields: list[Field], obj: Any) -> None:
        box, editors = property_box(self.doc, kind, name, title, fields, obj, self.error)
        self.editors.update(editors)
        self.form_layout.addWidget(box)

    def _figures(self, rack_name: str) -> None:
        figures = rack_figures(self.doc, rack_name)
        label = QLabel(figures.tooltip())
        label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        box = QGroupBox("Figures")
        QVBoxLayout(box).addWidget(label)
        self.form_layout.addWidget(box)

    def _part(self, device_type) -> None:
        from designer.model.loads import device_power_w

        max_w, typical_w = device_power_w(device_type)
        lines = [
            f"{device_type.u_height} U, {'full' if device_type.is_full_depth else 'half'} depth, "
            f"airflow {device_type.airflow or 'unknown'}",
            f"Power {max_w:,.0f} W max" + (" (typical stands in)" if device_type.power.max_w is None else "")
            + f", {typical_w:,.0f} W typical" + (" (max stands in)" if device_type.power.typical_w is None else ""),
            f"Weight {device_type.weight_kg if device_type.weight_kg is not None else 'unknown'} kg",
        ]
        lines += [f"{g.count} x {g.speed_gbps:g}G {g.role} ({g.prefix}1…)" for g in device_type.port_groups]
        lines += [f"Source: {s.title}" for s in device_type.source]
        label = QLabel("\n".join(lines))
        label.setWordWrap(True)
        box = QGroupBox("Catalog part (read-only)")
        QVBoxLayout(box).addWidget(label)
        self.form_layout.addWidget(box)
