"""Editing a field of the design, a room, rack or device (the inspector), and the growth stages."""

from __future__ import annotations

from typing import Any

from designer.checks import Change
from designer.errors import DesignerError
from designer.ui import language
from designer.ui.commands.base import DesignCommand


def target_object(design, kind: str, name: str | None):
    """The model object an edit of ``kind`` named ``name`` addresses."""
    if kind == "rack":
        return next(r for r in design.racks if r.name == name)
    if kind == "device":
        return next(d for d in design.devices if d.name == name)
    if kind == "room":
        return next(r for r in design.site.rooms if r.name == name)
    if kind == "fabric":
        return next(f for f in design.fabrics if f.name == name)
    if kind == "feed":
        rack_name, feed_name = name.split("/", 1)
        rack = next(r for r in design.racks if r.name == rack_name)
        return next(f for f in rack.feeds if f.name == feed_name)
    return {"project": design.project, "targets": design.targets, "compliance": design.compliance,
            "design": design, "site": design.site, "cost": design.estimates.cost,
            "communication": design.estimates.communication, "scaling": design.estimates.scaling,
            "storage_inputs": design.estimates.storage}[kind]


def validated_value(obj, field: str, value: Any) -> Any:
    """The value as the model would store it; raises DesignerError with the model's reason."""
    from pydantic import ValidationError

    data = obj.model_dump()
    data[field] = value
    try:
        checked = type(obj).model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        raise DesignerError(error["msg"].replace("Input should be", "expected"), field=field) from None
    return getattr(checked, field)


class SetProperty(DesignCommand):
    """Change one field of a rack, device, room, fabric, feed or the design's settings."""

    def __init__(self, doc, kind: str, name: str | None, field: str, value: Any, label: str | None = None) -> None:
        # label: the field's catalog key ("field.power_budget"); None: the field's own name
        super().__init__(doc, "undo.set", label=label, field=field)
        self.kind, self.name, self.field = kind, name, field
        obj = target_object(doc.design, kind, name)
        self.old = getattr(obj, field)
        self.new = validated_value(obj, field, value)
        if field == "name":
            self._check_rename(doc)

    def describe(self, t) -> str:
        label, field = self.text_figures["label"], self.text_figures["field"]
        what = t(label) if label else field
        if not t.is_zh and not what[1:2].isupper():  # "Set power budget", but "Set PUE"
            what = what[:1].lower() + what[1:]
        return t("undo.set", what=what)

    def _check_rename(self, doc) -> None:
        pools = {"rack": [r.name for r in doc.design.racks], "device": [d.name for d in doc.design.devices],
                 "room": [r.name for r in doc.design.site.rooms], "fabric": [f.name for f in doc.design.fabrics]}
        if self.new != self.old and self.new in pools.get(self.kind, []):
            t = language.current()
            raise DesignerError(t("refused.name_taken", kind=t(f"kind.{self.kind}"), name=self.new), field="name")

    def redo(self) -> None:
        self._apply(self.old, self.new)

    def undo(self) -> None:
        self._apply(self.new, self.old)

    def _apply(self, before, after) -> None:
        # a renamed object is found under its current name
        obj = target_object(self.design, self.kind, before if self.field == "name" else self.name)
        setattr(obj, self.field, after)
        if self.field == "name":
            _rename_references(self.design, self.kind, before, after)
            self.doc.notify(Change(everything=True))
            return
        self.doc.notify(self._change())

    def _change(self) -> Change:
        design = self.design
        if self.kind == "rack":
            rack = next(r for r in design.racks if r.name == self.name)
            rooms = {rack.room} if self.field in ("x_mm", "y_mm", "facing", "room", "rack_type") else set()
            return Change(racks={self.name}, rooms=rooms, design=True)
        if self.kind == "feed":
            return Change(racks={self.name.split("/", 1)[0]})
        if self.kind == "device":
            device = next(d for d in design.devices if d.name == self.name)
            return Change(racks={device.rack} - {None}, devices={self.name}, design=True)
        if self.kind == "room":
            return Change(rooms={self.name}, racks={r.name for r in design.racks if r.room == self.name})
        if self.kind == "fabric":
            return Change(fabrics={self.name}, design=True)
        return Change(design=True)


def _rename_references(design, kind: str, old: str, new: str) -> None:
    from designer.model.link import LinkEnd

    if kind == "rack":
        for device in design.devices:
            if device.rack == old:
                device.rack = new
        design.stages = [s.model_copy(update={"racks": [new if r == old else r for r in s.racks]}) for s in design.stages]
    elif kind == "device":
        links = []
        for link in design.links:
            if old in (link.a.device, link.b.device):
                link = link.model_copy(update={
                    "a": LinkEnd(device=new, port=link.a.port) if link.a.device == old else link.a,
                    "b": LinkEnd(device=new, port=link.b.port) if link.b.device == old else link.b,
                })
            links.append(link)
        design.links = links
        design.stages = [s.model_copy(update={"devices": [new if d == old else d for d in s.devices]})
                         for s in design.stages]
    elif kind == "room":
        for rack in design.racks:
            if rack.room == old:
                rack.room = new
    elif kind == "fabric":
        for device in design.devices:
            if device.fabric == old:
                device.fabric = new
        design.links = [l.model_copy(update={"fabric": new}) if l.fabric == old else l for l in design.links]


class SetStages(DesignCommand):
    """Replace the design's growth stages (validated: unique names, existing racks and devices)."""

    def __init__(self, doc, stages: list) -> None:
        super().__init__(doc, "undo.stages")
        from designer.model.estimates import Stage

        names = [s.name for s in stages]
        if len(set(names)) != len(names):
            raise DesignerError(language.current()("refused.same_stage_names"), field="stages")
        racks = {r.name for r in doc.design.racks}
        devices = {d.name for d in doc.design.devices}
        for stage in stages:
            missing = [r for r in stage.racks if r not in racks] + [d for d in stage.devices if d not in devices]
            if missing:
                raise DesignerError(language.current()("refused.stage_missing", stage=stage.name,
                                                       names=", ".join(missing)), field="stages")
        self.old = list(doc.design.stages)
        self.new = [Stage.model_validate(s.model_dump()) for s in stages]

    def redo(self) -> None:
        self.design.stages = self.new
        self.doc.notify(Change(design=True))

    def undo(self) -> None:
        self.design.stages = self.old
        self.doc.notify(Change(design=True))
