"""Running the rules, all at once or incrementally after an edit.

Findings are kept per scope — a rack, a room, a device's links, a fabric, the design —
so an edit re-runs only the scopes it touched: moving a server re-checks its two
racks, their room and its cables, not the 16,000 other GPUs.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field

from designer.catalog.cabling import Cabling
from designer.fabric.cages import end_cage
from designer.checks.context import CheckContext
from designer.checks.design_rules import check_design
from designer.checks.fabric_rules import check_fabric
from designer.checks.findings import Finding
from designer.checks.link_rules import (
    MissingPart,
    check_all_device_ports,
    check_device_ports,
    check_link,
    check_links,
)
from designer.checks.rack_rules import check_rack
from designer.checks.room_rules import check_floor, check_room
from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.model.link import Link

# a scope's key: (kind, name) -- ("link", id(link)) for a cable
_Scope = tuple[str, str | int]


@dataclass
class Change:
    """What an edit touched. Names that no longer exist are simply dropped.

    racks: contents or limits changed; rooms: limits or the racks' floor positions
    changed; devices: moved, added, removed (their cables are re-judged); links: the
    cables of ``devices`` were added, removed or re-ended; fabrics: re-analyse these;
    replaced: cables swapped for new objects with the same ends, (old, new) — only those
    are judged again; ports: devices whose port rules run again (the ends of replaced
    cables). See ``designer.model.edits.Scopes``.
    """

    racks: set[str] = field(default_factory=set)
    rooms: set[str] = field(default_factory=set)
    devices: set[str] = field(default_factory=set)
    fabrics: set[str] = field(default_factory=set)
    links: bool = False
    design: bool = False
    everything: bool = False
    ports: set[str] = field(default_factory=set)
    replaced: list[tuple[Link, Link]] = field(default_factory=list)

    def merge(self, other: Change) -> Change:
        return Change(
            self.racks | other.racks,
            self.rooms | other.rooms,
            self.devices | other.devices,
            self.fabrics | other.fabrics,
            self.links or other.links,
            self.design or other.design,
            self.everything or other.everything,
            self.ports | other.ports,
            self.replaced + other.replaced,
        )


class Checker:
    def __init__(self, design: Design, cabling: Cabling, index: DesignIndex | None = None) -> None:
        self.ctx = CheckContext(design, cabling, index)
        self._by_scope: dict[_Scope, list[Finding]] = {}
        # device -> scope keys of the links it ends, to drop them when its cables change
        self._link_scopes: dict[str, set[_Scope]] = {}
        self.run_all()

    @property
    def design(self) -> Design:
        return self.ctx.design

    def run_all(self) -> list[Finding]:
        ctx = self.ctx
        self._by_scope.clear()
        self._link_scopes.clear()
        for rack in ctx.design.racks:
            self._put(("rack", rack.name), check_rack(ctx, rack.name))
        for room in ctx.design.site.rooms:
            self._put(("room", room.name), check_room(ctx, room.name))
            self._put(("floor", room.name), check_floor(ctx, room.name))
        # the design's links as columns, resolved by kind (the link rules below read them,
        # the cable summary after them)
        ctx.links.columns_of(ctx.design.links)
        # one walk over the cables: their own rules, and the parts missing for them by
        # their first device (filed with the device's port rules, before the cables', as
        # when each device walked its own)
        missing: dict[str, list[MissingPart]] = {}
        with_findings = list(check_links(ctx, ctx.design.links, missing))
        for name, found in check_all_device_ports(ctx, ctx.design.links, missing):
            self._put(("device", name), found)
        for link, found in with_findings:
            self._file_link(link, found)
        for fabric in ctx.design.fabrics:
            self._put(("fabric", fabric.name), check_fabric(ctx, fabric.name))
        self._put(("design", ""), check_design(ctx))
        return self.findings()

    def _check_link(self, link: Link) -> None:
        # only a cable with findings is kept, and only its scope is filed under its ends
        # (to be dropped when their cables change): almost every cable has none
        found = check_link(self.ctx, link)
        if found:
            self._file_link(link, found)
        else:
            self._by_scope.pop(("link", id(link)), None)

    def _file_link(self, link: Link, found: list[Finding]) -> None:
        key: _Scope = ("link", id(link))
        self._by_scope[key] = found
        for end in (link.a.device, link.b.device):
            self._link_scopes.setdefault(end, set()).add(key)

    def update(self, change: Change) -> list[Finding]:
        """Re-check what ``change`` touched; returns every finding."""
        ctx = self.ctx
        if change.everything:
            ctx.forget(everything=True)
            return self.run_all()
        ctx.forget(racks=change.racks, devices=change.devices, fabrics=change.fabrics, links=change.links,
                   replaced=change.replaced)
        rooms_capacity = set(change.rooms)
        for rack in change.racks:
            if rack in ctx.index.racks:
                rooms_capacity.add(ctx.index.racks[rack].room)
        for rack in change.racks:
            self._rescope("rack", rack, ctx.index.racks, lambda r: check_rack(ctx, r))
        for room in rooms_capacity:
            self._rescope("room", room, ctx.index.rooms, lambda r: check_room(ctx, r))
        for room in change.rooms:
            self._rescope("floor", room, ctx.index.rooms, lambda r: check_floor(ctx, r))
        if change.devices or change.ports or change.replaced:
            self._recheck_devices(change.devices, change.links, change.ports, change.replaced)
        for fabric in change.fabrics:
            self._rescope("fabric", fabric, ctx.index.fabrics, lambda f: check_fabric(ctx, f))
        if change.design or change.fabrics or change.racks or change.devices or change.ports:
            # storage totals, GPU counts and unknown figures follow from any of these
            self._put(("design", ""), check_design(ctx))
        return self.findings()

    def refresh_fabrics(self, fabrics: set[str]) -> list[Finding]:
        """Re-run the fabric rules on analyses handed in with ``ctx.set_fabric_analysis``
        (computed off the UI thread), without analysing again."""
        ctx = self.ctx
        for fabric in fabrics:
            self._rescope("fabric", fabric, ctx.index.fabrics, lambda f: check_fabric(ctx, f))
        self._put(("design", ""), check_design(ctx))
        return self.findings()

    def _recheck_devices(self, devices: set[str], links_changed: bool, ports: set[str] | None = None,
                         replaced: list[tuple[Link, Link]] | None = None) -> None:
        ctx = self.ctx
        if links_changed:
            # drop every cable scope these devices ended; re-judge their current cables
            for name in devices:
                for key in self._link_scopes.pop(name, set()):
                    self._by_scope.pop(key, None)
        seen = set()
        for old, new in replaced or ():
            # a re-routed cable: its old scope goes, the new one is judged (same ends)
            old_key: _Scope = ("link", id(old))
            self._by_scope.pop(old_key, None)
            for end in (old.a.device, old.b.device):
                self._link_scopes.get(end, set()).discard(old_key)
            if id(new) not in seen:
                seen.add(id(new))
                self._check_link(new)
        # The devices' own port rules again. A peer's (the far end of a cable) change only
        # when that cable changed — then the edit names both its ends — or when this
        # device's ports did (another type, a split port): such an edit names the peers
        # itself (``designer.model.edits``); expanding here re-judged ~120 switches' ports on
        # every move of one server at 16,384 GPUs.
        for name in devices:
            for link in ctx.index.links_by_device.get(name, []):
                if id(link) not in seen:
                    seen.add(id(link))
                    self._check_link(link)
        # ... except the cables sharing a twin-port cage with a changed one: whether a copper
        # cable there is a straight cable or a splitter follows from where the cage's other
        # port goes (fabric.cages.copper_legs), and CABLE_NO_PART is judged with a cable's
        # first device, which the edit need not name (found by a seeded replay of re-ends)
        peers = self._cage_peers([link for pair in replaced or () for link in pair])
        if links_changed:
            # the changed cables are gone or unknown: every cage of the devices they ended on
            peers |= self._cage_peers([link for name in devices for link in ctx.index.links_by_device.get(name, [])],
                                      at=devices)
        for name in devices | (ports or set()) | peers:
            if name in ctx.index.devices:
                self._put(("device", name), check_device_ports(ctx, name))
            else:
                self._by_scope.pop(("device", name), None)

    def _cage_peers(self, links: list[Link], at: set[str] | None = None) -> set[str]:
        """The first devices of the cables that share a twin-port cage with ``links`` (at
        their ends on the devices ``at``; None: at both ends)."""
        index = self.ctx.index
        peers: set[str] = set()
        for link in links:
            for end in (link.a, link.b):
                if at is not None and end.device not in at:
                    continue
                cage = end_cage(index, end.device, end.port)
                if cage is None or cage.ports != 2:
                    continue
                for other in index.links_by_device.get(end.device, ()):
                    if other is link or other.a.device in peers:
                        continue
                    for near in (other.a, other.b):
                        if near.device == end.device:
                            here = end_cage(index, near.device, near.port)
                            if here is not None and here.key == cage.key:
                                peers.add(other.a.device)
        return peers

    def _rescope(self, kind: str, name: str, existing: Container[str], run: Callable[[str], list[Finding]]) -> None:
        if name in existing:
            self._put((kind, name), run(name))
        else:
            self._by_scope.pop((kind, name), None)

    def _put(self, key: _Scope, found: list[Finding]) -> None:
        """A scope's findings; a scope with none is not kept (70,000 cable scopes at 16,384
        GPUs are almost all empty, and ``findings`` passed over every one at each edit)."""
        if found:
            self._by_scope[key] = found
        else:
            self._by_scope.pop(key, None)

    def findings(self) -> list[Finding]:
        every = [f for items in self._by_scope.values() for f in items]
        return sorted(every, key=lambda f: f.sort_key)


def run_checks(design: Design, cabling: Cabling | None = None, index: DesignIndex | None = None) -> list[Finding]:
    if cabling is None:
        from designer.catalog import load_catalog

        cabling = load_catalog(include_user=False).cabling
    return Checker(design, cabling, index).findings()
