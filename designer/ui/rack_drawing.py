"""Drawing one rack's contents in the elevation: its devices (boxes, labels, faceplates)
and its totals (bars and figures), on a layer of the rack's own so that an edit redraws
the racks it touched (``RackRowView._redraw``). A mixin of ``RackRowView``: it draws on
the view's scene and records the items in the view's look-ups."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen

from designer.model.hardware import split_lane
from designer.ui import language, style
from designer.ui.metrics import rack_figures
from designer.ui.rack_items import DeviceItem, Faceplate, RackLayer, cage_layout

FACE_GAP = 26.0
LABEL_W = 26.0
BAR_W = 2 * style.RACK_PX + FACE_GAP + LABEL_W - 60
BAR_H = 9.0
BAR_GAP = 15.0
BAR_LABEL_W = 52.0
TYPICAL = QColor(40, 60, 90, 110)


class RackDrawing:
    """Needs of the view: ``scene()``, ``doc``, ``faces``, ``device_items``, ``bars``,
    ``_layers``, ``_layer``, ``_rack_x`` and ``_face_rect``."""

    def _draw_rack_contents(self, rack, rack_type, x: float) -> None:
        """A rack's devices and totals, on the rack's own layer."""
        layer = self._layer = RackLayer()
        self.scene().addItem(layer)
        self._layers[rack.name] = layer
        self._rack_x[rack.name] = x
        try:
            self._draw_devices(rack, rack_type, x)
            self._draw_totals(rack.name, x, rack_type.u_height * style.U_PX)
        finally:
            self._layer = None

    def _own(self, item):
        """Hang an item on the layer being drawn (its rack's)."""
        if self._layer is not None:
            item.setParentItem(self._layer)
        return item

    def _draw_devices(self, rack, rack_type, x: float) -> None:
        index = self.doc.index
        t = language.current()
        zero_u_x = x + 2 * (style.RACK_PX + LABEL_W) + FACE_GAP + 6
        for device in index.devices_by_rack.get(rack.name, []):
            device_type = index.type_of(device)
            colour = style.KIND_COLOURS.get(device_type.kind, style.KIND_COLOURS["other"])
            if device_type.u_height == 0 or device.position_u is None:
                if device_type.u_height == 0:
                    rect = QRectF(zero_u_x, 0, 12, rack_type.u_height * style.U_PX)
                    zero_u_x += 16
                    self._add_device_item(device.name, rect, colour, "", False,
                                          t("rack.zero_u", name=device.name, feed=device.feed))
                continue
            faces = ("front", "rear") if index.is_full_depth(device) else (device.face,)
            for face in faces:
                face_rect = self._face_rect(rack.name, face)
                top_u = device.position_u + device_type.u_height - 1
                rect = QRectF(face_rect.left() + 2, (rack_type.u_height - top_u) * style.U_PX + 1,
                              style.RACK_PX - 4, device_type.u_height * style.U_PX - 2)
                ghost = face != device.face
                label = f"{device.name}  ·  {device_type.model}" if device_type.u_height > 1 else device.name
                item = self._add_device_item(device.name, rect, colour, label, ghost,
                                             t("rack.device", name=device.name,
                                               part=f"{device_type.manufacturer} {device_type.model}",
                                               low=device.position_u, high=top_u, face=t(f"face.{device.face}")))
                if not ghost and device_type.port_groups:
                    self._add_faceplate(item, device, device_type)

    def _add_device_item(self, name, rect, colour, label, ghost, tooltip) -> None:
        item = DeviceItem(name, rect, ghost)
        fill = QColor(colour)
        if ghost:
            fill.setAlpha(70)
        item.setBrush(fill)
        item.setPen(QPen(QColor("#222"), 1, Qt.DashLine if ghost else Qt.SolidLine))
        item.setToolTip(tooltip)
        self.scene().addItem(item)
        self._own(item)
        if label:
            text = self.scene().addSimpleText(label, QFont("Sans", 8))
            text.setBrush(QColor("#ffffff") if not ghost else QColor("#333"))
            text.setPos(rect.left() + 5, rect.top() + max(0.0, (rect.height() - 12) / 2))
            text.setParentItem(item)
            if text.boundingRect().width() > rect.width() - 8:
                text.setText(name)
            item.label = text
        self.device_items.setdefault(name, []).append(item)
        return item

    def _add_faceplate(self, item: DeviceItem, device, device_type) -> None:
        used = set()
        for link in self.doc.index.links_by_device.get(device.name, []):
            for end in (link.a, link.b):
                if end.device == device.name:
                    used.add(split_lane(end.port)[0])
        label = getattr(item, "label", None)
        label_w = (label.boundingRect().width() + 10) if label is not None else 6.0
        if device_type.u_height == 1 and label is not None:
            label.setText(device.name)
            label_w = label.boundingRect().width() + 10
        item.faceplate = Faceplate(item, cage_layout(device_type), used, label_w)

    def _draw_totals(self, rack_name: str, x: float, height: float) -> None:
        # the elevation shows no findings: not the pass over all of them a rack's worst one takes
        figures = rack_figures(self.doc, rack_name, worst_of={})
        t = language.current()

        def part(value, limit, unit, digits=1):
            if limit:
                return f"{t.num(value, digits)}/{t.num(limit, digits)} {unit}"
            return f"{t.num(value, digits)} {unit}"

        lines = [
            t("rack.total_power", power=part(figures.power_max_kw, figures.budget_kw, "kW"),
              typical=t.num(figures.power_typical_kw)),
            f"{t.int(figures.heat_btu_h)} BTU/h · {part(figures.weight_kg, figures.static_load_kg, 'kg', 0)}",
            t("rack.total_space", used=figures.u_used, total=figures.u_total, gpus=t.int(figures.gpus)),
        ]
        bars_h = self._draw_bars(rack_name, figures, x + LABEL_W, height + 12)
        text = self._own(self.scene().addSimpleText("\n".join(lines), QFont("Sans", 9)))
        share = figures.share("power")
        text.setBrush(style.load_colour(share) if share and share > 1 else QColor("#333"))
        text.setPos(x + LABEL_W, height + 16 + bars_h)

    def _draw_bars(self, rack_name: str, figures, x: float, y: float) -> float:
        """Power (typical and maximum against the budget), heat (air heat against the air
        cooling), weight (against the static load rating), space (U used): a bar each,
        coloured by share. Returns the height they take."""
        t = language.current()
        scene = self.scene()
        n = t.num
        rows = [
            ("power", figures.power_max_kw, figures.budget_kw, figures.power_typical_kw,
             t("bar.power_tip", typical=n(figures.power_typical_kw), max=n(figures.power_max_kw),
               budget=n(figures.budget_kw) if figures.budget_kw else "–"),
             f"{n(figures.power_max_kw)}/{n(figures.budget_kw) if figures.budget_kw else '–'} kW"),
            ("heat", figures.heat_air_kw, figures.cooling_air_kw, None,
             t("bar.heat_tip", heat=n(figures.heat_air_kw),
               cooling=n(figures.cooling_air_kw) if figures.cooling_air_kw else "–"),
             f"{n(figures.heat_air_kw)}/{n(figures.cooling_air_kw) if figures.cooling_air_kw else '–'} kW"),
            ("weight", figures.weight_kg, figures.static_load_kg, None,
             t("bar.weight_tip", weight=n(figures.weight_kg, 0),
               rating=n(figures.static_load_kg, 0) if figures.static_load_kg else "–"),
             f"{n(figures.weight_kg, 0)}/{n(figures.static_load_kg, 0) if figures.static_load_kg else '–'} kg"),
            ("space", figures.u_used, figures.u_total, None,
             t("bar.space_tip", used=figures.u_used, total=figures.u_total), f"{figures.u_used}/{figures.u_total} U"),
        ]
        bars = {}
        width = BAR_W - BAR_LABEL_W - 70
        for i, (key, value, limit, typical, tip, figure) in enumerate(rows):
            top = y + i * BAR_GAP
            label = self._own(scene.addSimpleText(t(f"bar.{key}"), QFont("Sans", 8)))
            label.setPos(x, top - 2)
            frame = self._own(scene.addRect(QRectF(x + BAR_LABEL_W, top, width, BAR_H), QPen(QColor("#888"), 0.8),
                                            QBrush(QColor("#ffffff"))))
            frame.setToolTip(tip)
            share = value / limit if limit else None
            if share is not None:
                fill = scene.addRect(QRectF(x + BAR_LABEL_W, top, width * min(share, 1.0), BAR_H), QPen(Qt.NoPen),
                                     QBrush(style.load_colour(share)))
                fill.setParentItem(frame)
                if typical is not None and limit:
                    typ = scene.addRect(QRectF(x + BAR_LABEL_W, top + BAR_H * 0.55, width * min(typical / limit, 1.0),
                                               BAR_H * 0.45), QPen(Qt.NoPen), QBrush(TYPICAL))
                    typ.setParentItem(frame)
                if share > 1.0:  # over: a red tail past the limit line
                    over = scene.addRect(QRectF(x + BAR_LABEL_W + width, top - 1, 6, BAR_H + 2), QPen(Qt.NoPen),
                                         QBrush(style.load_colour(share)))
                    over.setParentItem(frame)
            else:
                frame.setBrush(QBrush(style.load_colour(None)))
            text = self._own(scene.addSimpleText(figure, QFont("Sans", 8)))
            text.setPos(x + BAR_LABEL_W + width + 8, top - 2)
            bars[key] = (frame, share)
        self.bars[rack_name] = bars
        return len(rows) * BAR_GAP
