"""Planning a design's cables: each link's media and length.

Length: the routed length (``designer.fabric.routes``) rounded up to a stock length
of the chosen product.

Media by reach, cheapest first: copper (DAC, then active copper ACC) for short
runs, then active optical cable (AOC), then transceivers with multimode fibre
(MMF), then single-mode (SMF). RJ45 ports take Cat6A. Reach and stock lengths come
from the cabling catalog (``cabling.yaml``); a media the catalog has no product for
at that speed is not chosen.

The cages at a link's ends are ``designer.fabric.cages``'; the parts that serve them
(``MediaSelector``) ``designer.fabric.parts``'. Counting (``designer.fabric.cable_counts``):
a breakout (splitter) cable serves all lanes of one switch port (shared ``cable_id``); a
twin-port copper cable between two twin-port cages serves both ports. Optical links need
one transceiver per cage at each end (a twin-port cage takes one twin-port module for its
two ports) and one fibre per link.

Reference cabling (``needs_optics``). NVIDIA's DGX SuperPOD RA-11333-001 (Appendix A,
Table 8) cables its InfiniBand fabrics in multimode fibre throughout: "All networking
components are multi-mode fiber". Its switch-side transceiver count (980-9I510-00NS00)
is every cabled switch cage, leaf-spine links in the same rack included, and the UFM
appliances reach their leaves through transceivers ("UFM System Transceivers",
980-9I51S-00NS00) and 1:2 splitter fibres ("NDR Cables, 200 Gbps", 980-9I557-00N030).
So, on an InfiniBand fabric, a link between two switches and a link of a
fabric-management appliance (a device of kind ``other``: UFM) take optics even where
copper would reach. The other endpoints keep the cheapest media that reaches: the same
table counts the management nodes' storage links as cables ("HDR 400 Gbps to 2x200
Gbps"), not transceivers. The Ethernet RAs read publish no such statement, so Ethernet
fabrics keep the cheapest media. A fabric's ``in_rack_copper`` overrides this: True
(``designer new --in-rack-copper``) takes the cheapest media everywhere, False optics
on those links on any protocol.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from designer.catalog.cabling import Cabling
from designer.fabric.cages import (
    OPTICAL, CageKey, EndCage, fanning_cage, far_cages, link_ends, link_speed, splitter_lanes,
)
from designer.fabric.link_table import LinkTable, ResolvedLink
from designer.fabric.parts import CableChoice, MediaSelector, stock_length
from designer.fabric.routes import Geometry
from designer.model.index import DesignIndex
from designer.model.link import Fabric, Link


def needs_optics(index: DesignIndex, link: Link) -> bool:
    """Must this link be optical (module and fibre) where copper would reach? See the
    module's docstring: on a fabric that cables as its reference architecture does
    (``Fabric.in_rack_copper`` None: InfiniBand; False: any protocol), a link between two
    switches or from a fabric-management appliance."""
    if not _fabric_wants_optics(index.fabrics.get(link.fabric) if link.fabric else None):
        return False
    kinds = []
    for end in (link.a, link.b):
        kind = _kind(index, end.device)
        if kind is None:
            return False
        kinds.append(kind)
    return _optical_kinds(kinds[0], kinds[1])


def _fabric_wants_optics(fabric: Fabric | None) -> bool:
    """Does ``fabric`` cable some links with optics where copper would reach (``needs_optics``)?"""
    if fabric is None or fabric.in_rack_copper is True:
        return False
    return not (fabric.in_rack_copper is None and fabric.protocol != "infiniband")


def _kind(index: DesignIndex, device_name: str) -> str | None:
    device = index.devices.get(device_name)
    if device is None or device.device_type not in index.device_types:
        return None
    return index.type_of(device).kind


def _optical_kinds(kind_a: str, kind_b: str) -> bool:
    """Between two switches, or a switch and a fabric-management appliance (kind other)."""
    kinds = (kind_a, kind_b)
    return kinds == ("switch", "switch") or ("switch" in kinds and "other" in kinds)


def _optics_memo(index: DesignIndex) -> Callable[[Link], bool]:
    """``needs_optics`` for many links: each fabric's setting and each device's kind asked
    once (a third of a second of ``designer new`` at 16,384 GPUs, asked per link)."""
    wants = {name: _fabric_wants_optics(fabric) for name, fabric in index.fabrics.items()}
    kinds: dict[str, str | None] = {}

    def kind_of(name: str) -> str | None:
        if name in kinds:
            return kinds[name]
        found = kinds[name] = _kind(index, name)
        return found

    def optical(link: Link) -> bool:
        name = link.fabric
        if not name or not wants.get(name, False):
            return False
        kind_a = kind_of(link.a.device)
        if kind_a is None:
            return False
        kind_b = kind_of(link.b.device)
        return kind_b is not None and _optical_kinds(kind_a, kind_b)

    return optical


def neighbourhood(index: DesignIndex, links: list[Link]) -> list[Link]:
    """The links a plan for ``links`` looks at: those of every device they end on. A cage's
    other cables (does it fan out?) and a splitter's other lanes (its longest run) all end on
    that device, so planning a few links need not resolve the design's other 60,000 (a
    server moved at 16,384 GPUs re-routed in 0.9 s); most of the design: every link."""
    every = index.design.links
    if len(links) * 4 >= len(every):
        return every
    found: dict[int, Link] = {}
    for device in {end.device for link in links for end in (link.a, link.b)}:
        for link in index.links_by_device.get(device, ()):
            found[id(link)] = link
    for link in links:
        found.setdefault(id(link), link)
    return list(found.values())


def _plan(index: DesignIndex, selector: MediaSelector, links: list[Link], geometry: Geometry,
          every: list[Link] | None = None) -> dict[int, tuple[float, CableChoice | None]]:
    """For each link: (needed length, choice or None). Lanes of one splitter share it.
    ``every``: the links to look at for fanning cages and splitter lanes (by default the
    ``neighbourhood`` of ``links``, which gives the same plan as the whole design)."""
    if every is None:
        every = neighbourhood(index, links)
    lanes = Counter(link.cable_id for link in every if link.cable_id)
    longest: dict[str, float] = {}
    routed_m: dict[int, float | None] = {}  # each link's route, measured once
    for link in every:
        if link.cable_id:
            length = routed_m[id(link)] = geometry.length_m(link)
            if length is not None:
                longest[link.cable_id] = max(longest.get(link.cable_id, 0.0), length)
    ports = index.ports

    def rj45_link(link: Link, pair: tuple[EndCage, EndCage] | None) -> bool:
        # a cage's form factor is its port group's cage: read from the ends when resolved
        if pair is not None:
            return (pair[0].form_factor or "").upper() == "RJ45" or (pair[1].form_factor or "").upper() == "RJ45"
        return ports.is_rj45(link.a.device, link.a.port) or ports.is_rj45(link.b.device, link.b.port)

    # each link's ends, speed and split lanes from one record (``LinkTable``: what
    # ``link_ends``, ``link_speed`` and ``splitter_lanes`` answer, worked out once per class of
    # link; asked per link they were a fifth of ``designer new`` at 16,384 GPUs)
    table = LinkTable(index)
    rows = {id(row.link): row for row in table.rows_of(every)}
    ends = {key: row.ends for key, row in rows.items()}
    # a link of resolved ends is RJ45 by its ends' shapes (the form factor is one of them):
    # asked once per shape class
    rj45_of_shapes: dict[int, bool] = {}

    def rj45_row(row: ResolvedLink) -> bool:
        shapes = row.shapes
        if shapes is None or row.ends is None:
            return rj45_link(row.link, row.ends)
        found = rj45_of_shapes.get(shapes)
        if found is None:
            found = rj45_of_shapes[shapes] = rj45_link(row.link, row.ends)
        return found

    far = far_cages(every, ends, lambda l: not rj45_row(rows[id(l)]))
    optical_link = _optics_memo(index)
    plan = {}
    for link in links:
        routed = routed_m[id(link)] if id(link) in routed_m else geometry.length_m(link)
        row = rows.get(id(link)) or table.row(link)
        speed = row.speed_gbps
        if routed is None or speed is None:
            continue
        needed = longest.get(link.cable_id, routed) if link.cable_id else routed
        pair = row.ends
        rj45 = rj45_row(row)
        n_lanes = row.lanes(lanes[link.cable_id]) if link.cable_id else 1
        fanning = None if link.cable_id else fanning_cage(pair, far)
        # both ends twin-port cages whose ports go to different cages (split lanes crossed
        # between switches): no copper part serves it, a splitter's leg needs a whole cage at
        # its far end; twin-port modules and a fibre per port do
        crossed = fanning is not None and _both_fan(pair, far)
        choice = selector.choose(needed, speed, n_lanes, rj45, pair, 2 if fanning else None,
                                 optical=not rj45 and (crossed or optical_link(link)), shapes=row.shapes)
        plan[id(link)] = (needed, choice)
    return plan


def _both_fan(pair: tuple[EndCage, EndCage] | None, far: dict[CageKey, set[CageKey]]) -> bool:
    return pair is not None and all(end.ports == 2 and len(far.get(end.key, ())) > 1 for end in pair)


def assign_cabling(index: DesignIndex, cabling: Cabling, *, only_missing: bool = False) -> list[Link]:
    """Set media and stock length of every link from the layout; returns links no
    media reaches (their media stays unset and the checks report them)."""
    links = [l for l in index.design.links
             if not (only_missing and l.media is not None and l.length_m is not None)]
    plan = _plan(index, MediaSelector(cabling), links, Geometry(index))
    unreachable = []
    for link in links:
        if id(link) not in plan:
            continue
        needed, choice = plan[id(link)]
        if choice is None:
            unreachable.append(link)
            link.media, link.length_m = None, round(needed, 2)
        else:
            link.media, link.length_m = choice.media, choice.length_m
    return unreachable


def reroute(index: DesignIndex, cabling: Cabling, links: list[Link]) -> list[Link]:
    """New links with lengths (and, where the old media no longer reaches, media) for
    the devices' current places. The originals are left untouched, so an edit can be
    undone by putting them back and a background analysis never sees a half-changed link."""
    selector = MediaSelector(cabling)
    around = neighbourhood(index, links)
    plan = _plan(index, selector, links, Geometry(index), around)
    used_lanes = Counter(l.cable_id for l in around if l.cable_id)
    updated = []
    for link in links:
        if id(link) not in plan:
            updated.append(link)
            continue
        needed, choice = plan[id(link)]
        if choice is None:
            updated.append(link.model_copy(update={"media": None, "length_m": round(needed, 2)}))
            continue
        if link.media is not None and link.media != choice.media and not (
                link.media not in OPTICAL and needs_optics(index, link)):
            # keep the planned media while it still reaches (copper only where the fabric's
            # cabling allows it: ``needs_optics``)
            speed = link_speed(index, link) or 0.0
            lanes = splitter_lanes(index, link, used_lanes[link.cable_id]) if link.cable_id else 1
            ends = link_ends(index, link) or ()
            reach = selector.reach_m(link.media, speed, lanes, ends)
            # a length the kept media's own product comes in
            stock = selector.parts(link.model_copy(update={"length_m": needed}), speed, ends, lanes).cable
            length = stock_length(stock, needed) if stock is not None else None
            if reach is not None and length is not None and length <= reach:
                updated.append(link.model_copy(update={"length_m": length}))
                continue
        updated.append(link.model_copy(update={"media": choice.media, "length_m": choice.length_m}))
    return updated
