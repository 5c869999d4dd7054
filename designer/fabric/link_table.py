"""Each link resolved once: both ends' speeds and cages, shared by the checks, the cable
summary and the bill of materials.

Resolving a link end (device, port group, breakout lane, cage, side, module top, link
layer) goes through several look-ups; at 16,384 GPUs the checks and the cable summary
did it about 16 times per link, 1.4 million calls. A ``LinkTable`` answers each link
from one record made the first time it is asked (a slotted object: 72 bytes). The
answers are exactly what ``designer.fabric.cabling`` computes, so no figure changes.

The table is a cache over a design that edits change: whoever owns it calls ``clear``
(or ``forget``) when devices, their ports or links change; the checks' context does so
in ``CheckContext.forget``.
"""

from __future__ import annotations

from collections.abc import Iterable

from designer.fabric.cabling import EndCage, link_ends
from designer.model.index import DesignIndex
from designer.model.link import Link


class ResolvedLink:
    """What one link's ends resolve to (None: that end's port does not exist)."""

    __slots__ = ("link", "speed_a_gbps", "speed_b_gbps", "ends")

    def __init__(self, link: Link, speed_a_gbps: float | None, speed_b_gbps: float | None,
                 ends: tuple[EndCage, EndCage] | None) -> None:
        self.link = link
        self.speed_a_gbps = speed_a_gbps
        self.speed_b_gbps = speed_b_gbps
        self.ends = ends

    @property
    def speed_gbps(self) -> float | None:
        """The speed the link runs at: the slower end's (None: an end is missing)."""
        a, b = self.speed_a_gbps, self.speed_b_gbps
        return None if a is None or b is None else min(a, b)


class LinkTable:
    def __init__(self, index: DesignIndex) -> None:
        self.index = index
        self._rows: dict[int, ResolvedLink] = {}

    def row(self, link: Link) -> ResolvedLink:
        found = self._rows.get(id(link))
        if found is not None and found.link is link:
            return found
        index = self.index
        ports = index.ports
        speed_a = ports.speed_gbps(link.a.device, link.a.port)
        speed_b = ports.speed_gbps(link.b.device, link.b.port)
        ends = link_ends(index, link)
        found = self._rows[id(link)] = ResolvedLink(link, speed_a, speed_b, ends)
        return found

    def ends(self, link: Link) -> tuple[EndCage, EndCage] | None:
        """``designer.fabric.cabling.link_ends`` of the link, from its record."""
        return self.row(link).ends

    def speed_gbps(self, link: Link) -> float | None:
        """``designer.fabric.cabling._link_speed`` of the link, from its record."""
        return self.row(link).speed_gbps

    def clear(self, index: DesignIndex | None = None) -> None:
        """Forget every record (after an edit); ``index``: the design's new index."""
        if index is not None:
            self.index = index
        self._rows.clear()

    def forget(self, links: Iterable[Link]) -> None:
        """Forget the records of ``links`` (the cables of devices an edit touched); the
        others stay: a record is kept by the link object it was made for, so a replaced
        link is never answered from its predecessor's record."""
        rows = self._rows
        for link in links:
            rows.pop(id(link), None)

    def __len__(self) -> int:
        return len(self._rows)
