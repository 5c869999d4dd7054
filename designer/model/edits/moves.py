"""Moving devices, racks, rows and rooms, and swapping in re-routed links (``ReplaceLinks``).

A moved object keeps its identity (the same device object, its fields changed), so
look-ups built over the design stay valid; the links list is replaced whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Sequence

from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.model.device import Device
from designer.model.link import Link, LinkEnd
from designer.model.rack import Rack
from designer.model.site import Room, room_origins
from designer.model.edits import rules
from designer.model.edits.core import Batch, Change, Edit, Scopes, combine, refuse

from designer.model.edits.objects import row_racks


def _find(design: Design, kind: str, name: str) -> Any:
    lists: dict[str, Sequence[Rack | Device | Room]] = {"rack": design.racks, "device": design.devices,
                                                        "room": design.site.rooms}
    for obj in lists[kind]:
        if obj.name == name:
            return obj
    refuse(f'{kind} "{name}" does not exist', field=rules.where(kind, name), hint="it may have been deleted",
           code=f"no_such_{kind}", **{kind: name})


@dataclass
class MoveDevice(Edit):
    """Put a device in a rack at a position and face (rack None: take it out of racks;
    position None: in the rack but not mounted, as zero-U parts are)."""

    name: str
    rack: str | None
    position_u: int | None
    face: str | None = None  # None: as it is
    strict: bool = True
    # the design's index when the caller keeps one up to date (the window's): the device and
    # its new rack's devices are looked up there, not found by passes over every device (two
    # per drag: 21,000 devices at 131,072 GPUs); not used for another design
    index: DesignIndex | None = field(default=None, compare=False, repr=False)

    def _moved(self, design: Design) -> tuple[Device, Device]:
        index = self.index if self.index is not None and self.index.design is design else None
        device = index.devices.get(self.name) if index is not None else None
        if device is None:
            device = _find(design, "device", self.name)
        where = rules.where("device", self.name)
        update = rules.validated_fields(device, where, rack=self.rack, position_u=self.position_u,
                                        face=self.face or device.face)
        moved = device.model_copy(update=update)
        # where it fits depends on its own rack's devices only (slots, feeds): the preview
        # holds those, not the whole design (two full index builds per drag at 16,384 GPUs)
        if index is not None:
            neighbours = [d for d in index.devices_by_rack.get(moved.rack, ()) if d is not device] \
                if moved.rack is not None else []
        else:
            neighbours = [d for d in design.devices if d.rack is not None and d.rack == moved.rack and d is not device]
        index = rules.preview(design, devices=[*neighbours, moved])
        rules.device_fits(index, moved, where, self.strict)
        return device, moved

    def check(self, design: Design) -> None:
        self._moved(design)

    def apply(self, design: Design) -> Change:
        device, moved = self._moved(design)
        old = (device.rack, device.position_u, device.face)
        device.rack, device.position_u, device.face = moved.rack, moved.position_u, moved.face
        place = f"{device.rack} U{device.position_u} {device.face}" if device.rack else "no rack"
        return Change(self, MoveDevice(self.name, *old, strict=False),
                      # its cables are judged again where it now is; they are the same cables
                      Scopes.of(racks=[old[0], device.rack], devices=[self.name]),
                      f'moved device "{self.name}" to {place}')


@dataclass
class MoveRack(Edit):
    """Put a rack at a spot on the floor (``room``: into another room; None: its own)."""

    name: str
    x_mm: float
    y_mm: float
    room: str | None = None
    strict: bool = True

    def _target(self, design: Design) -> tuple[Rack, dict[str, Any]]:
        rack = _find(design, "rack", self.name)
        where = rules.where("rack", self.name)
        target = rules.validated_fields(rack, where, x_mm=self.x_mm, y_mm=self.y_mm, room=self.room or rack.room)
        rules.room_exists(design, target["room"], f"{where}.room")
        return rack, target

    def check(self, design: Design) -> None:
        self._target(design)

    def apply(self, design: Design) -> Change:
        rack, target = self._target(design)
        old = (rack.x_mm, rack.y_mm, rack.room)
        rack.x_mm, rack.y_mm, rack.room = target["x_mm"], target["y_mm"], target["room"]
        members = [d.name for d in design.devices if d.rack == self.name]
        return Change(self, MoveRack(self.name, *old, strict=False),
                      # a rack changing rooms changes which racks each room holds: re-check all
                      Scopes.of(rooms=[old[2], rack.room], racks=[self.name], devices=members, links=True,
                                everything=old[2] != rack.room),
                      f'moved rack "{self.name}" to ({rack.x_mm:g}, {rack.y_mm:g}) mm in {rack.room}')


@dataclass
class MoveRow(Edit):
    """Shift every rack of a row by (dx, dy) mm."""

    room: str
    row: str
    dx_mm: float
    dy_mm: float
    strict: bool = True

    def _moves(self, design: Design) -> list[MoveRack]:
        names = set(row_racks(design, self.room, self.row))
        return [MoveRack(r.name, r.x_mm + self.dx_mm, r.y_mm + self.dy_mm) for r in design.racks if r.name in names]

    def check(self, design: Design) -> None:
        for move in self._moves(design):
            move.check(design)

    def apply(self, design: Design) -> Change:
        change = Batch(list[Edit](self._moves(design))).apply(design)
        return combine(self, [change], f'moved row "{self.row}" by ({self.dx_mm:g}, {self.dy_mm:g}) mm')


@dataclass
class PlaceRoom(Edit):
    """Put a room's top-left corner at (x, y) mm on the site plan. Rooms not yet placed by
    hand are fixed where they are drawn now (``room_origins``), so no other room moves; a
    spot where the room would overlap another is refused. Racks stand in their room's own
    coordinates: they move with it and no figure changes."""

    name: str
    x_mm: float
    y_mm: float
    strict: bool = True

    def _targets(self, design: Design) -> dict[str, tuple[float, float]]:
        room = _find(design, "room", self.name)
        where = rules.where("room", self.name)
        target = rules.validated_fields(room, where, x_mm=self.x_mm, y_mm=self.y_mm)
        origins = room_origins(design.site.rooms)
        origins[room.name] = (target["x_mm"], target["y_mm"])
        if self.strict:
            x0, y0 = origins[room.name]
            for other in design.site.rooms:
                if other is room:
                    continue
                ox, oy = origins[other.name]
                if x0 < ox + other.width_mm and ox < x0 + room.width_mm and y0 < oy + other.depth_mm \
                        and oy < y0 + room.depth_mm:
                    refuse(f'room "{room.name}" would overlap room "{other.name}" there', field=f"{where}.x_mm",
                           hint="put it beside the other room", code="room_overlap", room=room.name,
                           other=other.name)
        return origins

    def check(self, design: Design) -> None:
        self._targets(design)

    def apply(self, design: Design) -> Change:
        origins = self._targets(design)
        old = {r.name: (r.x_mm, r.y_mm) for r in design.site.rooms}
        for r in design.site.rooms:
            r.x_mm, r.y_mm = origins[r.name]
        return Change(self, _RestoreRoomPlaces(old), Scopes.of(rooms=list(old)),
                      f'placed room "{self.name}" at ({self.x_mm:g}, {self.y_mm:g}) mm')


@dataclass
class _RestoreRoomPlaces(Edit):
    """Undo of ``PlaceRoom``: every room's place as it was (unset included)."""

    places: dict[str, tuple[float | None, float | None]]
    strict: bool = False

    def check(self, design: Design) -> None:
        for name in self.places:
            _find(design, "room", name)

    def apply(self, design: Design) -> Change:
        self.check(design)
        old = {r.name: (r.x_mm, r.y_mm) for r in design.site.rooms if r.name in self.places}
        for r in design.site.rooms:
            if r.name in self.places:
                r.x_mm, r.y_mm = self.places[r.name]
        return Change(self, _RestoreRoomPlaces(old), Scopes.of(rooms=list(old)), "room places restored")


def _link_at(design: Design, position: int) -> Link:
    if not isinstance(position, int) or not 0 <= position < len(design.links):
        refuse(f"links[{position}] does not exist (the design has {len(design.links)})", field=f"links[{position}]",
               hint="it may have been deleted", code="no_such_link")
    return design.links[position]


@dataclass
class ReplaceLinks(Edit):
    """Swap in new link objects at positions (re-routed cables: new lengths and media).
    Ends that change are checked like a new cable's."""

    positions: list[int]
    links: list[Link]
    strict: bool = True
    verb: str = "re-routed"

    def check(self, design: Design) -> None:
        if len(self.positions) != len(self.links):
            refuse(f"{len(self.positions)} positions for {len(self.links)} links", field="links", code="invalid")
        changed = []
        for position, link in zip(self.positions, self.links):
            old = _link_at(design, position)
            if self.strict:
                rules.validated(link, f"links[{position}]")
            if link.fabric != old.fabric:
                rules.fabric_exists(design, link.fabric, f"links[{position}].fabric")
            if (link.a, link.b) != (old.a, old.b):
                changed.append((position, link))
        if changed and self.strict:
            index = rules.preview(design)
            replaced = set(self.positions)
            after = [l for i, l in enumerate(design.links) if i not in replaced] + list(self.links)
            ends = rules.link_ends(after)
            for position, link in changed:
                rules.link_ends_valid(index, link, f"links[{position}]", True, ends)

    def apply(self, design: Design) -> Change:
        self.check(design)
        links = list(design.links)
        old = [links[p] for p in self.positions]
        for position, link in zip(self.positions, self.links):
            links[position] = link
        design.links = links
        ends = [e.device for l in (*old, *self.links) for e in (l.a, l.b)]
        fabrics = [l.fabric for l in (*old, *self.links)]
        n = len(self.links)
        inverse = ReplaceLinks(list(self.positions), old, strict=False, verb="restored")
        summary = f"{self.verb} {n} cable{'s' if n != 1 else ''}"
        if all((a.a, a.b, a.fabric, a.cable_id) == (b.a, b.b, b.fabric, b.cable_id) for a, b in zip(old, self.links)):
            # the same cables re-routed (length, media): just those are judged again (a lane
            # that joins or leaves a splitter changes its other lanes' parts: not this path)
            return Change(self, inverse, Scopes.of(ports=ends, replaced=zip(old, self.links)), summary)
        # re-ended: the fabrics of the switches either way count their ports again too
        fabrics += rules.end_fabrics(design, (*old, *self.links))
        return Change(self, inverse, Scopes.of(devices=ends, fabrics=fabrics, links=True), summary)


def move_link(design: Design, position: int, a: LinkEnd | None = None, b: LinkEnd | None = None) -> ReplaceLinks:
    """Re-end the link at ``position`` (an end None: as it is)."""
    link = _link_at(design, position)
    return ReplaceLinks([position], [link.model_copy(update={"a": a or link.a, "b": b or link.b})], verb="re-ended")
