"""Which catalog parts serve a link: the cable product and stock length for its media,
speed, lanes and cages; the transceiver for each optical end's cage (side, top, link
layer, reach) and the fibre cords between them; what no part serves (``Missing``). Asked
with the cages ``designer.fabric.cages`` resolves; the answers are memoised per question
(a design asks the same few for tens of thousands of links).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from designer.catalog.cabling import CableProduct, Cabling, Transceiver
from designer.fabric.cages import (
    CAGE_ACCEPTS, MEDIA_ORDER, OPTICAL, EndCage, Ends, cage_takes,
)
from designer.model.link import Link, Media

# Lengths commodity cords come in where the catalog lists none.
COMMODITY_LENGTHS_M = (0.5, 1, 1.5, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 150, 200, 300, 500)
# the caches' keys: the questions asked (media, speeds, lane counts, shapes...), hashable tuples
_Key = tuple[object, ...]


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
# connectivity scenarios; not stated for adapters), one fibre per module port; last, a
# single-port adapter module at half its rate: a 400G SR4 module in a 200G adapter port,
# "200Gb/s mode: Using 2-channels and 1:2 splitter ... fiber cables (MFP7E20), the
# transceiver operates at 200G" (NVIDIA MMA4Z00-NS400-T, Connectivity Scenarios; the
# UFM appliances' "UFM System Transceivers" 980-9I51S-00NS00 on "NDR Cables, 200 Gbps",
# RA-11333-001 Appendix A Table 8).
EXACT, SPLIT, AGGREGATE, HALF_RATE = 0, 1, 2, 3


def module_fit(module: Transceiver, end: EndCage) -> int | None:
    ports, speed = _module_lanes(module)
    if ports == end.ports and speed == end.port_speed_gbps:
        return EXACT
    same_rate = ports * speed == end.ports * end.port_speed_gbps
    if ports < end.ports and end.ports % ports == 0 and same_rate:
        return SPLIT
    if ports > end.ports and ports % end.ports == 0 and same_rate and end.side == "switch":
        return AGGREGATE
    if ports == end.ports == 1 and speed == 2 * end.port_speed_gbps and end.side == "adapter":
        return HALF_RATE
    return None


def fibres_per_link(end: EndCage, module: Transceiver) -> tuple[int, float]:
    """The fibres one link needs at this end and the speed each carries: one, or one per
    module port where several module ports carry one fast port."""
    if module_fit(module, end) == AGGREGATE:
        ports, speed = _module_lanes(module)
        return ports // end.ports, speed
    return 1, end.port_speed_gbps


def fibre_legs(ends: Ends, modules: tuple[Transceiver | None, ...], lanes: int) -> int:
    """The legs of the splitter fibre for a link on a split port of ``lanes`` lanes: a
    module with fewer, faster ports than the lanes (a twin-port 2 x 400G module for 4 x 200G
    lanes) takes one splitter per module port, each with lanes / ports legs (two 1:2
    MFP7E20, NVIDIA MMA4Z00-NS400-T "200Gb/s mode"); otherwise one splitter for all lanes."""
    for end, module in zip(ends, modules):
        if module is not None and module_fit(module, end) == SPLIT:
            ports = _module_lanes(module)[0]
            return max(1, end.ports // ports)
    return lanes


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


def at_own_cage(found: LinkParts, ends: Ends | None) -> LinkParts:
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
               ends: tuple[EndCage, EndCage] | None = None, copper_lanes: int | None = None,
               optical: bool = False, shapes: int | None = None) -> CableChoice | None:
        """``copper_lanes``: the legs a copper cable would need where that differs from
        ``lanes`` (a twin-port cage whose two ports go to two cages takes a splitter).
        ``optical``: optics only (module and fibre), no cable with its own ends, however
        short the run (``designer.fabric.cabling.needs_optics``). ``shapes``: the ends'
        ``shape_class``, where known (the same answer, looked up without building their shapes)."""
        # the ends' shapes as their ``shape_class`` where the caller has it (a link record's), else
        # as the shapes themselves (an int and a tuple are never equal: the two kinds of key
        # cannot meet)
        shape = shapes if shapes is not None and ends else (tuple(e.shape for e in ends) if ends else ())
        key = (round(needed_m, 2), speed_gbps, lanes, rj45, shape, copper_lanes, optical)
        if key not in self._cache:
            self._cache[key] = self._choose(needed_m, speed_gbps, lanes, rj45, ends or (), copper_lanes or lanes,
                                            optical)
        return self._cache[key]

    def _choose(self, needed_m: float, speed_gbps: float, lanes: int, rj45: bool, ends: Ends,
                copper_lanes: int, optical: bool = False) -> CableChoice | None:
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
        for media in (m for m in MEDIA_ORDER if m in OPTICAL) if optical else MEDIA_ORDER:
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
                    legs = fibre_legs(ends, modules, lanes)
                elif (self.reach_m(media, speed_gbps) or 0) < needed_m:
                    continue
                else:
                    legs = lanes
                cord = self.cord(media, fibre_speed, needed_m, legs, protocol)
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
            found = at_own_cage(found, ends)
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
            found = at_own_cage(found, ends)
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
            legs = fibre_legs(ends, modules, lanes) if ends else lanes
            cord = self.cord(media, fibre_speed, length, legs, protocol)
            if cord is None:
                return LinkParts(None, modules, count, fibre_speed, Missing("fibre", None, fibre_speed, legs))
            return LinkParts(cord[0], modules, count, fibre_speed, None)
        legs = copper_lanes or lanes
        cages = tuple(end.form_factor for end in ends) if ends else ()
        for product in self.products(media, speed_gbps, legs, cages, protocol) if media is not None else ():
            if (product.max_reach_m or 0) + 1e-9 >= length and stock_length(product, length) is not None:
                return LinkParts(product, (), 1, None, None)
        return LinkParts(None, (), 1, None, Missing("cable", None, speed_gbps, legs))

