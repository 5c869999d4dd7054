"""A whole design's links as columns, for the passes that judge or count every link.

``LinkTable`` answers one link at a time with a record (``ResolvedLink``) made per link:
what an edit in the window asks. A whole design's run (``designer report``, ``check``, the
first check in the window) asks the same questions of every link, and at 16,384 GPUs
64,220 records, 128,440 cage tuples and the Python loops over them were most of the
per-link time (issue 17). Nearly every link of a design is one of a few dozen *kinds* (58 at
16,384 GPUs): each end's speed and cage shape (an end being coded by its device type and
port, a few hundred codes), the fabric, the media, the length and whether it is a leg of a
splitter. Everything the link rules and the cable summary ask of a link's own resolution
(speeds, cages but their identities, shape class, parts, reach) follows from its kind, so it
is worked out once per kind (from the same per-(type, port) memo ``LinkTable`` uses) and the
links are handled per kind with C-level iteration (``map``, ``zip``, ``compress``,
``Counter``, ``dict``) over the columns; only what depends on the link's own places (its
routed length, its cages' identities) is per link, and only the links whose kind is not
surely clean go through the per-link rules.

A kind is *odd* (``Kind.odd``) where its links' ends do not resolve by code: an end on a
device that is missing or splits a port, or a fabric the design does not define (or none);
the passes take such links one by one from their ``LinkTable`` record, as before.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import compress, count, repeat
from operator import add, mul
from typing import TYPE_CHECKING, Any

from designer.fabric.cages import LINK_LAYER, EndCage, shape_class
from designer.model.link import Link, Media

if TYPE_CHECKING:
    from designer.fabric.link_table import LinkTable

# what a link end resolves to on a device that splits no port: (speed, cage facts), as
# ``LinkTable.plain_end`` gives it (None: the device is missing or splits a port)
EndFacts = tuple[float | None, Any]


class Kind:
    """One kind of link: what its ends resolve to but their devices' names, its media,
    length, whether it is a splitter's leg (a ``cable_id``), and where its first link is.
    ``odd``: its links are resolved one by one (the other fields but ``first`` are then not
    set)."""

    __slots__ = ("odd", "speed_a_gbps", "speed_b_gbps", "speed_gbps", "cages", "ports_a", "ports_b", "shapes",
                 "protocol", "media", "length_m", "split", "first")

    def __init__(self, first: int, media: Media | None, length_m: float | None, split: bool) -> None:
        self.first = first
        self.media = media
        self.length_m = length_m
        self.split = split
        self.odd = True
        self.speed_a_gbps: float | None = None
        self.speed_b_gbps: float | None = None
        self.speed_gbps: float | None = None
        self.cages = False  # both ends have a cage (the record's ``ends`` is not None)
        self.ports_a = self.ports_b = 0  # the ports of each end's cage
        self.shapes: int | None = None
        self.protocol: str | None = None


class LinkColumns:
    """The links of ``links`` (a design's list, in its order) as columns: each end's device
    and port, the fabric, media, length and cable id; each end's code (``a_end``, ``b_end``:
    ``end_facts[code]`` what it resolves to) and each link's kind (``kind``: a code,
    ``kinds[code]``; a kind's code is the place of its first link)."""

    def __init__(self, table: LinkTable, links: list[Link]) -> None:
        index = table.index
        self.index = index
        self.links = links
        self._numbers: list[int] | None = None
        self._once: bool | None = None
        self.a_device: list[str] = [link.a.device for link in links]
        self.a_port: list[str] = [link.a.port for link in links]
        self.b_device: list[str] = [link.b.device for link in links]
        self.b_port: list[str] = [link.b.port for link in links]
        self.fabric: list[str | None] = [link.fabric for link in links]
        self.media: list[Media | None] = [link.media for link in links]
        self.length_m: list[float | None] = [link.length_m for link in links]
        self.cable_id: list[str | None] = [link.cable_id for link in links]
        # the device type of each device that splits no port (others: None, their ends odd)
        types = {name: device.device_type for name, device in index.devices.items() if not device.port_breakouts}
        ends: dict[tuple[str | None, str], int] = {}
        self.a_end: list[int] = list(map(ends.setdefault, zip(map(types.get, self.a_device), self.a_port), count()))
        n = len(links)
        self.b_end: list[int] = list(map(ends.setdefault, zip(map(types.get, self.b_device), self.b_port),
                                         count(n)))
        # an end's code is the place of its first link end (a ends first, then b ends from n)
        self.end_facts: dict[int, EndFacts | None] = {}
        # each end's shape (what a kind of link keys on): its speed and its cage but the cage's
        # identity; ends of one shape share a number
        shapes: dict[tuple[Any, ...] | None, int] = {}
        shape_of: dict[int, int] = {}
        for (type_slug, port), code in ends.items():
            if type_slug is None:
                facts = None
            else:
                device = self.a_device[code] if code < n else self.b_device[code - n]
                facts = table.plain_end(device, port)
            self.end_facts[code] = facts
            shape = None if facts is None else (facts[0], None if facts[1] is None else facts[1][2:7])
            shape_of[code] = shapes.setdefault(shape, len(shapes))
        odd_shape = shapes.get(None, -1)
        kinds: dict[tuple[Any, ...], int] = {}
        get_shape = shape_of.__getitem__
        self.kind: list[int] = list(map(kinds.setdefault,
                                        zip(map(get_shape, self.a_end), map(get_shape, self.b_end), self.fabric,
                                            self.media, self.length_m, map(bool, self.cable_id)),
                                        count()))
        self.kinds: dict[int, Kind] = {}
        fabrics = index.fabrics
        for (shape_a, shape_b, fabric_name, media, length_m, split), code in kinds.items():
            kind = self.kinds[code] = Kind(code, media, length_m, split)
            fabric = fabrics.get(fabric_name) if fabric_name is not None else None
            if shape_a == odd_shape or shape_b == odd_shape or fabric is None:
                continue  # odd: resolved link by link
            kind.odd = False
            kind.protocol = LINK_LAYER.get(fabric.protocol)
            facts_a, facts_b = self.end_facts[self.a_end[code]], self.end_facts[self.b_end[code]]
            assert facts_a is not None and facts_b is not None  # ends of a shape (devices that split no port)
            (speed_a, cage_a), (speed_b, cage_b) = facts_a, facts_b
            kind.speed_a_gbps, kind.speed_b_gbps = speed_a, speed_b
            if speed_a is not None and speed_b is not None:
                kind.speed_gbps = min(speed_a, speed_b)
            if cage_a is not None and cage_b is not None:
                kind.cages = True
                kind.ports_a, kind.ports_b = cage_a[3], cage_b[3]
                kind.shapes = shape_class(self.ends_at(code))

    def __len__(self) -> int:
        return len(self.links)

    def ports_used_once(self) -> bool:
        """No port holds two cable ends (no cable listed twice, none looped onto its own
        port): every end's number (its device's number times the end codes, plus its end code;
        a device's ports are told apart by their end codes) comes once. Numbers, not (device,
        port) tuples: 128,000 tuples kept in a set cost several times as much."""
        if self._once is None:
            codes = self.a_end + self.b_end
            per_device = 2 * len(self.links) + 1
            self._once = len(set(map(add, map(mul, self.device_numbers(), repeat(per_device)), codes))) == len(codes)
        return self._once

    def device_numbers(self) -> list[int]:
        """Each end's device as a number (its place among the index's devices; -1: none such),
        the a ends, then the b ends (made when first asked)."""
        if self._numbers is None:
            numbers = {name: n for n, name in enumerate(self.index.devices)}
            self._numbers = list(map(numbers.get, self.a_device + self.b_device, repeat(-1)))
        return self._numbers

    def ends_at(self, at: int) -> tuple[EndCage, EndCage] | None:
        """The cages at the ends of the link at ``at`` of a kind that is not odd (its
        ``LinkTable`` record's ``ends``)."""
        kind = self.kinds[self.kind[at]]
        if not kind.cages:
            return None
        facts_a, facts_b = self.end_facts[self.a_end[at]], self.end_facts[self.b_end[at]]
        assert facts_a is not None and facts_b is not None  # a kind with cages
        protocol = kind.protocol
        return _cage(self.a_device[at], facts_a[1], protocol), _cage(self.b_device[at], facts_b[1], protocol)

    def positions(self, codes: Collection[int]) -> list[int]:
        """The places of the links of the kinds ``codes``, in order."""
        if not codes:
            return []
        if len(codes) == len(self.kinds) and all(code in codes for code in self.kinds):
            return list(range(len(self.links)))
        return list(compress(range(len(self.links)), map(codes.__contains__, self.kind)))


def _cage(device: str, facts: Any, protocol: str | None) -> EndCage:
    group_name, number, form_factor, n_ports, port_speed, side, top, _physical = facts
    return tuple.__new__(EndCage, ((device, group_name, number), form_factor, n_ports, port_speed, side, top,
                                   protocol))
