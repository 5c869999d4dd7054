"""Adding, moving and deleting rooms, rows, racks, devices and links.

Lists are never changed in place: an edit assigns a new list, so an analysis reading
the design on another thread always sees a whole list. Objects keep their identity
(a moved device is the same object), so look-ups built over the design stay valid.

Adding and deleting are one pair of exact operations: ``InsertObjects`` puts objects at
given positions (or at the end) and ``RemoveObjects`` takes the objects at given
positions away; each is the other's inverse. ``DeleteObjects`` works out what deleting
rooms, racks, devices or links takes with it (the racks in a room, the devices in a
rack, the cables to a device, the growth stages' references).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from designer.model.design import Design
from designer.model.device import Device
from designer.model.estimates import Stage
from designer.model.hardware import DeviceType, RackType
from designer.model.index import DesignIndex
from designer.model.link import Link
from designer.model.rack import Rack
from designer.model.site import Room
from designer.model.edits import rules
from designer.model.edits.core import Change, Edit, Scopes, refuse

# The design's lists an edit inserts into or removes from, in the order they are
# inserted (a rack's room before the rack, a device's rack and type before the device).
KEYS = ("device_types", "rack_types", "site.rooms", "racks", "devices", "links")
_KIND = {"site.rooms": "room", "racks": "rack", "devices": "device"}
# a list of the design by its key: the objects KEYS names (types, rooms, racks, devices or links)
Objects = list[Any]


def get_list(design: Design, key: str) -> Objects:
    return design.site.rooms if key == "site.rooms" else getattr(design, key)


def set_list(design: Design, key: str, items: Objects) -> None:
    if key == "site.rooms":
        design.site.rooms = items
    else:
        setattr(design, key, items)


def _label(key: str, obj: Any, position: int | None = None) -> str:
    if key == "links":
        return f"links[{position}]" if position is not None else f'links "{obj.a} - {obj.b}"'
    if key in ("device_types", "rack_types"):
        return f'{key} "{obj.slug}"'
    return f'{key} "{obj.name}"'


def _scopes(items: dict[str, Objects], stages_changed: bool, design: Design | None = None) -> Scopes:
    """What inserting or removing these objects touches. A rack that comes or goes is its
    own scope and its room's (capacity, floor), not a re-check of everything: adding one
    rack to 1,600 re-checks one rack and one room."""
    if items.get("site.rooms"):
        return Scopes(everything=True)
    racks = items.get("racks", [])
    devices = items.get("devices", [])
    links = items.get("links", [])
    # cables the design already has on the names of devices that come or go: a file may hold
    # a cable to a device that is not there (the loader takes it), and the device added under
    # that name joins the cable to its fabric, or removed leaves it hanging (found by
    # helper-37's review: the fabric's analysis was kept)
    names = {d.name for d in devices}
    hanging = [l for l in design.links if l.a.device in names or l.b.device in names] \
        if design is not None and names else []
    return Scopes.of(
        racks=[r.name for r in racks] + [d.rack for d in devices],
        rooms=[r.room for r in racks],
        devices=[d.name for d in devices] + [e.device for l in links for e in (l.a, l.b)],
        fabrics=[d.fabric for d in devices] + [l.fabric for l in links + hanging]
        + (rules.end_fabrics(design, links + hanging) if design is not None else []),
        links=bool(devices or links),
        design=True,
    )


def _summary(verb: str, items: dict[str, Objects]) -> str:
    parts = []
    for key in ("site.rooms", "racks", "devices"):
        names = [o.name for o in items.get(key, [])]
        if names:
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            parts.append(f"{_KIND[key]}{'s' if len(names) > 1 else ''} {shown}")
    if items.get("links"):
        n = len(items["links"])
        parts.append(f"{n} cable{'s' if n > 1 else ''}")
    types = len(items.get("device_types", [])) + len(items.get("rack_types", []))
    if types and not parts:
        parts.append(f"{types} type{'s' if types > 1 else ''}")
    return f"{verb} {' and '.join(parts) or 'nothing'}"


@dataclass
class InsertObjects(Edit):
    """Insert objects into the design's lists: ``items[key]`` holds (position, object)
    pairs, position None for the end. ``stages``: the growth stages to set as well (None:
    leave them). Refused if a name is taken or a reference does not exist."""

    items: dict[str, list[tuple[int | None, Any]]] = field(default_factory=dict)
    stages: list[Stage] | None = None
    strict: bool = True
    verb: str = "added"

    def _after(self, design: Design) -> tuple[dict[str, Objects], dict[str, Objects]]:
        """The lists as they would be, and the objects inserted (validated)."""
        after: dict[str, Objects] = {}
        new: dict[str, Objects] = {}
        for key, pairs in self._items(design).items():
            if key not in KEYS:
                refuse(f'"{key}" is not a list of the design objects are added to', field=key,
                       hint=f"use one of: {', '.join(KEYS)}", code="invalid")
            items = list(get_list(design, key))
            inserted = []
            placed = sorted(((len(items) + 10**9 if p is None else p, n) for n, (p, _o) in enumerate(pairs)))
            for position, n in placed:
                obj = pairs[n][1]
                if self.strict:
                    obj = rules.validated(obj, _label(key, obj))
                items.insert(min(position, len(items)), obj)
                inserted.append(obj)
            after[key], new[key] = items, inserted
        return after, new

    def _items(self, design: Design) -> dict[str, list[tuple[int | None, Any]]]:
        return self.items

    def check(self, design: Design) -> None:
        self._checked(design)

    def _checked(self, design: Design) -> tuple[dict[str, Objects], dict[str, Objects]]:
        after, new = self._after(design)
        lists = {key: after.get(key, get_list(design, key)) for key in KEYS}
        for key in ("device_types", "rack_types"):
            counts = Counter(t.slug for t in lists[key])
            for obj in new.get(key, []):
                if counts[obj.slug] > 1:
                    refuse(f'type "{obj.slug}" is already in the design', field=_label(key, obj),
                           hint="use the embedded type", code="type_taken", type=obj.slug)
        for key, kind in _KIND.items():
            counts = Counter(o.name for o in lists[key])
            for obj in new.get(key, []):
                if counts[obj.name] > 1:
                    rules.unique(kind, obj.name, [obj.name], f"{_label(key, obj)}.name")
        rooms = {r.name for r in lists["site.rooms"]}
        rack_types = {t.slug for t in lists["rack_types"]}
        for rack in new.get("racks", []):
            where = _label("racks", rack)
            rules.room_exists(design, rack.room, f"{where}.room", rooms)
            if rack.rack_type not in rack_types:
                refuse(f'rack type "{rack.rack_type}" is not in the design', field=f"{where}.rack_type",
                       hint="add the rack type with the rack (it is embedded)", code="no_such_type",
                       type=rack.rack_type)
            rules.feed_names_unique(rack, where)
        index: DesignIndex | None = None
        if new.get("devices") or new.get("links"):
            index = rules.preview(design, rooms=lists["site.rooms"], racks=lists["racks"], devices=lists["devices"],
                                  rack_types=lists["rack_types"], device_types=lists["device_types"])
        for device in new.get("devices", []):
            assert index is not None
            rules.device_fits(index, device, _label("devices", device), self.strict)
        if new.get("links"):
            assert index is not None
            ends = rules.link_ends(lists["links"]) if self.strict else Counter()
            for link in new["links"]:
                rules.link_ends_valid(index, link, _label("links", link), self.strict, ends)
        if self.stages is not None:
            check_stages(self.stages, {r.name for r in lists["racks"]}, {d.name for d in lists["devices"]})
        return after, new

    def apply(self, design: Design) -> Change:
        after, new = self._checked(design)
        old_stages = design.stages
        for key in KEYS:
            if key in after:
                set_list(design, key, after[key])
        if self.stages is not None:
            design.stages = list(self.stages)
        positions = {}
        for key in after:
            ids = {id(o) for o in new[key]}
            positions[key] = [i for i, o in enumerate(after[key]) if id(o) in ids]
        inverse = RemoveObjects(positions, stages=old_stages if self.stages is not None else None)
        return Change(self, inverse, _scopes(new, self.stages is not None, design), _summary(self.verb, new))


@dataclass
class RemoveObjects(Edit):
    """Take away the objects at ``positions[key]`` (exactly those: nothing else goes with
    them; ``DeleteObjects`` works out what must). ``stages``: growth stages to set."""

    positions: dict[str, list[int]] = field(default_factory=dict)
    stages: list[Stage] | None = None
    strict: bool = False
    verb: str = "removed"

    def check(self, design: Design) -> None:
        for key, positions in self.positions.items():
            if key not in KEYS:
                refuse(f'"{key}" is not a list of the design', field=key, code="invalid")
            size = len(get_list(design, key))
            for position in positions:
                if not 0 <= position < size:
                    refuse(f"{key}[{position}] does not exist (the design has {size})", field=key,
                           code="invalid")

    def apply(self, design: Design) -> Change:
        self.check(design)
        removed: dict[str, Objects] = {}
        restore: dict[str, list[tuple[int | None, Any]]] = {}
        for key in KEYS:
            if key not in self.positions:
                continue
            items = get_list(design, key)
            gone = set(self.positions[key])
            removed[key] = [items[i] for i in sorted(gone)]
            restore[key] = [(i, items[i]) for i in sorted(gone)]
            set_list(design, key, [o for i, o in enumerate(items) if i not in gone])
        old_stages = design.stages
        if self.stages is not None:
            design.stages = list(self.stages)
        inverse = InsertObjects(restore, stages=old_stages if self.stages is not None else None, strict=False,
                                verb="restored")
        return Change(self, inverse, _scopes(removed, self.stages is not None, design),
                      _summary(self.verb, removed))


def check_stages(stages: list[Stage], racks: set[str], devices: set[str]) -> None:
    names = [s.name for s in stages]
    for i, stage in enumerate(stages):
        where = f'stages[{i}] "{stage.name}"'
        if names.count(stage.name) > 1:
            refuse(f'two stages are named "{stage.name}"', field=f"{where}.name",
                   hint="stage names must be unique; rename one", code="same_stage_names", stage=stage.name)
        missing = [r for r in stage.racks if r not in racks] + [d for d in stage.devices if d not in devices]
        if missing:
            refuse(f"{', '.join(missing)} do{'es' if len(missing) == 1 else ''} not exist", field=where,
                   hint="name racks and devices of the design", code="stage_missing", stage=stage.name,
                   names=", ".join(missing))


@dataclass
class DeleteObjects(Edit):
    """Delete rooms (with their racks), racks (with the devices in them), devices (with
    every cable to them) and links (by position); the growth stages forget them."""

    rooms: tuple[str, ...] = ()
    racks: tuple[str, ...] = ()
    devices: tuple[str, ...] = ()
    links: tuple[int, ...] = ()
    strict: bool = True

    def _plan(self, design: Design) -> RemoveObjects:
        for kind, names in (("room", self.rooms), ("rack", self.racks), ("device", self.devices)):
            existing = set(rules.pool(design, kind))
            for name in names:
                if name not in existing:
                    refuse(f'{kind} "{name}" does not exist', field=rules.where(kind, name),
                           hint="it may have been deleted already", code=f"no_such_{kind}", **{kind: name})
        for position in self.links:
            if not 0 <= position < len(design.links):
                refuse(f"links[{position}] does not exist (the design has {len(design.links)})",
                       field=f"links[{position}]", code="no_such_link")
        rooms, links = set(self.rooms), set(self.links)
        racks = set(self.racks) | {r.name for r in design.racks if r.room in rooms}
        devices = set(self.devices) | {d.name for d in design.devices if d.rack in racks}
        positions = {
            "site.rooms": [i for i, r in enumerate(design.site.rooms) if r.name in rooms],
            "racks": [i for i, r in enumerate(design.racks) if r.name in racks],
            "devices": [i for i, d in enumerate(design.devices) if d.name in devices],
            "links": [i for i, l in enumerate(design.links)
                      if i in links or l.a.device in devices or l.b.device in devices],
        }
        stages = None
        if any(set(s.racks) & racks or set(s.devices) & devices for s in design.stages):
            stages = [s if not (set(s.racks) & racks or set(s.devices) & devices) else
                      s.model_copy(update={"racks": [r for r in s.racks if r not in racks],
                                           "devices": [d for d in s.devices if d not in devices]})
                      for s in design.stages]
        return RemoveObjects({k: v for k, v in positions.items() if v}, stages=stages, verb="deleted")

    def check(self, design: Design) -> None:
        self._plan(design)

    def apply(self, design: Design) -> Change:
        change = self._plan(design).apply(design)
        return Change(self, change.inverse, change.scopes, change.summary)


# ---------------------------------------------------------------- adding


def add_device(device: Device, device_type: DeviceType | None = None, position: int | None = None) -> InsertObjects:
    """Place a device; ``device_type`` is embedded if the design lacks it."""
    items: dict[str, Objects] = {"devices": [(position, device)]}
    if device_type is not None:
        items["device_types"] = [(None, device_type)]
    return _EmbeddingInsert(items)


def add_racks(racks: list[Rack], rack_type: RackType | None = None) -> InsertObjects:
    """Add racks; ``rack_type`` is embedded if the design lacks it."""
    items: dict[str, Objects] = {"racks": [(None, r) for r in racks]}
    if rack_type is not None:
        items["rack_types"] = [(None, rack_type)]
    return _EmbeddingInsert(items)


def add_rack(rack: Rack, rack_type: RackType | None = None) -> InsertObjects:
    return add_racks([rack], rack_type)


@dataclass
class AddRow(Edit):
    """A new row of racks in a room: the racks share a row name no rack of the room has."""

    racks: list[Rack] = field(default_factory=list)
    rack_type: RackType | None = None
    strict: bool = True

    def check(self, design: Design) -> None:
        if not self.racks:
            refuse("a row needs at least one rack", field="racks", code="empty_row")
        rows = {(r.room, r.row) for r in self.racks}
        if len(rows) > 1:
            refuse(f"the racks are in {len(rows)} rows", field="racks", hint="give every rack the same room and row",
                   code="mixed_row")
        room, row = rows.pop()
        if any(r.room == room and r.row == row for r in design.racks):
            refuse(f'room "{room}" already has a row "{row}"', field=f'racks "{self.racks[0].name}".row',
                   hint="choose another row name, or add racks to that row", code="row_taken", row=row)
        add_racks(self.racks, self.rack_type).check(design)

    def apply(self, design: Design) -> Change:
        self.check(design)
        change = add_racks(self.racks, self.rack_type).apply(design)
        return Change(self, change.inverse, change.scopes, f'added row "{self.racks[0].row}": '
                      + change.summary.removeprefix("added "))


def add_room(room: Room) -> InsertObjects:
    return InsertObjects({"site.rooms": [(None, room)]})


def add_link(link: Link) -> InsertObjects:
    """Cable two ports (strict: both exist and are free)."""
    return InsertObjects({"links": [(None, link)]})


class _EmbeddingInsert(InsertObjects):
    """An insert whose types are embedded only when the design does not have them yet."""

    def _items(self, design: Design) -> dict[str, list[tuple[int | None, Any]]]:
        items = dict(self.items)
        for key in ("device_types", "rack_types"):
            if key in items:
                have = {t.slug for t in get_list(design, key)}
                wanted = [(p, t.model_copy(deep=True)) for p, t in items.pop(key) if t.slug not in have]
                if wanted:
                    items[key] = wanted
        return items


# ---------------------------------------------------------------- deleting


def delete_devices(names: Iterable[str]) -> DeleteObjects:
    return DeleteObjects(devices=tuple(names))


def delete_racks(names: Iterable[str]) -> DeleteObjects:
    return DeleteObjects(racks=tuple(names))


def delete_rooms(names: Iterable[str]) -> DeleteObjects:
    return DeleteObjects(rooms=tuple(names))


def delete_links(positions: Iterable[int]) -> DeleteObjects:
    return DeleteObjects(links=tuple(positions))


def row_racks(design: Design, room: str, row: str) -> list[str]:
    names = [r.name for r in design.racks if r.room == room and r.row == row]
    if not names:
        rows = sorted({r.row for r in design.racks if r.room == room})
        refuse(f'room "{room}" has no row "{row}"', field=f'site.rooms "{room}"',
               hint=f"use one of: {', '.join(rows)}" if rows else "the room has no racks", code="no_such_row", row=row)
    return names


@dataclass
class DeleteRow(Edit):
    room: str
    row: str
    strict: bool = True

    def check(self, design: Design) -> None:
        row_racks(design, self.room, self.row)

    def apply(self, design: Design) -> Change:
        change = delete_racks(row_racks(design, self.room, self.row)).apply(design)
        return Change(self, change.inverse, change.scopes, f'deleted row "{self.row}": '
                      + change.summary.removeprefix("deleted "))
