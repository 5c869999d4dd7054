"""Look-up tables over a design, built in one pass.

The model is plain lists (what the file holds); every stage that needs to find
things by name builds a ``DesignIndex`` once and passes it along.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from designer.model.design import Design
from designer.model.device import Device
from designer.model.hardware import DeviceType, RackType
from designer.model.link import Fabric, Link
from designer.model.ports import PortResolver
from designer.model.rack import Rack
from designer.model.site import Room


@dataclass
class DesignIndex:
    design: Design
    devices: dict[str, Device] = field(default_factory=dict)
    racks: dict[str, Rack] = field(default_factory=dict)
    rooms: dict[str, Room] = field(default_factory=dict)
    fabrics: dict[str, Fabric] = field(default_factory=dict)
    device_types: dict[str, DeviceType] = field(default_factory=dict)
    rack_types: dict[str, RackType] = field(default_factory=dict)
    devices_by_rack: dict[str, list[Device]] = field(default_factory=lambda: defaultdict(list))
    links_by_device: dict[str, list[Link]] = field(default_factory=lambda: defaultdict(list))
    racks_by_room: dict[str, list[Rack]] = field(default_factory=lambda: defaultdict(list))
    unracked: list[Device] = field(default_factory=list)
    # id(link) -> its place in design.links, made when first asked and checked at every
    # answer (an edit that inserts or removes cables shifts places: made again then)
    _positions: dict[int, int] | None = field(default=None, repr=False)
    # device name -> the rack its list in ``devices_by_rack`` holds it in (racked devices)
    _filed: dict[str, str] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, design: Design) -> DesignIndex:
        index = cls(design)
        index.device_types = {t.slug: t for t in design.device_types}
        index.rack_types = {t.slug: t for t in design.rack_types}
        index.rooms = {r.name: r for r in design.site.rooms}
        index.fabrics = {f.name: f for f in design.fabrics}
        for rack in design.racks:
            index.racks[rack.name] = rack
            index.racks_by_room[rack.room].append(rack)
        devices, by_rack, filed, unracked = index.devices, index.devices_by_rack, index._filed, index.unracked
        for device in design.devices:
            name, placed = device.name, device.rack
            devices[name] = device
            if placed is not None:
                by_rack[placed].append(device)
                filed[name] = placed
            else:
                unracked.append(device)
        by_device = index.links_by_device
        for link in design.links:
            a, b = link.a.device, link.b.device
            by_device[a].append(link)
            if b != a:
                by_device[b].append(link)
        return index

    @cached_property
    def ports(self) -> PortResolver:
        return PortResolver(self)

    def refresh_devices(self, racks: set[str], devices: set[str], links_changed: bool = False) -> None:
        """Bring the look-ups up to date after devices moved between ``racks`` (or were
        added, removed or renamed) and, with ``links_changed``, after the links of
        ``devices`` changed: passes over the devices (and the links), not a rebuild.

        A list in the maps is replaced, never changed in place: a snapshot that shares the
        lists (``designer.estimates.snapshot``) keeps seeing the index as it was."""
        design = self.design
        self.devices = {d.name: d for d in design.devices}
        types = {t.slug: t for t in design.device_types}
        if types.keys() != self.device_types.keys() or any(self.device_types[s] is not t for s, t in types.items()):
            # a type came, went or was replaced under its slug (a paste, its undo, another
            # paste): the port answers cached by (type slug, port) are made again
            self.__dict__.pop("ports", None)
        self.device_types = types
        self.racks = {r.name: r for r in design.racks}
        if racks:
            # racks may have come or gone (with their rack types): the room look-up again
            self.rack_types = {t.slug: t for t in design.rack_types}
            by_room: dict[str, list[Rack]] = defaultdict(list)
            for placed in design.racks:
                by_room[placed.room].append(placed)
            self.racks_by_room = by_room
        self.unracked = [d for d in design.devices if d.rack is None]
        # the racks whose lists change: those named, and where the devices named were filed
        # and are now (an edit names the devices it adds, removes, moves or replaces); not a
        # pass over every rack's list for devices that left it (5,346 racks at 131,072 GPUs:
        # 22 ms of a drag-move). ``_filed`` is kept up to date for those devices alone.
        filed = self._filed
        changed = set(racks)
        for name in devices:
            was = filed.pop(name, None)
            if was is not None:
                changed.add(was)
            device = self.devices.get(name)
            if device is not None and device.rack is not None:
                filed[name] = device.rack
                changed.add(device.rack)
        for rack in changed:
            if rack in self.racks:
                self.devices_by_rack[rack] = []
            else:
                self.devices_by_rack.pop(rack, None)  # a rack that went
        for device in design.devices:
            if device.rack in changed:
                self.devices_by_rack[device.rack].append(device)  # as build files it, rack or not
        if links_changed and devices:
            for name in devices:
                self.links_by_device[name] = []
            by_device = self.links_by_device
            for link in design.links:
                a, b = link.a.device, link.b.device
                if a in devices:
                    by_device[a].append(link)
                if b != a and b in devices:
                    by_device[b].append(link)

    def positions_of(self, links: Iterable[Link]) -> list[int]:
        """Where these link objects are in ``design.links``, in that order. Answered from a
        map checked at each answer: a place that no longer holds the link makes the map
        again (one pass), so an answer is never stale."""
        design_links = self.design.links
        places = self._positions
        found: list[int] = []
        for link in links:
            at = places.get(id(link)) if places is not None else None
            if at is None or at >= len(design_links) or design_links[at] is not link:
                places = self._positions = {id(item): i for i, item in enumerate(design_links)}
                at = places.get(id(link))
                if at is None or design_links[at] is not link:
                    raise KeyError(f"{link.a} - {link.b} is not a cable of the design")
            found.append(at)
        return found

    def swap_links(self, pairs: Iterable[tuple[Link, Link]]) -> None:
        """Cables replaced by new objects with the same ends (a re-route): each takes its
        predecessor's place in its ends' look-ups — no pass over the design's links. The
        lists are replaced, not changed in place (a snapshot may share them)."""
        by_device = self.links_by_device
        places = self._positions
        for old, new in pairs:
            if places is not None and (at := places.pop(id(old), None)) is not None:
                places[id(new)] = at
            for name in {old.a.device, old.b.device}:
                current = by_device.get(name)
                if current is None:
                    continue
                at = next((i for i, link in enumerate(current) if link is old), None)
                if at is None:
                    continue
                swapped = list(current)
                swapped[at] = new
                by_device[name] = swapped

    def type_of(self, device: Device) -> DeviceType:
        return self.device_types[device.device_type]

    def rack_type_of(self, rack: Rack) -> RackType:
        return self.rack_types[rack.rack_type]

    def is_full_depth(self, device: Device) -> bool:
        if device.full_depth is not None:
            return device.full_depth
        return self.type_of(device).is_full_depth
