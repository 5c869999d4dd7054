"""Each link resolved once: both ends' speeds and cages, shared by the checks, the cable
summary and the bill of materials.

Resolving a link end (device, port group, breakout lane, cage, side, module top, link
layer) goes through several look-ups; at 16,384 GPUs the checks and the cable summary
did it about 16 times per link, 1.4 million calls. A ``LinkTable`` answers each link
from one record made the first time it is asked (a slotted object). The answers are
exactly what ``designer.fabric.cages`` computes, so no figure changes.

A record holds only what follows from the link's own fields and its two devices (their
types, ports and breakouts) and the link's fabric: the speeds, the cages, the cages'
shapes (what a part must fit, as a small number: a design has a few dozen) and the
lanes of the split port a splitter leg rides on. What also depends on other links (how
many legs a splitter has, whether a twin-port cage fans out) or on places (routed
lengths) is not kept here.

The table is a cache over a design that edits change: whoever owns it calls ``clear``
(or ``forget``) when devices, their ports or links change; the checks' context does so
in ``CheckContext.forget``.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import is_
from typing import Any, NamedTuple

from designer.fabric.cages import LINK_LAYER, EndCage, end_cage, link_protocol, shape_class, splitter_lanes
from designer.fabric.link_columns import LinkColumns
from designer.model.index import DesignIndex
from designer.model.link import Link

def _end_of(fields: tuple[object, ...]) -> EndCage:
    """``EndCage(*fields)`` from a tuple of its fields, without the named tuple's
    Python-level constructor."""
    return tuple.__new__(EndCage, fields)


class ResolvedLink(NamedTuple):
    """What one link's ends resolve to (None: that end's port does not exist).

    ``speed_gbps``: the speed the link runs at, the slower end's (None: an end is missing);
    ``shapes``: the class of both cages' ``EndCage.shape`` (``shape_class``; None without
    ``ends``); ``split_lanes``: the lanes of the split port its ends sit on
    (``splitter_lanes(index, link, 0)``: 0 when neither end is a lane of a split port), so
    that a splitter leg's lane count is ``max(legs cabled, split_lanes)``.

    A named tuple, made with ``tuple.__new__`` from its fields (``_record``): one is made
    per link, 64,220 at 16,384 GPUs, and a Python ``__init__`` was a third of the cost."""

    link: Link
    speed_a_gbps: float | None
    speed_b_gbps: float | None
    speed_gbps: float | None
    ends: tuple[EndCage, EndCage] | None
    shapes: int | None = None
    split_lanes: int = 0

    def lanes(self, cabled: int) -> int:
        """``designer.fabric.cages.splitter_lanes`` of the link with ``cabled`` legs of
        its cable in the design."""
        return max(cabled, self.split_lanes)


def _record(link: Link, speed_a_gbps: float | None, speed_b_gbps: float | None,
            ends: tuple[EndCage, EndCage] | None, shapes: int | None, split_lanes: int) -> ResolvedLink:
    speed = None if speed_a_gbps is None or speed_b_gbps is None else min(speed_a_gbps, speed_b_gbps)
    return tuple.__new__(ResolvedLink, (link, speed_a_gbps, speed_b_gbps, speed, ends, shapes, split_lanes))


# what a class of link resolves to: (speed a, speed b, speed, facts a, facts b, shapes); an
# end's facts: (its cage's group, its number, the rest of its ``EndCage`` fields)
_ClassFacts = tuple[float | None, float | None, float | None, Any, Any, int | None]


class LinkTable:
    def __init__(self, index: DesignIndex) -> None:
        self.index = index
        self._rows: dict[int, ResolvedLink] = {}
        # the records of one list of links (the design's) in its order, as ``rows_of`` last
        # gave them; dropped by ``clear`` and ``forget``
        self._in_order: tuple[list[Link], list[Link], list[ResolvedLink]] | None = None
        # the same list as columns, as ``columns_of`` last gave them; dropped with ``_in_order``
        self._columns: tuple[list[Link], list[Link], LinkColumns] | None = None

    def row(self, link: Link) -> ResolvedLink:
        found = self._rows.get(id(link))
        if found is not None and found[0] is link:
            return found
        self.fill((link,))
        return self._rows[id(link)]

    def rows_of(self, links: list[Link]) -> list[ResolvedLink]:
        """The records of ``links``, in their order (made where not made yet). The design's
        whole list is walked by the link rules and the cable summary in turn: the second
        walk takes the first one's list, checked to be of the same link objects (compared
        with a copy of the list in C: a fifth of asking ``row`` per link)."""
        kept = self._in_order
        if (kept is not None and kept[0] is links and len(kept[1]) == len(links)
                and all(map(is_, kept[1], links))):  # the same objects (an equal copy is another link)
            return kept[2]
        self.fill(links)
        rows = self._rows
        made = [rows[id(link)] for link in links]
        self._in_order = (links, list(links), made)
        return made

    def fill(self, links: Iterable[Link]) -> None:
        """Make the records of ``links`` that are not made yet (the checks make all of a
        design's at once: the look-ups below are hoisted out of the loop over them)."""
        index = self.index
        rows = self._rows
        devices = index.devices
        fabrics = index.fabrics
        # two devices without split ports: everything but the cages' names follows from the
        # link's class (both types and ports, the link layer), worked out once per class on
        # the port resolver (dropped with it when a type is replaced):
        # class -> (speed a, speed b, speed, facts a, facts b, shapes)
        classes = index.ports.link_facts
        make = tuple.__new__
        # each fabric's link layer, asked once (a link of no or an unknown fabric: its ends')
        layers = {name: LINK_LAYER.get(fabric.protocol) for name, fabric in fabrics.items()}
        fresh = not rows  # nothing made yet: no link to pass over
        for link in links:
            if not fresh:
                found = rows.get(id(link))
                if found is not None and found[0] is link:
                    continue
            a, b = link.a, link.b
            name = link.fabric
            protocol = layers[name] if name in layers else link_protocol(index, link)
            device_a, device_b = devices.get(a.device), devices.get(b.device)
            if device_a is None or device_b is None or device_a.port_breakouts or device_b.port_breakouts:
                rows[id(link)] = self._resolve(link, protocol)
                continue
            key = (device_a.device_type, a.port, device_b.device_type, b.port, protocol)
            facts = classes.get(key)
            if facts is None:
                facts = self.class_facts(link, protocol)
            speed_a, speed_b, speed, facts_a, facts_b, shapes = facts
            if facts_a is not None and facts_b is not None:
                ends = (make(EndCage, ((a.device, facts_a[0], facts_a[1]),) + facts_a[2]),
                        make(EndCage, ((b.device, facts_b[0], facts_b[1]),) + facts_b[2]))
            else:
                ends = None
            rows[id(link)] = make(ResolvedLink, (link, speed_a, speed_b, speed, ends, shapes, 0))

    def class_facts(self, link: Link, protocol: str | None) -> _ClassFacts:
        """What every link of ``link``'s class resolves to (both ends on devices that split
        no port), worked out from ``link`` end by end and kept on the port resolver."""
        record = self._resolve(link, protocol)
        pair = record.ends
        # per end: its cage's group and number, and the rest of its ``EndCage`` fields
        facts_a, facts_b = (None, None) if pair is None else (
            (pair[0].key[1], pair[0].key[2], pair[0][1:]), (pair[1].key[1], pair[1].key[2], pair[1][1:]))
        a, b = link.a, link.b
        devices = self.index.devices
        key = (devices[a.device].device_type, a.port, devices[b.device].device_type, b.port, protocol)
        found: _ClassFacts = (record.speed_a_gbps, record.speed_b_gbps, record.speed_gbps, facts_a, facts_b,
                             record.shapes)
        self.index.ports.link_facts[key] = found
        return found

    def columns_of(self, links: list[Link]) -> LinkColumns:
        """``links`` (the design's list) as columns (``designer.fabric.link_columns``), kept
        while the list holds the same objects and no record is forgotten (as ``rows_of``)."""
        found = self.columns_at_hand(links)
        if found is not None:
            return found
        made = LinkColumns(self, links)
        self._columns = (links, list(links), made)
        return made

    def plain_end(self, device_name: str, port: str) -> tuple[float | None, Any]:
        """A port's speed and cage facts (``designer.fabric.cages._CageFacts``, None: no cage)
        on an existing device that splits no port: the same for every device of its type
        (kept per (type, port) on the port resolver)."""
        index = self.index
        ports = index.ports
        key = (index.devices[device_name].device_type, port)
        found = ports.end_facts.get(key)
        if found is None:
            speed = ports.speed_gbps(device_name, port)
            end_cage(index, device_name, port)  # files the type's cage facts
            found = ports.end_facts[key] = (speed, ports.cage_facts[key])
        return found

    def columns_at_hand(self, links: list[Link]) -> LinkColumns | None:
        """The columns of ``links`` where ``columns_of`` made them and they still hold (None:
        not made, or forgotten since): a pass that can take them or leave them asks this."""
        kept = self._columns
        if (kept is not None and kept[0] is links and len(kept[1]) == len(links)
                and all(map(is_, kept[1], links))):
            return kept[2]
        return None

    def _resolve(self, link: Link, protocol: str | None) -> ResolvedLink:
        """A record made end by end (``PortResolver.speed_gbps``, ``end_cage``)."""
        index = self.index
        # both ends at once: (device, port) -> (speed, cage); what ``PortResolver.speed_gbps``
        # and ``end_cage`` answer, the per-(type, port) part read from one memo where the
        # device splits no port (its ports are its type's)
        devices = index.devices
        ports = index.ports
        plain = ports.end_facts
        resolved: list[tuple[float | None, EndCage | None]] = []
        for end in (link.a, link.b):
            name, port = end.device, end.port
            device = devices.get(name)
            if device is None:
                resolved.append((None, None))
                continue
            if device.port_breakouts:
                resolved.append((ports.speed_gbps(name, port), end_cage(index, name, port, protocol)))
                continue
            try:
                speed, facts = plain[device.device_type, port]
            except KeyError:
                speed, facts = self.plain_end(name, port)
            if facts is None:
                resolved.append((speed, None))
                continue
            group_name, number, form_factor, n_ports, port_speed, side, top, _physical = facts
            resolved.append((speed, _end_of(((name, group_name, number), form_factor, n_ports, port_speed,
                                             side, top, protocol))))
        (speed_a, cage_a), (speed_b, cage_b) = resolved
        ends = (cage_a, cage_b) if cage_a is not None and cage_b is not None else None
        return _record(link, speed_a, speed_b, ends, shape_class(ends), splitter_lanes(index, link, 0))

    def ends(self, link: Link) -> tuple[EndCage, EndCage] | None:
        """``designer.fabric.cages.link_ends`` of the link, from its record."""
        return self.row(link).ends

    def speed_gbps(self, link: Link) -> float | None:
        """``designer.fabric.cages.link_speed`` of the link, from its record."""
        return self.row(link).speed_gbps

    def clear(self, index: DesignIndex | None = None) -> None:
        """Forget every record (after an edit); ``index``: the design's new index."""
        if index is not None:
            self.index = index
        self._rows.clear()
        self._in_order = None
        self._columns = None

    def forget(self, links: Iterable[Link]) -> None:
        """Forget the records of ``links`` (the cables of devices an edit touched); the
        others stay: a record is kept by the link object it was made for, so a replaced
        link is never answered from its predecessor's record."""
        rows = self._rows
        self._in_order = None
        self._columns = None
        for link in links:
            rows.pop(id(link), None)

    def __len__(self) -> int:
        return len(self._rows)
