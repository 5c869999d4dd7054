"""Undoable edits. Each command edits the model in ``redo`` and restores it in ``undo``,
then tells the document what it touched, so checks and views refresh.

Links are never changed in place: a command swaps in new link objects (and undo swaps
the originals back), so an analysis running in the background always sees whole links.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from designer.checks import Change
from designer.errors import DesignerError
from designer.fabric.cabling import reroute
from designer.model.device import Device
from designer.model.index import DesignIndex
from designer.model.placement import device_base_name, free_position, slot_conflict, unique_name
from designer.model.rack import Feed, Rack
from designer.ui import language

MOVE_DEVICE_ID = 1001
MOVE_RACK_ID = 1002


class DesignCommand(QUndoCommand):
    """An edit, named in the Edit menu by a catalog key and its figures (``undo.*``), so
    the undo history can be renamed when the window's language changes."""

    def __init__(self, doc, key: str, **figures) -> None:
        super().__init__()
        self.doc = doc
        self.text_key, self.text_figures = key, figures
        self.retranslate()

    def describe(self, t) -> str:
        return t(self.text_key, **self.text_figures)

    def retranslate(self) -> None:
        self.setText(self.describe(language.current()))

    @property
    def design(self):
        return self.doc.design


def _link_positions(design, names: set[str]) -> list[int]:
    return [i for i, link in enumerate(design.links) if link.a.device in names or link.b.device in names]


class _Rerouting:
    """Swaps in re-routed copies of some links; remembers the originals for undo."""

    def __init__(self) -> None:
        self.positions: list[int] = []
        self.originals: list = []

    def capture(self, design, names: set[str]) -> None:
        self.positions = _link_positions(design, names)
        self.originals = [design.links[i] for i in self.positions]

    def apply(self, doc) -> None:
        if not self.positions:
            return
        # geometry reads each device's current rack and position straight from the model
        index = DesignIndex.build(doc.design) if doc.checker is None else doc.checker.ctx.index
        updated = reroute(index, doc.catalog.cabling, self.originals)
        links = list(doc.design.links)
        for i, link in zip(self.positions, updated):
            links[i] = link
        doc.design.links = links

    def restore(self, doc) -> None:
        if not self.positions:
            return
        links = list(doc.design.links)
        for i, link in zip(self.positions, self.originals):
            links[i] = link
        doc.design.links = links


class MoveDevice(DesignCommand):
    """Move a device within or between racks; its cables are re-routed to the new place.
    Consecutive moves of the same device merge into one undo step."""

    def __init__(self, doc, device_name: str, rack: str, position_u: int, face: str | None = None) -> None:
        super().__init__(doc, "undo.move", name=device_name)
        device = doc.index.devices[device_name]
        self.name = device_name
        self.old = (device.rack, device.position_u, device.face)
        self.new = (rack, position_u, face or device.face)
        self.rerouting = _Rerouting()
        self.rerouting.capture(doc.design, {device_name})

    def id(self) -> int:
        return MOVE_DEVICE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveDevice) or other.name != self.name:
            return False
        self.new = other.new
        return True

    def _set(self, place) -> None:
        device = self.doc.index.devices[self.name]
        device.rack, device.position_u, device.face = place

    def _change(self) -> Change:
        racks = {r for r in (self.old[0], self.new[0]) if r}
        return Change(racks=racks, devices={self.name}, links=True)

    def redo(self) -> None:
        self._set(self.new)
        self.rerouting.apply(self.doc)
        self.doc.notify(self._change())

    def undo(self) -> None:
        self._set(self.old)
        self.rerouting.restore(self.doc)
        self.doc.notify(self._change())


class AddDevice(DesignCommand):
    """Place a catalog part in a rack (its type is embedded in the design)."""

    def __init__(self, doc, slug: str, rack: str, position_u: int | None, face: str = "front",
                 name: str | None = None) -> None:
        device_type = doc.catalog.require_device(slug)
        super().__init__(doc, "undo.add", part=device_type.model)
        self.device_type = device_type
        existing = {d.name for d in doc.design.devices}
        self.device = Device(
            name=name or unique_name(existing, device_base_name(slug)),
            device_type=slug,
            rack=rack,
            position_u=None if device_type.u_height == 0 else position_u,
            face=face,
        )
        self.added_type = slug not in {t.slug for t in doc.design.device_types}

    def redo(self) -> None:
        if self.added_type:
            self.design.device_types = [*self.design.device_types, self.device_type.model_copy(deep=True)]
        self.design.devices = [*self.design.devices, self.device]
        self.doc.notify(Change(racks={self.device.rack}, devices={self.device.name}, design=True))

    def undo(self) -> None:
        self.design.devices = [d for d in self.design.devices if d is not self.device]
        if self.added_type:
            self.design.device_types = [t for t in self.design.device_types if t.slug != self.device.device_type]
        self.doc.notify(Change(racks={self.device.rack}, devices={self.device.name}, design=True))


class DuplicateDevice(DesignCommand):
    def __init__(self, doc, device_name: str) -> None:
        super().__init__(doc, "undo.duplicate", name=device_name)
        index = doc.index
        source = index.devices[device_name]
        device_type = index.type_of(source)
        position = None
        if source.rack and device_type.u_height:
            start = (source.position_u or 1) + device_type.u_height
            position = free_position(index, source.rack, device_type.u_height, source.face,
                                     index.is_full_depth(source), start)
            if position is None:
                raise DesignerError(language.current()("refused.no_free_u", rack=source.rack,
                                                       units=device_type.u_height, device=device_name))
        existing = {d.name for d in doc.design.devices}
        self.device = source.model_copy(update={"name": unique_name(existing, source.name), "position_u": position},
                                        deep=True)

    def redo(self) -> None:
        self.design.devices = [*self.design.devices, self.device]
        self.doc.notify(Change(racks={self.device.rack} - {None}, devices={self.device.name}, design=True))

    def undo(self) -> None:
        self.design.devices = [d for d in self.design.devices if d is not self.device]
        self.doc.notify(Change(racks={self.device.rack} - {None}, devices={self.device.name}, design=True))


class DeleteObjects(DesignCommand):
    """Delete devices and racks (with the devices in them) and every cable to them."""

    def __init__(self, doc, devices: list[str] = (), racks: list[str] = ()) -> None:
        names = [*racks, *devices]
        super().__init__(doc, "undo.delete", names=f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''}")
        design = doc.design
        self.racks = set(racks)
        self.devices = set(devices) | {d.name for d in design.devices if d.rack in self.racks}
        self.before = (design.racks, design.devices, design.links, design.stages)
        removed_links = [l for l in design.links if l.a.device in self.devices or l.b.device in self.devices]
        self.peers = {e for l in removed_links for e in (l.a.device, l.b.device)}
        self.fabrics = {l.fabric for l in removed_links if l.fabric}
        self.touched_racks = self.racks | {d.rack for d in design.devices if d.name in self.devices and d.rack}

    def redo(self) -> None:
        design = self.design
        design.racks = [r for r in design.racks if r.name not in self.racks]
        design.devices = [d for d in design.devices if d.name not in self.devices]
        design.links = [l for l in design.links if l.a.device not in self.devices and l.b.device not in self.devices]
        design.stages = [
            s.model_copy(update={"racks": [r for r in s.racks if r not in self.racks],
                                 "devices": [d for d in s.devices if d not in self.devices]})
            for s in design.stages
        ]
        self._notify()

    def undo(self) -> None:
        design = self.design
        design.racks, design.devices, design.links, design.stages = self.before
        self._notify()

    def _notify(self) -> None:
        if self.racks:
            self.doc.notify(Change(everything=True))
        else:
            self.doc.notify(Change(racks=self.touched_racks, devices=self.devices | self.peers, links=True,
                                   fabrics=self.fabrics, design=True))


class AddRacks(DesignCommand):
    """Add racks: one beside the last rack of a row, or a new row of several."""

    def __init__(self, doc, rack_type: str, count: int = 1, row: str | None = None, room: str | None = None,
                 power_budget_kw: float | None = None) -> None:
        super().__init__(doc, "undo.add_rack" if count == 1 else "undo.add_row", count=count)
        design = doc.design
        catalog_type = doc.catalog.rack_types.get(rack_type)
        if catalog_type is None:
            raise DesignerError(language.current()("refused.rack_type", type=rack_type))
        self.rack_type = catalog_type
        self.added_type = rack_type not in {t.slug for t in design.rack_types}
        if not design.site.rooms:
            t = language.current()
            raise DesignerError(t("refused.no_room"), hint=t("refused.add_room"))
        room_name = room or (design.racks[-1].room if design.racks else design.site.rooms[0].name)
        existing_rows = [r.row for r in design.racks if r.room == room_name]
        template = next((r for r in reversed(design.racks) if r.room == room_name and (row is None or r.row == row)), None)
        budget = power_budget_kw or (template.power_budget_kw if template else 40.0)
        names = {r.name for r in design.racks}
        self.racks: list[Rack] = []
        if row is None and count > 1 or template is None:
            # a new row below the others, facing the other way than the last one
            row = _next_row(existing_rows)
            last_y = max((r.y_mm for r in design.racks if r.room == room_name), default=0.0)
            y = last_y + catalog_type.depth_mm + 1200.0 if design.racks else 1500.0
            facing = "north" if template is not None and template.facing == "south" else "south"
            x = 1500.0
        else:
            row = template.row
            in_row = [r for r in design.racks if r.room == room_name and r.row == row]
            last = max(in_row, key=lambda r: r.x_mm)
            x = last.x_mm + doc.index.rack_type_of(last).width_mm
            y, facing = last.y_mm, last.facing
        for i in range(count):
            name = unique_name(names, f"{row}01")
            names.add(name)
            feeds = template.feeds if template else [Feed(name="A", capacity_kw=budget), Feed(name="B", capacity_kw=budget)]
            self.racks.append(Rack(name=name, rack_type=rack_type, room=room_name, row=row, x_mm=x, y_mm=y,
                                   facing=facing, power_budget_kw=budget, feeds=[f.model_copy() for f in feeds],
                                   cooling_air_kw=template.cooling_air_kw if template else budget,
                                   cooling_liquid_kw=template.cooling_liquid_kw if template else None))
            x += catalog_type.width_mm

    def redo(self) -> None:
        if self.added_type:
            self.design.rack_types = [*self.design.rack_types, self.rack_type.model_copy(deep=True)]
        self.design.racks = [*self.design.racks, *self.racks]
        self.doc.notify(Change(everything=True))

    def undo(self) -> None:
        added = {id(r) for r in self.racks}
        self.design.racks = [r for r in self.design.racks if id(r) not in added]
        if self.added_type:
            self.design.rack_types = [t for t in self.design.rack_types if t.slug != self.rack_type.slug]
        self.doc.notify(Change(everything=True))


def _next_row(rows: list[str]) -> str:
    from designer.fabric.placement import row_name

    used = set(rows)
    i = 0
    while row_name(i) in used:
        i += 1
    return row_name(i)


class DuplicateRack(DesignCommand):
    """A copy of a rack and its devices (without cables), beside it in its row."""

    def __init__(self, doc, rack_name: str) -> None:
        super().__init__(doc, "undo.duplicate_rack", name=rack_name)
        design = doc.design
        index = doc.index
        source = index.racks[rack_name]
        in_row = [r for r in design.racks if r.room == source.room and r.row == source.row]
        last = max(in_row, key=lambda r: r.x_mm)
        rack_names = {r.name for r in design.racks}
        self.rack = source.model_copy(update={"name": unique_name(rack_names, last.name),
                                             "x_mm": last.x_mm + index.rack_type_of(last).width_mm}, deep=True)
        names = {d.name for d in design.devices}
        self.devices = []
        for device in index.devices_by_rack.get(rack_name, []):
            copy_name = unique_name(names, device.name)
            names.add(copy_name)
            self.devices.append(device.model_copy(update={"name": copy_name, "rack": self.rack.name}, deep=True))

    def redo(self) -> None:
        self.design.racks = [*self.design.racks, self.rack]
        self.design.devices = [*self.design.devices, *self.devices]
        self.doc.notify(Change(everything=True))

    def undo(self) -> None:
        self.design.racks = [r for r in self.design.racks if r is not self.rack]
        ids = {id(d) for d in self.devices}
        self.design.devices = [d for d in self.design.devices if id(d) not in ids]
        self.doc.notify(Change(everything=True))


class MoveRack(DesignCommand):
    """Move a rack on the floor plan; the cables of everything in it are re-routed."""

    def __init__(self, doc, rack_name: str, x_mm: float, y_mm: float) -> None:
        super().__init__(doc, "undo.move_rack", name=rack_name)
        rack = doc.index.racks[rack_name]
        self.name = rack_name
        self.old = (rack.x_mm, rack.y_mm)
        self.new = (x_mm, y_mm)
        self.members = {d.name for d in doc.index.devices_by_rack.get(rack_name, [])}
        self.rerouting = _Rerouting()
        self.rerouting.capture(doc.design, self.members)

    def id(self) -> int:
        return MOVE_RACK_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveRack) or other.name != self.name:
            return False
        self.new = other.new
        return True

    def _set(self, place) -> None:
        rack = self.doc.index.racks[self.name]
        rack.x_mm, rack.y_mm = place

    def redo(self) -> None:
        self._set(self.new)
        self.rerouting.apply(self.doc)
        self._notify()

    def undo(self) -> None:
        self._set(self.old)
        self.rerouting.restore(self.doc)
        self._notify()

    def _notify(self) -> None:
        rack = self.doc.index.racks[self.name]
        self.doc.notify(Change(rooms={rack.room}, racks={self.name}, devices=self.members, links=True))


# ---------------------------------------------------------------- properties


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


class RerouteCables(DesignCommand):
    """Re-route every cable for the devices' current places (fixes CABLE_TOO_SHORT)."""

    def __init__(self, doc) -> None:
        super().__init__(doc, "undo.reroute")
        self.before = doc.design.links
        index = DesignIndex.build(doc.design)
        self.after = reroute(index, doc.catalog.cabling, list(doc.design.links))

    def redo(self) -> None:
        self.design.links = self.after
        self.doc.notify(Change(devices={d.name for d in self.design.devices}, links=True))

    def undo(self) -> None:
        self.design.links = self.before
        self.doc.notify(Change(devices={d.name for d in self.design.devices}, links=True))


def drop_problem(doc, slug: str, rack: str, position_u: int, face: str) -> str | None:
    """Why a part cannot be dropped here (None: it can) — shown in the status bar."""
    device_type = doc.catalog.require_device(slug)
    return language.slot_problem(
        slot_conflict(doc.index, rack, position_u, device_type.u_height, face, device_type.is_full_depth))


def move_problem(doc, device_name: str, rack: str, position_u: int, face: str) -> str | None:
    index = doc.index
    device = index.devices[device_name]
    device_type = index.type_of(device)
    return language.slot_problem(slot_conflict(index, rack, position_u, device_type.u_height, face,
                                               index.is_full_depth(device), ignore=device))


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
