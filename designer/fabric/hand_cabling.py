"""Media, length and part of a cable drawn by hand, chosen as the generator's cabling
chooses them (``designer.fabric.cabling``: the routed length rounded up to a stock
length of the cheapest media that reaches, parts from the cabling catalog). Nothing is
forked: this asks ``reroute`` and ``MediaSelector.parts`` about a design that has the
new cable."""

from __future__ import annotations

from designer.catalog.cabling import Cabling
from designer.fabric.cabling import MediaSelector, link_ends, reroute, _link_speed
from designer.model.edits.links import ConnectPorts
from designer.model.edits.rules import preview
from designer.model.index import DesignIndex
from designer.model.link import Link


def with_link(index: DesignIndex, link: Link) -> DesignIndex:
    """An index over the design as it would be with ``link`` added (the design untouched)."""
    design = index.design
    return preview(design, links=[*design.links, link])


def cabled(index: DesignIndex, cabling: Cabling, edit: ConnectPorts) -> ConnectPorts:
    """The edit with the media and length the generator would give its cable (a media or
    length the user set is kept). Refused as the edit is, when it is."""
    link = edit.link(index.design)
    if edit.media is not None and edit.length_m is not None:
        return edit
    routed = reroute(with_link(index, link), cabling, [link])[0]
    return ConnectPorts(edit.a, edit.b, fabric=link.fabric, media=edit.media or routed.media,
                        length_m=edit.length_m or routed.length_m, cable_id=edit.cable_id, strict=edit.strict,
                        index=edit.index)


def part_name(index: DesignIndex, cabling: Cabling, link: Link, selector: MediaSelector | None = None) -> str:
    """The catalog part a cabled link takes (its slug), or "" when none is known."""
    if link.media is None:
        return ""
    speed = _link_speed(index, link)
    if speed is None:
        return ""
    selector = selector or MediaSelector(cabling)
    parts = selector.parts(link, speed, link_ends(index, link))
    return parts.cable.slug if parts.cable is not None else ""
