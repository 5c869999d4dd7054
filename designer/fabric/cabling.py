"""Cable media and the parts they need.

Length: the routed length (``designer.fabric.routes``) rounded up to a stock length
of the chosen product.

Media by reach, cheapest first: copper (DAC, then active copper ACC) for short
runs, then active optical cable (AOC), then transceivers with multimode fibre
(MMF), then single-mode (SMF). RJ45 ports take Cat6A. Reach and stock lengths come
from the cabling catalog (``cabling.yaml``); a media the catalog has no product for
at that speed is not chosen.

Counting (``designer.fabric.cable_counts``). A breakout (splitter) cable serves all lanes of one switch port (shared
``cable_id``); a twin-port copper cable between two twin-port cages serves both
ports. Optical links need one transceiver per cage at each end (a twin-port cage
takes one twin-port module for its two ports) and one fibre per link.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from collections.abc import Callable
from typing import Any, NamedTuple

from designer.catalog.cabling import CableProduct, Cabling, Transceiver
from designer.model.hardware import split_lane
from designer.model.index import DesignIndex
from designer.model.link import Link, Media
from designer.fabric.routes import Geometry as Geometry  # re-exported: callers take it from here

# Lengths commodity cords come in where the catalog lists none.
COMMODITY_LENGTHS_M = (0.5, 1, 1.5, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 150, 200, 300, 500)
# one module per cage: (device, port group, cage number)
CageKey = tuple[str, str, int]
# a cage but its identity (what a part must fit): form factor, ports, port speed, side, top, protocol
CageShape = tuple[str | None, int, float, str, str | None, str | None]
# the cages at a link's ends (both, or none when unknown)
Ends = tuple["EndCage", ...]
# the caches' keys: the questions asked (media, speeds, lane counts, shapes...), hashable tuples
_Key = tuple[object, ...]

MEDIA_ORDER: tuple[Media, ...] = ("DAC", "ACC", "AOC", "MMF", "SMF")
OPTICAL = ("MMF", "SMF")
COPPER = ("DAC", "ACC", "AOC")  # cables with their own ends (AOC too): no modules, no separate fibre


class EndCage(NamedTuple):
    """What a cable or module plugs into at one end of a link: the cage of the port,
    how many ports (or breakout lanes) it carries and at what speed each, the side it is
    on (a switch's cage or an adapter's), the module top it takes and the link layer
    of the link (InfiniBand or Ethernet; None when the design does not say). (A named
    tuple: a large design builds one per link end, and tuples are quick to make.)"""

    key: CageKey  # (device, port group, cage number): one module per key
    form_factor: str | None  # "OSFP", "QSFP112", "RJ45"...; None when unpublished
    ports: int
    port_speed_gbps: float
    side: str = "adapter"  # "switch" | "adapter"
    top: str | None = None  # "finned" | "flat": the module top the cage takes
    protocol: str | None = None  # "infiniband" | "ethernet"

    @property
    def shape(self) -> CageShape:
        """Everything but the cage's identity: what a part must fit."""
        return self[1:]


# what a part must fit at both ends of a link, as a small number: the memos of parts by
# link class key on it (a few dozen kinds at 16,384 GPUs; numbers are never reused)
_SHAPE_CLASSES: dict[tuple[CageShape, ...], int] = {}


def shape_class(ends: Ends | None) -> int | None:
    """The number of the ends' shapes (``EndCage.shape`` of each, in order); None without ends."""
    if ends is None:
        return None
    shapes = tuple([end[1:] for end in ends])
    found = _SHAPE_CLASSES.get(shapes)
    if found is None:
        found = _SHAPE_CLASSES.setdefault(shapes, len(_SHAPE_CLASSES))
    return found


# The top a cage takes unless its port group says otherwise: air-cooled switch cages
# take finned modules, adapter cages (ConnectX, with a riding heat sink) flat-top ones
# (NVIDIA LinkX MMA4Z00-NS / MMA4Z00-NS400 product pages).
DEFAULT_TOP = {"switch": "finned", "adapter": "flat"}
# A fabric's protocol -> the link layer its parts must run.
LINK_LAYER = {"infiniband": "infiniband", "roce-v2": "ethernet", "ethernet": "ethernet"}


# What a port's cage is on every device of a type: (port group, cage number, form factor,
# ports, speed, side, module top, the physical port when the name is a lane's, else None)
_CageFacts = tuple[str, int, str | None, int, float, str, str, str | None]


def end_cage(index: DesignIndex, device_name: str, port: str, protocol: str | None = None) -> EndCage | None:
    device = index.devices.get(device_name)
    if device is None:
        return None
    # the type's facts once per (type, port): 128,000 link ends at 16,384 GPUs ask about
    # a few hundred; a lane's port count and speed are its device's own breakout's
    facts: dict[tuple[str, str], _CageFacts | None] = index.ports.cage_facts
    key = (device.device_type, port)
    try:
        found = facts[key]
    except KeyError:
        found = facts[key] = _cage_facts(index, device_name, port)
    if found is None:
        return None
    group_name, number, form_factor, ports, speed, side, top, physical = found
    if physical is not None and device.port_breakouts:
        breakout = device.port_breakouts.get(physical)
        if breakout is not None:
            # a split port: its cage carries the lanes of its module's port(s)
            ports, speed = breakout.count * ports, breakout.speed_gbps
    return EndCage((device_name, group_name, number), form_factor, ports, speed, side, top, protocol)


def _cage_facts(index: DesignIndex, device_name: str, port: str) -> _CageFacts | None:
    group = index.ports.group(device_name, port)
    if group is None:
        return None
    physical, number = index.ports.physical(device_name, port)
    side = "switch" if index.type_of(index.devices[device_name]).kind == "switch" else "adapter"
    return (group.name, (number - 1) // group.ports_per_cage, group.cage, group.ports_per_cage, group.speed_gbps,
            side, group.module_top or DEFAULT_TOP[side], physical if physical != port else None)


def link_protocol(index: DesignIndex, link: Link) -> str | None:
    """The link layer a link runs: its fabric's protocol, else the protocol of a switch
    at either end; None when neither says."""
    fabric = index.fabrics.get(link.fabric) if link.fabric else None
    if fabric is not None:
        return LINK_LAYER.get(fabric.protocol)
    for end in (link.a, link.b):
        device = index.devices.get(end.device)
        if device is not None and end.device in index.devices and device.device_type in index.device_types:
            found = index.type_of(device).switch_protocol
            if found:
                return LINK_LAYER.get(found)
    return None


# A cage takes the plugs of the slower members of its family (SFF-8665 / SFF-8679 QSFP
# family: a QSFP56 cage takes a QSFP28 module or cable, a QSFP112 cage a QSFP56 one).
CAGE_ACCEPTS = {
    "QSFP112": ("QSFP112", "QSFP56", "QSFP28"),
    "QSFP56": ("QSFP56", "QSFP28"),
    "SFP56": ("SFP56", "SFP28"),
}


def cage_takes(cage: str | None, plug: str) -> bool:
    if not cage:
        return True
    return plug.upper() in CAGE_ACCEPTS.get(cage.upper(), (cage.upper(),))


def _mentions(text: str | None, cage: str | None) -> bool:
    """Does a product's connector text name this cage type ("OSFP" is not "QSFP-DD"),
    or a plug the cage takes?"""
    if not text or not cage or cage.upper() == "RJ45":
        return True
    return any(re.search(rf"(?<![A-Z0-9-]){re.escape(plug)}(?![A-Z0-9])", text.upper()) is not None
               for plug in CAGE_ACCEPTS.get(cage.upper(), (cage.upper(),)))


def _module_lanes(module: Transceiver) -> tuple[int, float]:
    """"2x400G" -> (2, 400.0): the ports a module serves and their speed."""
    return _lanes_text(module.lanes or "", module.speed_gbps)


@lru_cache(maxsize=256)
def _lanes_text(lanes: str, speed_gbps: float) -> tuple[int, float]:
    match = re.match(r"^\s*(\d+)\s*x\s*(\d+(?:\.\d+)?)", lanes, re.IGNORECASE)
    if match:
        return int(match[1]), float(match[2])
    return 1, speed_gbps


# How a module fits a cage, best first: port for port; fewer, faster ports serving a
# split cage through splitter fibres (a 2 x 400G module for 4 x 200G lanes); more,
# slower ports carrying one fast port of a switch (a twin-port 2 x 400G module in an
# 800G switch cage, "switch-to-switch at 800Gb/s" in NVIDIA's MMA4Z00-NS400-T
# connectivity scenarios; not stated for adapters), one fibre per module port.
EXACT, SPLIT, AGGREGATE = 0, 1, 2


def module_fit(module: Transceiver, end: EndCage) -> int | None:
    ports, speed = _module_lanes(module)
    if ports == end.ports and speed == end.port_speed_gbps:
        return EXACT
    same_rate = ports * speed == end.ports * end.port_speed_gbps
    if ports < end.ports and end.ports % ports == 0 and same_rate:
        return SPLIT
    if ports > end.ports and ports % end.ports == 0 and same_rate and end.side == "switch":
        return AGGREGATE
    return None


def fibres_per_link(end: EndCage, module: Transceiver) -> tuple[int, float]:
    """The fibres one link needs at this end and the speed each carries: one, or one per
    module port where several module ports carry one fast port."""
    if module_fit(module, end) == AGGREGATE:
        ports, speed = _module_lanes(module)
        return ports // end.ports, speed
    return 1, end.port_speed_gbps


@dataclass(frozen=True)
class CableChoice:
    media: Media
    length_m: float
    product: CableProduct | None


def _stock(lengths: list[float] | tuple[float, ...], needed_m: float) -> float | None:
    fits = [l for l in lengths if l + 1e-9 >= needed_m]
    return min(fits) if fits else None


def stock_length(product: CableProduct, needed_m: float) -> float | None:
    """The shortest length of this product that covers the run: its published stock
    lengths, or any commodity length for a cord made to length; None when it comes in
    none long enough (or its lengths are not published)."""
    if product.stock_lengths_m:
        return _stock(product.stock_lengths_m, needed_m)
    if product.cut_to_length:
        return _stock(COMMODITY_LENGTHS_M, needed_m) or float(math.ceil(needed_m))
    return None


class Missing(NamedTuple):
    """What no catalog part serves on a link: "cable" (a copper or active cable for this
    media, speed, legs and cages), "module" (a transceiver for one end's cage) or
    "fibre" (a fibre cord for the modules), with the end it concerns."""

    what: str
    end: EndCage | None
    speed_gbps: float
    legs: int


class LinkParts(NamedTuple):
    cable: CableProduct | None  # the cable or fibre product
    modules: tuple[Transceiver | None, ...]  # optical links: the module at each end (Transceiver or None)
    fibres: int  # fibre cords per link (optical)
    fibre_speed_gbps: float | None  # what each fibre carries (optical)
    missing: Missing | None


def _at_own_cage(found: LinkParts, ends: Ends | None) -> LinkParts:
    """A remembered answer whose missing module is for a cage of the same shape at another
    link: the same answer naming this link's own cage."""
    missing = found.missing
    assert missing is not None and missing.end is not None and ends is not None  # a module misses at an end
    end = next(e for e in ends if e.shape == missing.end.shape)
    return found._replace(missing=missing._replace(end=end))


class MediaSelector:
    """Chooses media, product and stock length from the cabling catalog.

    A cable product must serve the links' speed per port, the splitter's lane count, the
    connector at both ends and the link layer; an optical link needs a module for each
    end's cage (form factor, ports per cage, speed per port, link layer, side and top)
    that reaches, and fibre cords of a stocked length for the modules' ports.
    """

    def __init__(self, cabling: Cabling) -> None:
        self.cabling = cabling
        self._cache: dict[_Key, CableChoice | None] = {}
        # a large design asks the same few questions for tens of thousands of links
        self._modules: dict[_Key, list[Transceiver]] = {}
        self._reach: dict[_Key, float | None] = {}
        self._products: dict[_Key, list[CableProduct]] = {}
        self._parts: dict[_Key, LinkParts] = {}
        # the same by the ends' ``shape_class``, for callers that hold it (a link's record)
        self._parts_of: dict[_Key, LinkParts] = {}
        self._module: dict[_Key, Transceiver | None] = {}

    def products(self, media: str, speed_gbps: float, lanes: int, cages: tuple[str | None, ...] = (),
                 protocol: str | None = None) -> list[CableProduct]:
        key = (media, speed_gbps, lanes, cages, protocol)
        found = self._products.get(key)
        if found is None:
            found = self._products[key] = self._find_products(media, speed_gbps, lanes, cages, protocol)
        return found

    def _find_products(self, media: str, speed_gbps: float, lanes: int, cages: tuple[str | None, ...],
                       protocol: str | None) -> list[CableProduct]:
        found = []
        for product in self.cabling.cables:
            if product.media != media or speed_gbps not in product.speeds_gbps or not product.serves(protocol):
                continue
            if lanes > 1 and media not in OPTICAL:
                if not product.breakout or (product.breakout_lanes or 0) != lanes:
                    continue
            elif product.breakout:
                continue
            if media not in OPTICAL and not all(_mentions(product.form_factor, c) for c in cages):
                continue
            found.append(product)
        return found

    def splitter_fibres(self, media: str, speed_gbps: float, lanes: int,
                        protocol: str | None = None) -> list[CableProduct]:
        return [p for p in self.cabling.cables if p.media == media and p.breakout and p.breakout_lanes == lanes
                and speed_gbps in p.speeds_gbps and p.serves(protocol)]

    def cord(self, media: str, speed_gbps: float, needed_m: float, lanes: int = 1,
             protocol: str | None = None) -> tuple[CableProduct, float] | None:
        """The fibre (a splitter fibre for a split port where one exists) and the
        shortest stock length of it that covers the run."""
        candidates = self.splitter_fibres(media, speed_gbps, lanes, protocol) if lanes > 1 else []
        if not candidates:
            candidates = self.products(media, speed_gbps, 1, (), protocol)
        best = None
        for product in candidates:
            length = stock_length(product, needed_m)
            if length is not None and (best is None or length < best[1]):
                best = (product, length)
        return best

    def modules(self, end: EndCage, media: str, length_m: float = 0.0) -> list[Transceiver]:
        """Modules that fit the cage (see ``module_fit``; the best kind of fit only),
        the link layer, the side and the top, and reach."""
        key = (end.shape, media, length_m)
        found = self._modules.get(key)
        if found is None:
            found = self._modules[key] = self._find_modules(end, media, length_m)
        return found

    def _find_modules(self, end: EndCage, media: str, length_m: float) -> list[Transceiver]:
        by_fit: dict[int, list[Transceiver]] = {}
        for module in self.cabling.transceivers:
            if module.media != media or (module.reach_m is not None and module.reach_m + 1e-9 < length_m):
                continue
            if end.form_factor and not cage_takes(end.form_factor, module.form_factor):
                continue
            if not module.serves(end.protocol) or module.side not in ("any", end.side):
                continue
            if module.top is not None and end.top is not None and module.top != end.top:
                continue
            fit = module_fit(module, end)
            if fit is not None:
                by_fit.setdefault(fit, []).append(module)
        return by_fit[min(by_fit)] if by_fit else []

    def module(self, end: EndCage, media: str, length_m: float = 0.0) -> Transceiver | None:
        """The shortest-reach module that does the job (the cheaper optic); one made for
        this side before one made for any."""
        key = (end[1:], media, length_m)
        try:
            return self._module[key]
        except KeyError:
            fits = self.modules(end, media, length_m)
            found = self._module[key] = min(fits, key=lambda m: (m.reach_m or 1e9, m.side == "any")) if fits else None
            return found

    def fibres(self, ends: Ends, modules: tuple[Transceiver | None, ...]) -> tuple[int, float | None]:
        """Fibres per link and the speed each carries, from the modules at the ends."""
        count, speed = 1, None
        for end, module in zip(ends, modules):
            if module is None:
                continue
            n, each = fibres_per_link(end, module)
            if n > count or speed is None:
                count, speed = max(count, n), each
        return count, speed

    def reach_m(self, media: str, speed_gbps: float, lanes: int = 1, ends: Ends = ()) -> float | None:
        """The furthest a link of this media reaches (None: nothing in the catalog)."""
        key = (media, speed_gbps, lanes, tuple([e.shape for e in ends]) if ends else ())
        try:
            return self._reach[key]
        except KeyError:
            found = self._reach[key] = self._find_reach(media, speed_gbps, lanes, ends)
            return found

    def _find_reach(self, media: str, speed_gbps: float, lanes: int, ends: Ends) -> float | None:
        if media == "CAT6A":
            reaches = [p.max_reach_m for p in self.cabling.cables if p.media == "CAT6A" and p.max_reach_m]
            return max(reaches) if reaches else None
        if media in OPTICAL:
            if ends:
                # both ends need a module; the link reaches as far as the weaker end's best
                per_end = [max((m.reach_m or 0.0) for m in self.modules(end, media)) if self.modules(end, media)
                           else None for end in ends]
                known = [r for r in per_end if r is not None]
                return None if len(known) < len(per_end) else min(known)
            optic = [t.reach_m for t in self.cabling.transceivers if t.media == media and t.reach_m
                     and t.speed_gbps in (speed_gbps, 2 * speed_gbps)]
            return max(optic) if optic else None
        cages = tuple(end.form_factor for end in ends)
        protocol = ends[0].protocol if ends else None
        reaches = [p.max_reach_m for p in self.products(media, speed_gbps, lanes, cages, protocol) if p.max_reach_m]
        return max(reaches) if reaches else None

    def choose(self, needed_m: float, speed_gbps: float, lanes: int, rj45: bool,
               ends: tuple[EndCage, EndCage] | None = None, copper_lanes: int | None = None) -> CableChoice | None:
        """``copper_lanes``: the legs a copper cable would need where that differs from
        ``lanes`` (a twin-port cage whose two ports go to two cages takes a splitter)."""
        shape = tuple(e.shape for e in ends) if ends else ()
        key = (round(needed_m, 2), speed_gbps, lanes, rj45, shape, copper_lanes)
        if key not in self._cache:
            self._cache[key] = self._choose(needed_m, speed_gbps, lanes, rj45, ends or (), copper_lanes or lanes)
        return self._cache[key]

    def _choose(self, needed_m: float, speed_gbps: float, lanes: int, rj45: bool, ends: Ends,
                copper_lanes: int) -> CableChoice | None:
        if rj45:
            products = [p for p in self.cabling.cables if p.media == "CAT6A"]
            reach = max((p.max_reach_m or 0 for p in products), default=100.0)
            if needed_m > reach:
                return None
            length = _stock(COMMODITY_LENGTHS_M, needed_m) or math.ceil(needed_m)
            return CableChoice("CAT6A", length, products[0] if products else None)
        cages = tuple(end.form_factor for end in ends)
        protocol = ends[0].protocol if ends else None
        unserved = None  # an optical media whose modules fit but for which no fibre is stocked
        for media in MEDIA_ORDER:
            if media in OPTICAL:
                # the modules at both ends must reach; the fibre comes in stock lengths
                fibre_speed = speed_gbps
                if ends:
                    modules = tuple(self.module(end, media, needed_m) for end in ends)
                    if None in modules:
                        if unserved is None and (self.reach_m(media, speed_gbps) or 0) >= needed_m:
                            # optics of this media reach, but none fits a cage here
                            unserved = CableChoice(media, self._any_length(needed_m), None)
                        continue
                    fibre_speed = self.fibres(ends, modules)[1] or speed_gbps
                elif (self.reach_m(media, speed_gbps) or 0) < needed_m:
                    continue
                cord = self.cord(media, fibre_speed, needed_m, lanes, protocol)
                if cord is not None:
                    return CableChoice(media, cord[1], cord[0])
                if unserved is None:
                    unserved = CableChoice(media, self._any_length(needed_m), None)
                continue
            for product in sorted(self.products(media, speed_gbps, copper_lanes, cages, protocol),
                                  key=lambda p: p.max_reach_m or 0):
                product_reach = product.max_reach_m
                if product_reach is None or needed_m > product_reach:
                    continue
                stocked = stock_length(product, needed_m)
                if stocked is not None and stocked <= product_reach + 1e-9:
                    return CableChoice(media, stocked, product)
        # the link gets a media that reaches; the part no catalog entry supplies (a module
        # for a cage, a fibre) is a CABLE_NO_PART finding, not a generation failure
        return unserved

    @staticmethod
    def _any_length(needed_m: float) -> float:
        return _stock(COMMODITY_LENGTHS_M, needed_m) or float(math.ceil(needed_m))

    def parts(self, link: Link, speed_gbps: float, ends: Ends | None, lanes: int = 1,
              copper_lanes: int | None = None) -> LinkParts:
        """The catalog parts a link with media and length takes, and what none serves.
        ``lanes``: the legs of the splitter it rides on (1: none); ``copper_lanes`` as
        for ``choose``."""
        key = (link.media, link.length_m, speed_gbps, lanes, copper_lanes,
               tuple([e.shape for e in ends]) if ends else None)
        found = self._parts.get(key)
        if found is None:
            found = self._parts[key] = self._find_parts(link, speed_gbps, ends, lanes, copper_lanes)
        elif found.missing is not None and found.missing.end is not None:
            found = _at_own_cage(found, ends)
        return found

    def parts_of(self, link: Link, speed_gbps: float, ends: Ends | None, shapes: int | None, lanes: int = 1,
                 copper_lanes: int | None = None) -> LinkParts:
        """``parts`` for a link whose ends' ``shape_class`` is ``shapes`` (a link record's):
        the same answer, looked up without building the ends' shapes."""
        key = (link.media, link.length_m, speed_gbps, lanes, copper_lanes, shapes)
        found = self._parts_of.get(key)
        if found is None:
            found = self._parts_of[key] = self.parts(link, speed_gbps, ends, lanes, copper_lanes)
        elif found.missing is not None and found.missing.end is not None:
            found = _at_own_cage(found, ends)
        return found

    def _find_parts(self, link: Link, speed_gbps: float, ends: Ends | None, lanes: int,
                    copper_lanes: int | None) -> LinkParts:
        media, length = link.media, link.length_m or 0.0
        protocol = ends[0].protocol if ends else None
        if media == "CAT6A":
            products = [p for p in self.cabling.cables if p.media == "CAT6A"]
            return LinkParts(products[0] if products else None, (), 1, None,
                             None if products else Missing("cable", None, speed_gbps, 1))
        if media in OPTICAL:
            modules = tuple(self.module(end, media, length) for end in ends) if ends else ()
            for end, module in zip(ends or (), modules):
                if module is None:
                    return LinkParts(None, modules, 1, None, Missing("module", end, speed_gbps, lanes))
            count, fibre_speed = self.fibres(ends, modules) if ends else (1, None)
            fibre_speed = fibre_speed or speed_gbps
            cord = self.cord(media, fibre_speed, length, lanes, protocol)
            if cord is None:
                return LinkParts(None, modules, count, fibre_speed, Missing("fibre", None, fibre_speed, lanes))
            return LinkParts(cord[0], modules, count, fibre_speed, None)
        legs = copper_lanes or lanes
        cages = tuple(end.form_factor for end in ends) if ends else ()
        for product in self.products(media, speed_gbps, legs, cages, protocol) if media is not None else ():
            if (product.max_reach_m or 0) + 1e-9 >= length and stock_length(product, length) is not None:
                return LinkParts(product, (), 1, None, None)
        return LinkParts(None, (), 1, None, Missing("cable", None, speed_gbps, legs))


def splitter_lanes(index: DesignIndex, link: Link, used: int) -> int:
    """The legs of the splitter a lane link rides on: as many as its split port has
    lanes, used or not (a 4 x 100G breakout with two servers on it is still a 4-leg part)."""
    for end in (link.a, link.b):
        physical, lane = split_lane(end.port)
        if lane is None:
            continue
        device = index.devices.get(end.device)
        breakout = device.port_breakouts.get(physical) if device is not None else None
        if breakout is not None:
            return max(used, breakout.count)
    return used


def _link_speed(index: DesignIndex, link: Link) -> float | None:
    a = index.ports.speed_gbps(link.a.device, link.a.port)
    b = index.ports.speed_gbps(link.b.device, link.b.port)
    if a is None or b is None:
        return None
    return min(a, b)


def link_ends(index: DesignIndex, link: Link) -> tuple[EndCage, EndCage] | None:
    """The cages at both ends of a link, each with the link's link layer."""
    protocol = link_protocol(index, link)
    a = end_cage(index, link.a.device, link.a.port, protocol)
    b = end_cage(index, link.b.device, link.b.port, protocol)
    return (a, b) if a is not None and b is not None else None


def _far_cages(links: list[Link], ends: dict[int, tuple[EndCage, EndCage] | None],
               keep: Callable[[Link], bool]) -> dict[CageKey, set[CageKey]]:
    """Which far cages each cage is cabled to, over the straight (not splitter) links
    ``keep`` accepts."""
    far: dict[CageKey, set[CageKey]] = {}
    for link in links:
        pair = ends.get(id(link))
        if pair and not link.cable_id and keep(link):
            far.setdefault(pair[0].key, set()).add(pair[1].key)
            far.setdefault(pair[1].key, set()).add(pair[0].key)
    return far


def _fanning_cage(pair: Ends | None, far: dict[CageKey, set[CageKey]]) -> EndCage | None:
    """A twin-port cage of this link whose two ports go to different cages: copper from
    it is a splitter (one cable from that cage), not a straight cable."""
    for end in pair or ():
        if end.ports == 2 and len(far.get(end.key, ())) > 1:
            return end
    return None


def _cable_top(link: Link, pair: Ends | None) -> str | None:
    """The top variant a cable with its own ends needs: None (finned, the products' default),
    "flat" where its twin-port ends all sit in flat-top cages, "flat-to-finned" where one does."""
    if link.media not in COPPER or not pair:
        return None
    twins = [e.top for e in pair if e.ports == 2]
    if "flat" not in twins:
        return None
    return "flat" if all(top == "flat" for top in twins) else "flat-to-finned"


def copper_legs(index: DesignIndex, link: Link, pair: Ends | None) -> int | None:
    """2 where a twin-port cage at one end fans out to two cages (a copper cable there is
    a splitter), else None. Looks at the other links of that cage only."""
    if link.cable_id or pair is None:
        return None
    for end, cage in zip((link.a, link.b), pair):
        if cage.ports != 2:
            continue
        far = set()
        for other in index.links_by_device.get(end.device, []):
            if other.cable_id or other.media in OPTICAL or other.media == "CAT6A":
                continue
            for near, away in ((other.a, other.b), (other.b, other.a)):
                if near.device != end.device:
                    continue
                here = end_cage(index, near.device, near.port)
                there = end_cage(index, away.device, away.port)
                if here is not None and there is not None and here.key == cage.key:
                    far.add(there.key)
        if len(far) > 1:
            return 2
    return None


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

    ends = {id(link): link_ends(index, link) for link in every}
    far = _far_cages(every, ends, lambda l: not rj45_link(l, ends[id(l)]))
    plan = {}
    for link in links:
        routed = routed_m[id(link)] if id(link) in routed_m else geometry.length_m(link)
        speed = _link_speed(index, link)
        if routed is None or speed is None:
            continue
        needed = longest.get(link.cable_id, routed) if link.cable_id else routed
        rj45 = rj45_link(link, ends.get(id(link)))
        n_lanes = splitter_lanes(index, link, lanes[link.cable_id]) if link.cable_id else 1
        pair = ends.get(id(link)) or link_ends(index, link)
        fanning = None if link.cable_id else _fanning_cage(pair, far)
        choice = selector.choose(needed, speed, n_lanes, rj45, pair, 2 if fanning else None)
        plan[id(link)] = (needed, choice)
    return plan


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
        if link.media is not None and link.media != choice.media:
            # keep the planned media while it still reaches
            speed = _link_speed(index, link) or 0.0
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


def __getattr__(name: str) -> Any:  # a moved name, whatever it is
    # the counting moved to cable_counts; ``from designer.fabric.cabling import cable_summary`` still works
    if name == "cable_summary":
        from designer.fabric.cable_counts import cable_summary

        return cable_summary
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
