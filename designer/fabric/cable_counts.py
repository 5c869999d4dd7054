"""Counting cables and transceivers for the report and the bill of materials."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter, itemgetter
from typing import Any, TypedDict

from designer.catalog.cabling import Cabling
from designer.fabric.cages import OPTICAL, CageKey, CageShape, EndCage, cable_top, fanning_cage, far_cages
from designer.fabric.parts import MediaSelector
from designer.fabric.link_table import LinkTable
from designer.model.index import DesignIndex
from designer.model.link import Media

# one row of cables: media, length, speed, part (None: none in the catalog), a splitter?, its top
_Unit = tuple[Media, float, float, str | None, bool, str | None]
# what decides the fibre(s) of an optical link without a cable id: media, length, speed, shape class
_FibreKey = tuple[Media, float, float, int | None]


class CableCount(TypedDict):
    """Cables of one media, stock length, speed, part and module top: the report's ``cables``
    entry. ``part`` is None where no catalog part serves them."""

    media: str
    length_m: float
    speed_gbps: float
    breakout: bool
    part: str | None
    count: int
    top: str | None


class TransceiverCount(TypedDict):
    """Modules of one type (a catalog slug, else a description ending "(not in catalog)"): the
    report's ``transceivers`` entry."""

    type: str
    part: str | None
    form_factor: str | None
    speed_gbps: float
    media: str
    side: str
    top: str | None
    count: int


def cable_summary(index: DesignIndex, cabling: Cabling,
                  table: LinkTable | None = None) -> tuple[list[CableCount], list[TransceiverCount]]:
    """Cables by media, stock length and speed; transceivers by type. Report rows.

    Copper and active cables: one per splitter (``cable_id``), one per pair of twin-port
    cages cabled to each other, one splitter per twin-port cage whose two ports go to
    different cages, else one per link. Fibre: one per link (one per module port where a
    twin-port module carries one fast port), or one splitter fibre per split port.
    Modules: one per cage at each optical end, chosen for that end's side, top and link
    layer (a switch-side and an adapter-side module are separate rows). A row's ``part``
    is None where no catalog part serves it; the checks report those links
    (``CABLE_NO_PART``). ``table``: the links' ends already resolved (the checks' own),
    so that each link is resolved once.
    """
    selector = MediaSelector(cabling)
    if table is None:
        table = LinkTable(index)
    # each cabled link's record (the links with a media and a length), read once
    records = [row for row in table.rows_of(index.design.links)
               if row.link.media is not None and row.link.length_m is not None]
    links = [row.link for row in records]
    lanes = Counter(filter(None, map(attrgetter("cable_id"), links)))
    # what one cable is: ("fibre", link number, fibre), ("breakout", cable id), ("twin", cage, cage)...
    units: dict[tuple[object, ...], _Unit] = {}
    # cables that are one link's own (a fibre, a plain cable) are counted straight away;
    # ``units`` holds only those several links may share (splitters, twin-port pairs)
    rows: Counter[_Unit] = Counter()
    # where each kind of cable first comes (a link's place; a shared cable's first link's):
    # rows that tie on the sort key below keep that order, as when every cable was a unit
    first_at: dict[_Unit, int] = {}
    key_at: dict[tuple[object, ...], int] = {}
    # cage -> [its last end, that link's media, the longest run, the end's shape number]: one
    # list per cage, changed in place by its second link
    modules: dict[CageKey, list[Any]] = {}
    modules_get = modules.get
    parts_of = selector.parts_of
    # per link, the key of its own straight fibre(s) (None: another kind of cable): the
    # row follows from the parts of the key alone, so the links are counted per key at the
    # end, each key's parts asked once
    fibre_keys: list[_FibreKey | None] = [None] * len(links)
    # the copper and CAT6A links, judged after the optical ones: whether a copper cable is
    # a twin-port pair or a splitter depends on all of them (``far``)
    copper: list[int] = []
    for n, (link, record) in enumerate(zip(links, records)):
        cable_media = link.media
        if cable_media not in OPTICAL:
            copper.append(n)
            continue
        cable_m = link.length_m
        assert cable_media is not None and cable_m is not None  # the links above have both
        pair = record.ends
        if pair is not None:
            # a module per cage, for the longest run it serves; its shape as its last link
            # sees it (the link's shape class, twice, plus the end's place)
            shape_a = (record.shapes or 0) * 2  # (a record with ends has a class: never None here)
            end = pair[0]
            cage = modules_get(end[0])
            if cage is None:
                modules[end[0]] = [end, cable_media, cable_m, shape_a]
            else:
                cage[0], cage[1], cage[3] = end, cable_media, shape_a
                if cage[2] <= cable_m:
                    cage[2] = cable_m
            end = pair[1]
            cage = modules_get(end[0])
            if cage is None:
                modules[end[0]] = [end, cable_media, cable_m, shape_a + 1]
            else:
                cage[0], cage[1], cage[3] = end, cable_media, shape_a + 1
                if cage[2] <= cable_m:
                    cage[2] = cable_m
        cable_id = link.cable_id
        speed = record.speed_gbps or 0.0
        if not cable_id:
            fibre_keys[n] = (cable_media, cable_m, speed, record.shapes)
            continue
        n_lanes = record.lanes(lanes[cable_id])
        parts = parts_of(link, speed, pair, record.shapes, n_lanes)
        part = parts.cable.slug if parts.cable else None
        if n_lanes > 1 and parts.cable is not None and parts.cable.breakout:
            shared = ("fibre-split", cable_id)
            key_at.setdefault(shared, n)
            units[shared] = (cable_media, cable_m, speed, part, True, None)
        elif parts.fibres:
            fibre = (cable_media, cable_m, parts.fibre_speed_gbps or speed, part, False, None)
            rows[fibre] += parts.fibres
            first_at.setdefault(fibre, n)
    # the first link of each fibre key (walked backwards, the first one is written last)
    first_of_key = dict(zip(reversed(fibre_keys), range(len(links) - 1, -1, -1)))
    for fibre_key, count in Counter(fibre_keys).items():
        if fibre_key is None:
            continue
        n = first_of_key[fibre_key]
        link, record = links[n], records[n]
        parts = parts_of(link, record.speed_gbps or 0.0, record.ends, record.shapes, 1)
        if not parts.fibres:
            continue
        cable_media, cable_m, speed, _shapes = fibre_key
        fibre = (cable_media, cable_m, parts.fibre_speed_gbps or speed, parts.cable.slug if parts.cable else None,
                 False, None)
        rows[fibre] += parts.fibres * count
        if n < first_at.get(fibre, len(links)):
            first_at[fibre] = n
    # which far cages each copper cage reaches
    far = far_cages([links[n] for n in copper], {id(links[n]): records[n].ends for n in copper},
                     lambda l: l.media != "CAT6A")
    for n in copper:
        link, record = links[n], records[n]
        cable_media, cable_m = link.media, link.length_m
        assert cable_media is not None and cable_m is not None
        speed = record.speed_gbps or 0.0
        pair = record.ends
        cable_id = link.cable_id
        n_lanes = 1
        if cable_id:
            key: tuple[object, ...] | None = ("breakout", cable_id)
            n_lanes = record.lanes(lanes[cable_id])
        elif pair and cable_media != "CAT6A" and pair[0].ports == 2 and pair[1].ports == 2 and \
                far.get(pair[0].key) == {pair[1].key} and far.get(pair[1].key) == {pair[0].key}:
            key = ("twin", pair[0].key, pair[1].key) if pair[0].key < pair[1].key else ("twin", pair[1].key,
                                                                                        pair[0].key)
        elif cable_media != "CAT6A" and (near := fanning_cage(pair, far)) is not None:
            # a twin-port cage fanning out to two cages: one splitter from that cage
            key, n_lanes = ("split-cage", near.key), 2
        else:
            key = None  # this link's own cable
        parts = parts_of(link, speed, pair, record.shapes, n_lanes)
        part = parts.cable.slug if parts.cable else None
        # a twin-port end in a cage that takes flat tops (a DGX H100 cage, a liquid-cooled switch)
        # needs the cable's flat-top variant (NVIDIA MCP4Y10: "-FLT ... for the DGX H100")
        top = cable_top(link, pair)
        unit = (cable_media, cable_m, speed, part, n_lanes > 1, top)
        if key is None:
            rows[unit] += 1
            first_at.setdefault(unit, n)
        else:
            key_at.setdefault(key, n)
            units[key] = unit
    for key, unit in units.items():
        rows[unit] += 1
        if key_at[key] < first_at.get(unit, len(links)):
            first_at[unit] = key_at[key]
    cables: list[CableCount] = [
        {"media": media, "length_m": length, "speed_gbps": speed, "breakout": breakout, "part": part, "count": count,
         "top": top}
        for (media, length, speed, part, breakout, top), count in sorted(
            sorted(rows.items(), key=lambda r: first_at[r[0]]),
            key=lambda r: (r[0][0], r[0][1], r[0][2], str(r[0][3]), str(r[0][5])))
    ]
    optics: dict[str, TransceiverCount] = {}
    # the cages by what decides their row (shape, media, longest run): each kind is looked
    # up once, in the order its first cage comes, and counted by its cages
    # the cages by what decides their row (shape, media, longest run): counted first by the
    # shape's number (cheap to hash), then merged by the shape itself, in the order the first
    # cage of each kind comes; each kind is looked up once
    states = list(modules.values())
    numbered = list(zip(map(itemgetter(3), states), map(itemgetter(1), states), map(itemgetter(2), states)))
    # each numbered kind's first cage (walked backwards, the first one is written last)
    first_cage = dict(zip(reversed(numbered), reversed(states)))
    kinds: Counter[tuple[CageShape, str, float]] = Counter()
    first_end: dict[tuple[CageShape, str, float], EndCage] = {}
    for number, count in Counter(numbered).items():
        end, media, length, _shape = first_cage[number]
        kind = (end[1:], media, length)
        first_end.setdefault(kind, end)
        kinds[kind] += count
    for kind, cages in kinds.items():
        end, (_shape, media, length) = first_end[kind], kind
        module = selector.module(end, media, length)
        label = module.slug if module else (
            f"{end.form_factor or '?'} {end.ports}x{end.port_speed_gbps:g}G {media} {end.side}-side"
            f"{' ' + end.protocol if end.protocol else ''} (not in catalog)")
        row = optics.get(label)
        if row is None:
            row = optics[label] = {
                "type": label, "part": module.slug if module else None,
                "form_factor": module.form_factor if module else end.form_factor,
                "speed_gbps": module.speed_gbps if module else end.ports * end.port_speed_gbps,
                "media": media, "side": module.side if module else end.side,
                "top": module.top if module else end.top, "count": 0,
            }
        row["count"] += cages
    transceivers = sorted(optics.values(), key=lambda r: (r["media"], r["speed_gbps"], r["type"]))
    return cables, transceivers
