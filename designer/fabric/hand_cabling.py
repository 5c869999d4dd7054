"""Media, length and part of a cable drawn by hand, chosen as the generator's cabling
chooses them (``designer.fabric.cabling``: the routed length rounded up to a stock
length of the cheapest media that reaches, parts from the cabling catalog). Nothing is
forked: the same steps as ``cabling._plan`` for one straight link — its routed length
(``routes.Geometry``), the cages at its ends (``link_ends``), whether a twin-port cage
fans out so copper would be a splitter (``copper_legs``, over the two devices' own
cables and the new one) and ``MediaSelector.choose`` — so a cable at 16,384 GPUs is
chosen in milliseconds, not by re-planning 64,000 links. A link the fabric wants optical
(``cabling.needs_optics``: two InfiniBand switches, as the RA cables them) gets optics here
too, in one rack as anywhere."""

from __future__ import annotations

from typing import Any

from designer.catalog.cabling import Cabling
from designer.fabric.cabling import needs_optics
from designer.fabric.cages import copper_legs, link_ends, link_speed
from designer.fabric.parts import MediaSelector
from designer.fabric.routes import Geometry
from designer.model.edits.links import ConnectPorts
from designer.model.index import DesignIndex
from designer.model.link import Link, Media


class _WithLink:
    """The index as it would be with ``link`` added, for the questions ``copper_legs``
    asks (the cables of the link's two devices); everything else is the index's own."""

    def __init__(self, index: DesignIndex, link: Link) -> None:
        self._index = index
        self.links_by_device = {end.device: [*index.links_by_device.get(end.device, []), link]
                                for end in (link.a, link.b)}

    def __getattr__(self, name: str) -> Any:  # whatever the index holds under that name
        return getattr(self._index, name)


def choose_cable(index: DesignIndex, cabling: Cabling, link: Link,
                 selector: MediaSelector | None = None) -> tuple[Media | None, float | None]:
    """(media, stock length) the generator would give ``link`` (not yet in the design);
    (None, routed length) when no media reaches, (None, None) when an end is not mounted."""
    routed = Geometry(index).length_m(link)
    speed = link_speed(index, link)
    if routed is None or speed is None:
        return None, None
    ports = index.ports
    rj45 = ports.is_rj45(link.a.device, link.a.port) or ports.is_rj45(link.b.device, link.b.port)
    pair = link_ends(index, link)
    legs = copper_legs(_WithLink(index, link), link, pair)  # type: ignore[arg-type]
    # optics where the fabric cables as its reference architecture does (``cabling.needs_optics``)
    choice = (selector or MediaSelector(cabling)).choose(routed, speed, 1, rj45, pair, legs,
                                                         optical=not rj45 and needs_optics(index, link))
    if choice is None:
        return None, round(routed, 2)
    return choice.media, choice.length_m


def cabled(index: DesignIndex, cabling: Cabling, edit: ConnectPorts) -> ConnectPorts:
    """The edit with the media and length the generator would give its cable (a media or
    length the user set is kept). Refused as the edit is, when it is."""
    link = edit.link(index.design)
    if edit.media is not None and edit.length_m is not None:
        return edit
    media, length = choose_cable(index, cabling, link)
    return ConnectPorts(edit.a, edit.b, fabric=link.fabric, media=edit.media or media,
                        length_m=edit.length_m or length, cable_id=edit.cable_id, strict=edit.strict,
                        index=edit.index)


def part_name(index: DesignIndex, cabling: Cabling, link: Link, selector: MediaSelector | None = None) -> str:
    """The catalog part a cabled link takes (its slug), or "" when none is known."""
    if link.media is None:
        return ""
    speed = link_speed(index, link)
    if speed is None:
        return ""
    selector = selector or MediaSelector(cabling)
    parts = selector.parts(link, speed, link_ends(index, link))
    return parts.cable.slug if parts.cable is not None else ""
