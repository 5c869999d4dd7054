"""Counting cables and transceivers for the report and the bill of materials."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from itertools import repeat
from operator import add, attrgetter, itemgetter, mul
from typing import Any, TypedDict

from designer.catalog.cabling import Cabling
from designer.fabric.cages import OPTICAL, CageKey, CageShape, EndCage, cable_top, fanning_cage, far_cages
from designer.fabric.parts import LinkParts, MediaSelector
from designer.fabric.link_columns import LinkColumns
from designer.fabric.link_table import LinkTable, ResolvedLink
from designer.model.index import DesignIndex
from designer.model.hardware import split_lane
from designer.model.link import Link, Media

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

    Counted from the links' columns (``LinkTable.columns_of``): the cables of a kind of link
    whose cable is its own (a fibre, or copper between cages that are not twin-port) are
    counted per kind; splitters, twin-port copper and odd links link by link from their
    records; the modules per cage from the columns of the optical links' cage keys. The
    same rows as ``cable_summary_per_link``, in the same order.
    """
    selector = MediaSelector(cabling)
    if table is None:
        table = LinkTable(index)
    links = index.design.links
    columns = table.columns_of(links)
    kinds = columns.kinds
    kind_of = columns.kind
    parts_of = selector.parts_of
    beyond = len(links)  # a place after every link's
    record = table.row
    # links of each kind
    per_kind = Counter(kind_of)
    rows: Counter[_Unit] = Counter()
    # where each kind of cable first comes (a link's place; a shared cable's first link's):
    # rows that tie on the sort key below keep that order
    first_at: dict[_Unit, int] = {}

    def counted(unit: _Unit, n: int, at: int) -> None:
        rows[unit] += n
        if at < first_at.get(unit, beyond):
            first_at[unit] = at

    # the kinds counted whole, and the links taken one by one (in order) with their records
    fibre_keys: dict[_FibreKey, list[int]] = {}  # fibre key -> [links, first place]
    optical_kinds: set[int] = set()  # optical kinds (their cages carry modules)
    one_by_one: set[int] = set()  # kinds whose links are counted link by link
    for code, kind in kinds.items():
        media, length_m = kind.media, kind.length_m
        if media is None or length_m is None:
            continue
        optical = media in OPTICAL
        if optical:
            optical_kinds.add(code)
        if kind.odd or kind.split or (not optical and media != "CAT6A" and (kind.ports_a == 2 or kind.ports_b == 2)):
            one_by_one.add(code)
            continue
        speed = kind.speed_gbps or 0.0
        if optical:
            fibre_key: _FibreKey = (media, length_m, speed, kind.shapes)
            found = fibre_keys.get(fibre_key)
            if found is None:
                fibre_keys[fibre_key] = [per_kind[code], code]
            else:
                found[0] += per_kind[code]
                found[1] = min(found[1], code)
            continue
        # copper or CAT6A between cages of one port each: each link its own cable, no top
        parts = parts_of(links[code], speed, columns.ends_at(code), kind.shapes, 1)
        counted((media, length_m, speed, parts.cable.slug if parts.cable else None, False, None), per_kind[code],
                code)
    # the optical links with their cages: (place, ends) in order
    optical_at = columns.positions(optical_kinds)
    singles = columns.positions(one_by_one) if one_by_one else []
    lanes = Counter(filter(None, columns.cable_id)) if singles else Counter()
    # what one shared cable is: ("fibre-split", cable id), ("breakout", cable id), ("twin", cage, cage)...
    units: dict[tuple[object, ...], _Unit] = {}
    key_at: dict[tuple[object, ...], int] = {}
    copper: list[int] = []
    for at in singles:
        link = links[at]
        cable_media, cable_m = link.media, link.length_m
        assert cable_media is not None and cable_m is not None  # cabled kinds only
        if cable_media not in OPTICAL:
            copper.append(at)
            continue
        row = record(link)
        cable_id = link.cable_id
        speed = row.speed_gbps or 0.0
        if not cable_id:
            fibre_key = (cable_media, cable_m, speed, row.shapes)
            found = fibre_keys.get(fibre_key)
            if found is None:
                fibre_keys[fibre_key] = [1, at]
            else:
                found[0] += 1
                found[1] = min(found[1], at)
            continue
        n_lanes = row.lanes(lanes[cable_id])
        parts = parts_of(link, speed, row.ends, row.shapes, n_lanes)
        part = parts.cable.slug if parts.cable else None
        legs = _splitter_legs(parts)
        if n_lanes > 1 and legs is not None:
            split = _fibre_split(link, cable_id, legs)
            key_at.setdefault(split, at)
            units[split] = (cable_media, cable_m, speed, part, True, None)
        elif parts.fibres:
            counted((cable_media, cable_m, parts.fibre_speed_gbps or speed, part, False, None), parts.fibres, at)
    # each fibre key's parts asked once, of its first link
    for fibre_key, (count, at) in sorted(fibre_keys.items(), key=lambda item: item[1][1]):
        link = links[at]
        kind = kinds[kind_of[at]]
        if kind.odd:
            row = record(link)
            parts = parts_of(link, row.speed_gbps or 0.0, row.ends, row.shapes, 1)
        else:
            parts = parts_of(link, kind.speed_gbps or 0.0, columns.ends_at(at), kind.shapes, 1)
        if not parts.fibres:
            continue
        cable_media, cable_m, speed, _shapes = fibre_key
        counted((cable_media, cable_m, parts.fibre_speed_gbps or speed, parts.cable.slug if parts.cable else None,
                 False, None), parts.fibres * count, at)
    # twin-port copper, splitters and odd copper links one by one, as before
    copper_rows = {at: record(links[at]) for at in copper}
    far = far_cages([links[at] for at in copper], {id(links[at]): row.ends for at, row in copper_rows.items()},
                    lambda l: l.media != "CAT6A")
    for at, row in copper_rows.items():
        shared, unit = _copper_cable(row, far, lanes, parts_of)
        if shared is None:
            counted(unit, 1, at)
        else:
            key_at.setdefault(shared, at)
            units[shared] = unit
    for shared, unit in units.items():
        counted(unit, 0, key_at[shared])
        rows[unit] += 1
    cables: list[CableCount] = [
        {"media": media, "length_m": length, "speed_gbps": speed, "breakout": breakout, "part": part, "count": count,
         "top": top}
        for (media, length, speed, part, breakout, top), count in sorted(
            sorted(rows.items(), key=lambda r: first_at[r[0]]),
            key=lambda r: (r[0][0], r[0][1], r[0][2], str(r[0][3]), str(r[0][5])))
    ]
    return cables, _transceivers(selector, *_cage_modules(columns, optical_at, record))


def _splitter_legs(parts: LinkParts) -> int | None:
    """The legs of the splitter fibre a lane link rides on: its product's, or, where no catalog
    fibre serves it (a run past the splitter's longest stock length), the legs it would need,
    so the missing part is counted once a splitter too, not once a lane (review 14). None: the
    link takes fibres of its own."""
    if parts.cable is not None:
        return (parts.cable.breakout_lanes or 0) if parts.cable.breakout else None
    missing = parts.missing
    if missing is not None and missing.what == "fibre" and missing.legs > 1:
        return int(missing.legs)
    return None


def _fibre_split(link: Link, cable_id: str, legs: int | None) -> tuple[object, ...]:
    """The splitter fibre a lane link rides on: one per split port, or one per ``legs``
    lanes of it where the splitter has fewer legs than the port has lanes (a 4 x 200G
    port served by a twin-port 2 x 400G module takes two 1:2 splitters, MFP7E20: NVIDIA
    MMA4Z00-NS400-T, "1:2 splitter fiber cables ... creates links to four 200Gb/s" cards)."""
    if legs:
        for end in (link.a, link.b):
            lane = split_lane(end.port)[1]
            if lane is not None:
                return ("fibre-split", cable_id, (lane - 1) // legs)
    return ("fibre-split", cable_id)


# a cage's row key: (its shape number, media, the longest run it serves)
_CageRow = tuple[int, str, float]


def _copper_cable(row: ResolvedLink, far: dict[CageKey, set[CageKey]], lanes: Counter[str],
                  parts_of: Callable[..., Any]) -> tuple[tuple[object, ...] | None, _Unit]:
    """A copper (or Cat6A) link's cable: the key of the cable it shares with other links (a
    splitter's lanes, a twin-port cable between two twin-port cages, a splitter from a cage
    that fans out), None for a cable of its own; and the cable's row in the summary."""
    link = row.link
    cable_media, cable_m = link.media, link.length_m
    assert cable_media is not None and cable_m is not None
    speed = row.speed_gbps or 0.0
    pair = row.ends
    cable_id = link.cable_id
    n_lanes = 1
    shared: tuple[object, ...] | None
    if cable_id:
        shared = ("breakout", cable_id)
        n_lanes = row.lanes(lanes[cable_id])
    elif pair and cable_media != "CAT6A" and pair[0].ports == 2 and pair[1].ports == 2 and \
            far.get(pair[0].key) == {pair[1].key} and far.get(pair[1].key) == {pair[0].key}:
        shared = ("twin", pair[0].key, pair[1].key) if pair[0].key < pair[1].key else ("twin", pair[1].key,
                                                                                       pair[0].key)
    elif cable_media != "CAT6A" and (near := fanning_cage(pair, far)) is not None:
        # a twin-port cage fanning out to two cages: one splitter from that cage
        shared, n_lanes = ("split-cage", near.key), 2
    else:
        shared = None  # this link's own cable
    parts = parts_of(link, speed, pair, row.shapes, n_lanes)
    part = parts.cable.slug if parts.cable else None
    # a twin-port end in a cage that takes flat tops (a DGX H100 cage, a liquid-cooled switch)
    # needs the cable's flat-top variant (NVIDIA MCP4Y10: "-FLT ... for the DGX H100")
    top = cable_top(link, pair)
    return shared, (cable_media, cable_m, speed, part, n_lanes > 1, top)


def _cage_modules(columns: LinkColumns, optical_at: list[int],
                  record: Callable[[Link], ResolvedLink]) -> tuple[list[_CageRow], Callable[[int], EndCage]]:
    """The cages at the optical links' ends, in the order they first come (a link's a end
    before its b end): each as (its shape number, the media of its last link, the longest run
    it serves), the shape number being its last link's shape class, twice, plus the end's
    place; and a function giving the end (``EndCage``) of a cage by its place in that list
    (as its last link sees it). From the columns: each end's cage key, then the last and the
    longest per key, in C."""
    kinds = columns.kinds
    kind_of = columns.kind
    end_facts = columns.end_facts
    links = columns.links
    # the optical links with cages at both ends, and the odd ones' ends
    odd: dict[int, tuple[EndCage, EndCage]] = {}
    odd_kinds = {code for code, kind in kinds.items() if kind.odd}
    with_cages = {code for code, kind in kinds.items() if not kind.odd and kind.cages}
    at_with: list[int] = []
    for at in optical_at:
        code = kind_of[at]
        if code in with_cages:
            at_with.append(at)
        elif code in odd_kinds:
            pair = record(links[at]).ends
            if pair is not None:
                odd[at] = pair
                at_with.append(at)
    ends = 2 * len(at_with)
    # each end's cage as a number (a number per device times the cage groups and numbers
    # seen, plus the cage's): what a cage key is, cheap to hash
    devices = {name: n for n, name in enumerate(columns.index.devices)} if odd else {}
    cage_ids: dict[tuple[str, int], int] = {}
    for facts in end_facts.values():
        if facts is not None and facts[1] is not None:
            cage_ids.setdefault(facts[1][:2], len(cage_ids))
    for pair in odd.values():
        for end in pair:
            cage_ids.setdefault(end[0][1:], len(cage_ids))
    per_device = len(cage_ids)
    of_end = {code: cage_ids[facts[1][:2]] for code, facts in end_facts.items()
              if facts is not None and facts[1] is not None}
    keys: list[int] = [0] * ends
    numbers = columns.device_numbers()
    n_links = len(links)
    for side, codes in enumerate((columns.a_end, columns.b_end)):
        if odd:
            keys[side::2] = [devices[odd[at][side][0][0]] * per_device + cage_ids[odd[at][side][0][1:]] if at in odd
                             else numbers[at + side * n_links] * per_device + of_end[codes[at]] for at in at_with]
        else:
            keys[side::2] = map(add, map(mul, map(numbers.__getitem__, map((side * n_links).__add__, at_with)),
                                         repeat(per_device)),
                                map(of_end.__getitem__, map(codes.__getitem__, at_with)))
    # each end's link's length, media and shape number
    lengths: list[float] = [0.0] * ends
    lengths[0::2] = lengths[1::2] = list(map(columns.length_m.__getitem__, at_with))  # type: ignore[arg-type]
    medias: list[str] = [""] * ends
    medias[0::2] = medias[1::2] = list(map(columns.media.__getitem__, at_with))  # type: ignore[arg-type]
    twice = {code: (kind.shapes or 0) * 2 for code, kind in kinds.items() if not kind.odd}
    shape_a = [twice[code] if code in twice else (record(links[at]).shapes or 0) * 2
               for at, code in zip(at_with, map(kind_of.__getitem__, at_with))] if odd else \
        list(map(twice.__getitem__, map(kind_of.__getitem__, at_with)))
    shapes: list[int] = [0] * ends
    shapes[0::2] = shape_a
    shapes[1::2] = map((1).__add__, shape_a)
    # each cage's last end (its place among the ends), in the order the cages first come
    last = dict(zip(keys, range(ends)))
    last_ends = list(last.values())
    # each cage's longest run
    if not odd and columns.ports_used_once() and all(
            facts[1][3] <= 2 and facts[1][7] is None for facts in end_facts.values()
            if facts is not None and facts[1] is not None):
        # no cage holds more than two ends (no port holds two, none is named as a lane, no
        # cage has more than two ports): the longer of its first end's run and its last's
        first = dict(zip(reversed(keys), reversed(lengths)))
        longest: Iterable[float] = map(max, map(first.__getitem__, last), map(lengths.__getitem__, last_ends))
    else:
        # the ends sorted by length (stably): the last of a cage's is its longest
        by_length = sorted(range(ends), key=lengths.__getitem__)
        longest_of = dict(zip(map(keys.__getitem__, by_length), map(lengths.__getitem__, by_length)))
        longest = map(longest_of.__getitem__, last)
    cages = list(zip(map(shapes.__getitem__, last_ends), map(medias.__getitem__, last_ends), longest))

    def end_of(cage: int) -> EndCage:
        end_at = last_ends[cage]
        at = at_with[end_at >> 1]
        pair = odd.get(at) or columns.ends_at(at)
        assert pair is not None  # a link with cages at both ends
        return pair[end_at & 1]

    return cages, end_of


def _transceivers(selector: MediaSelector, cages: list[_CageRow],
                  end_of: Callable[[int], EndCage]) -> list[TransceiverCount]:
    """The modules' rows: the cages by what decides their row (shape, media, longest run),
    counted first by the shape's number (cheap to hash), then merged by the shape itself, in
    the order the first cage of each kind comes; each kind is looked up once."""
    optics: dict[str, TransceiverCount] = {}
    # each numbered kind's first cage (walked backwards, the first one is written last)
    first_cage = dict(zip(reversed(cages), range(len(cages) - 1, -1, -1)))
    kinds: Counter[tuple[CageShape, str, float]] = Counter()
    first_end: dict[tuple[CageShape, str, float], EndCage] = {}
    for number, count in Counter(cages).items():
        end = end_of(first_cage[number])
        _number, media, length = number
        kind = (end[1:], media, length)
        first_end.setdefault(kind, end)
        kinds[kind] += count
    for kind, n_cages in kinds.items():
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
        row["count"] += n_cages
    return sorted(optics.values(), key=lambda r: (r["media"], r["speed_gbps"], r["type"]))


def cable_summary_per_link(index: DesignIndex, cabling: Cabling,
                           table: LinkTable | None = None) -> tuple[list[CableCount], list[TransceiverCount]]:
    """``cable_summary`` counted link by link from each link's ``LinkTable`` record: the
    reference the columns' count is held to (``tests/test_link_columns.py``).

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
        legs = _splitter_legs(parts)
        if n_lanes > 1 and legs is not None:
            shared = _fibre_split(link, cable_id, legs)
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
        key, unit = _copper_cable(records[n], far, lanes, parts_of)
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
