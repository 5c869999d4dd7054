"""Cable routes, lengths, media and the parts they need.

Length. Within a rack a cable runs vertically between the two devices plus a
service loop. Between racks it rises to the overhead tray above the rack, runs
along and across the rows (rack centre to rack centre, Manhattan distance), drops
into the other rack, plus a service loop at each end. The result is rounded up to a
stock length of the chosen product.

Media by reach, cheapest first: copper (DAC, then active copper ACC) for short
runs, then active optical cable (AOC), then transceivers with multimode fibre
(MMF), then single-mode (SMF). RJ45 ports take Cat6A. Reach and stock lengths come
from the cabling catalog (``cabling.yaml``); a media the catalog has no product for
at that speed is not chosen.

Counting. A breakout (splitter) cable serves all lanes of one switch port (shared
``cable_id``); a twin-port copper cable between two twin-port cages serves both
ports. Optical links need one transceiver per cage at each end (a twin-port cage
takes one twin-port module for its two ports) and one fibre per link.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from designer.catalog.cabling import CableProduct, Cabling, Transceiver
from designer.model.hardware import split_lane
from designer.model.index import DesignIndex
from designer.model.link import Link
from designer.model.units import RACK_UNIT_MM

PLINTH_MM = 100.0  # rack floor to the bottom of U1
TRAY_ABOVE_RACK_MM = 300.0
SAME_RACK_SLACK_MM = 600.0
END_SLACK_MM = 750.0  # per end, between racks
# Lengths commodity cords come in where the catalog lists none.
COMMODITY_LENGTHS_M = (0.5, 1, 1.5, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 150, 200, 300, 500)
MEDIA_ORDER = ("DAC", "ACC", "AOC", "MMF", "SMF")
OPTICAL = ("MMF", "SMF")


class Geometry:
    """Where each device's ports are in the room: its rack, the height of its centre,
    the rack's centre on the floor and the height of the tray above it (mm)."""

    def __init__(self, index: DesignIndex) -> None:
        self.index = index
        self._racks: dict[str, tuple[float, float, float]] = {}
        self._devices: dict[str, tuple[str, float] | None] = {}

    def rack(self, rack_name: str) -> tuple[float, float, float]:
        found = self._racks.get(rack_name)
        if found is None:
            rack = self.index.racks[rack_name]
            rack_type = self.index.rack_type_of(rack)
            top = rack_type.height_mm or (PLINTH_MM + rack_type.u_height * RACK_UNIT_MM + 100.0)
            x, y = rack_centre_mm(self.index, rack_name)
            found = (x, y, top + TRAY_ABOVE_RACK_MM)
            self._racks[rack_name] = found
        return found

    def device(self, device_name: str) -> tuple[str, float] | None:
        if device_name in self._devices:
            return self._devices[device_name]
        device = self.index.devices.get(device_name)
        found = None
        if device is not None and device.rack in self.index.racks:
            device_type = self.index.type_of(device)
            if device.position_u is not None:
                z = PLINTH_MM + (device.position_u - 1 + device_type.u_height / 2) * RACK_UNIT_MM
                found = (device.rack, z)
            elif device_type.u_height == 0:
                # zero-U parts (vertical PDUs) run the rack's height; take their middle
                rack_type = self.index.rack_type_of(self.index.racks[device.rack])
                found = (device.rack, PLINTH_MM + rack_type.u_height * RACK_UNIT_MM / 2)
        self._devices[device_name] = found
        return found

    def length_m(self, link: Link) -> float | None:
        """Routed length before rounding; None when an end is not mounted in a rack."""
        a, b = self.device(link.a.device), self.device(link.b.device)
        if a is None or b is None:
            return None
        (rack_a, za), (rack_b, zb) = a, b
        if rack_a == rack_b:
            return (abs(za - zb) + SAME_RACK_SLACK_MM) / 1000.0
        xa, ya, tray_a = self.rack(rack_a)
        xb, yb, tray_b = self.rack(rack_b)
        tray = max(tray_a, tray_b)
        return ((tray - za) + (tray - zb) + abs(xa - xb) + abs(ya - yb) + 2 * END_SLACK_MM) / 1000.0


def rack_centre_mm(index: DesignIndex, rack_name: str) -> tuple[float, float]:
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    if rack.facing in ("east", "west"):
        return rack.x_mm + rack_type.depth_mm / 2, rack.y_mm + rack_type.width_mm / 2
    return rack.x_mm + rack_type.width_mm / 2, rack.y_mm + rack_type.depth_mm / 2


def route_length_m(index: DesignIndex, link: Link) -> float | None:
    return Geometry(index).length_m(link)


@dataclass(frozen=True)
class CableChoice:
    media: str
    length_m: float
    product: CableProduct | None


def _stock(lengths: list[float] | tuple[float, ...], needed_m: float) -> float | None:
    fits = [l for l in lengths if l + 1e-9 >= needed_m]
    return min(fits) if fits else None


class MediaSelector:
    """Chooses media and stock length from the cabling catalog."""

    def __init__(self, cabling: Cabling) -> None:
        self.cabling = cabling
        self._cache: dict[tuple, CableChoice | None] = {}

    def products(self, media: str, speed_gbps: float, lanes: int) -> list[CableProduct]:
        found = []
        for product in self.cabling.cables:
            if product.media != media or speed_gbps not in product.speeds_gbps:
                continue
            if lanes > 1 and media not in OPTICAL:
                if not product.breakout or (product.breakout_lanes or 0) != lanes:
                    continue
            elif product.breakout:
                continue
            found.append(product)
        return found

    def optics(self, media: str, speed_gbps: float) -> list[Transceiver]:
        """Modules for a link of this speed: single-port, or twin-port carrying two such links."""
        return [
            t
            for t in self.cabling.transceivers
            if t.media == media and t.speed_gbps in (speed_gbps, 2 * speed_gbps) and t.reach_m
        ]

    def reach_m(self, media: str, speed_gbps: float, lanes: int = 1) -> float | None:
        if media == "CAT6A":
            reaches = [p.max_reach_m for p in self.cabling.cables if p.media == "CAT6A" and p.max_reach_m]
            return max(reaches) if reaches else None
        if media in OPTICAL:
            optic = [t.reach_m for t in self.optics(media, speed_gbps)]
            return max(optic) if optic else None
        reaches = [p.max_reach_m for p in self.products(media, speed_gbps, lanes) if p.max_reach_m]
        return max(reaches) if reaches else None

    def choose(self, needed_m: float, speed_gbps: float, lanes: int, rj45: bool) -> CableChoice | None:
        key = (round(needed_m, 2), speed_gbps, lanes, rj45)
        if key in self._cache:
            return self._cache[key]
        choice = self._choose(needed_m, speed_gbps, lanes, rj45)
        self._cache[key] = choice
        return choice

    def _choose(self, needed_m: float, speed_gbps: float, lanes: int, rj45: bool) -> CableChoice | None:
        if rj45:
            products = [p for p in self.cabling.cables if p.media == "CAT6A"]
            reach = max((p.max_reach_m or 0 for p in products), default=100.0)
            if needed_m > reach:
                return None
            length = _stock(COMMODITY_LENGTHS_M, needed_m) or math.ceil(needed_m)
            return CableChoice("CAT6A", length, products[0] if products else None)
        for media in MEDIA_ORDER:
            if media in OPTICAL:
                # Fibre reach is the optics' reach; the cord is cut or stocked to length.
                reach = self.reach_m(media, speed_gbps)
                if reach is None or needed_m > reach:
                    continue
                cords = [p for p in self.cabling.cables if p.media == media and not p.breakout]
                stock = sorted({l for p in cords if speed_gbps in p.speeds_gbps for l in p.stock_lengths_m})
                length = _stock(stock, needed_m) or _stock(COMMODITY_LENGTHS_M, needed_m)
                if length is not None:
                    product = next((p for p in cords if speed_gbps in p.speeds_gbps), None)
                    return CableChoice(media, min(length, max(reach, needed_m)), product)
                continue
            for product in sorted(self.products(media, speed_gbps, lanes), key=lambda p: p.max_reach_m or 0):
                reach = product.max_reach_m
                if reach is None or needed_m > reach:
                    continue
                length = _stock(product.stock_lengths_m, needed_m)
                if length is None and not product.stock_lengths_m:
                    length = _stock(COMMODITY_LENGTHS_M, needed_m)
                if length is not None and length <= reach + 1e-9:
                    return CableChoice(media, length, product)
        return None

    def transceiver(self, form_factor: str | None, speed_gbps: float, media: str, length_m: float) -> Transceiver | None:
        candidates = [
            t
            for t in self.cabling.transceivers
            if t.media == media
            and t.speed_gbps == speed_gbps
            and (form_factor is None or t.form_factor.upper() == form_factor.upper())
            and (t.reach_m is None or t.reach_m + 1e-9 >= length_m)
        ]
        # the shortest reach that does the job is the cheaper optic
        return min(candidates, key=lambda t: t.reach_m or 1e9) if candidates else None


def assign_cabling(index: DesignIndex, cabling: Cabling, *, only_missing: bool = False) -> list[Link]:
    """Set media and stock length of every link from the layout; returns links no
    media reaches (their media stays unset and the checks report them)."""
    selector = MediaSelector(cabling)
    geometry = Geometry(index)
    ports = index.ports
    # Lanes of one breakout port share a cable: size it for the longest lane.
    group_length: dict[str, float] = {}
    routed: dict[int, float | None] = {}
    for link in index.design.links:
        length = geometry.length_m(link)
        routed[id(link)] = length
        if link.cable_id and length is not None:
            group_length[link.cable_id] = max(group_length.get(link.cable_id, 0.0), length)
    lanes_in_group = Counter(link.cable_id for link in index.design.links if link.cable_id)
    unreachable = []
    for link in index.design.links:
        if only_missing and link.media is not None and link.length_m is not None:
            continue
        length = routed[id(link)]
        if length is None:
            continue
        speed = _link_speed(index, link)
        if speed is None:
            continue
        lanes = lanes_in_group[link.cable_id] if link.cable_id else 1
        needed = group_length.get(link.cable_id, length) if link.cable_id else length
        rj45 = ports.is_rj45(link.a.device, link.a.port) or ports.is_rj45(link.b.device, link.b.port)
        choice = selector.choose(needed, speed, lanes, rj45)
        if choice is None:
            unreachable.append(link)
            link.media = None
            link.length_m = round(needed, 2)
            continue
        link.media = choice.media
        link.length_m = choice.length_m
    return unreachable


def _link_speed(index: DesignIndex, link: Link) -> float | None:
    a = index.ports.speed_gbps(link.a.device, link.a.port)
    b = index.ports.speed_gbps(link.b.device, link.b.port)
    if a is None or b is None:
        return None
    return min(a, b)


def _cage(index: DesignIndex, device_name: str, port: str) -> tuple[str, str, int, str | None, float] | None:
    """(device, group, cage number, form factor, cage speed) of a port."""
    group = index.ports.group(device_name, port)
    if group is None:
        return None
    parent, _lane = split_lane(port)
    number = int(parent[len(group.prefix) :]) if parent[len(group.prefix) :].isdigit() else 0
    cage = (number - 1) // group.ports_per_cage
    return device_name, group.name, cage, group.cage, group.speed_gbps * group.ports_per_cage


def cable_summary(index: DesignIndex, cabling: Cabling) -> tuple[list[dict], list[dict]]:
    """Cables by media, stock length and speed; transceivers by type. Report rows."""
    selector = MediaSelector(cabling)
    cable_units: dict[tuple, tuple[str, float, float, str | None, bool]] = {}
    fibres: Counter = Counter()
    cages: dict[tuple, tuple[str | None, float, str, float]] = {}
    breakout_lanes = Counter(link.cable_id for link in index.design.links if link.cable_id)
    for n, link in enumerate(index.design.links):
        if link.media is None or link.length_m is None:
            continue
        speed = _link_speed(index, link) or 0.0
        if link.media in OPTICAL:
            fibres[(link.media, link.length_m, speed)] += 1
            for end in (link.a, link.b):
                cage = _cage(index, end.device, end.port)
                if cage is None:
                    continue
                key = cage[:3]
                previous = cages.get(key)
                length = max(link.length_m, previous[3] if previous else 0.0)
                cages[key] = (cage[3], cage[4], link.media, length)
            continue
        if link.cable_id:
            key: tuple = ("breakout", link.cable_id)
        else:
            ca, cb = _cage(index, link.a.device, link.a.port), _cage(index, link.b.device, link.b.port)
            twin = ca and cb and _ports_per_cage(index, link.a.device, link.a.port) == 2 and _ports_per_cage(
                index, link.b.device, link.b.port
            ) == 2 and link.media in ("DAC", "ACC")
            key = ("twin", ca[:3], cb[:3]) if twin else ("link", n)
        lanes = breakout_lanes[link.cable_id] if link.cable_id else 1
        products = [p for p in selector.products(link.media, speed, lanes) if (p.max_reach_m or 0) >= link.length_m]
        part = products[0].slug if products else None
        cable_units[key] = (link.media, link.length_m, speed, part, key[0] == "breakout")
    rows: Counter = Counter()
    for media, length, speed, part, breakout in cable_units.values():
        rows[(media, length, speed, part, breakout)] += 1
    cables = [
        {"media": media, "length_m": length, "speed_gbps": speed, "breakout": breakout, "part": part, "count": count}
        for (media, length, speed, part, breakout), count in sorted(rows.items(), key=lambda r: (r[0][0], r[0][1], r[0][2]))
    ]
    for (media, length, speed), count in sorted(fibres.items()):
        cables.append(
            {"media": media, "length_m": length, "speed_gbps": speed, "breakout": False, "part": _fibre_part(cabling, media, speed), "count": count}
        )
    optics: dict[str, dict] = {}
    for form_factor, cage_speed, media, length in cages.values():
        module = selector.transceiver(form_factor, cage_speed, media, length)
        label = module.slug if module else f"{form_factor or '?'} {cage_speed:g}G {media} (not in catalog)"
        row = optics.setdefault(label, {
            "type": label, "part": module.slug if module else None,
            "form_factor": module.form_factor if module else form_factor,
            "speed_gbps": cage_speed, "media": media, "count": 0,
        })
        row["count"] += 1
    transceivers = sorted(optics.values(), key=lambda r: (r["media"], r["speed_gbps"], r["type"]))
    return cables, transceivers


def _fibre_part(cabling: Cabling, media: str, speed: float) -> str | None:
    for product in cabling.cables:
        if product.media == media and not product.breakout and speed in product.speeds_gbps:
            return product.slug
    return None


def _ports_per_cage(index: DesignIndex, device_name: str, port: str) -> int:
    group = index.ports.group(device_name, port)
    return group.ports_per_cage if group else 1


def reroute(index: DesignIndex, cabling: Cabling, links: list[Link]) -> list[Link]:
    """New links with lengths (and, where the old media no longer reaches, media) for
    the devices' current places. The originals are left untouched, so an edit can be
    undone by putting them back and a background analysis never sees a half-changed link."""
    selector = MediaSelector(cabling)
    geometry = Geometry(index)
    ports = index.ports
    lanes = Counter(link.cable_id for link in index.design.links if link.cable_id)
    longest: dict[str, float] = {}
    for link in index.design.links:
        if link.cable_id:
            length = geometry.length_m(link)
            if length is not None:
                longest[link.cable_id] = max(longest.get(link.cable_id, 0.0), length)
    updated = []
    for link in links:
        routed = geometry.length_m(link)
        speed = _link_speed(index, link)
        if routed is None or speed is None:
            updated.append(link)
            continue
        needed = longest.get(link.cable_id, routed) if link.cable_id else routed
        rj45 = ports.is_rj45(link.a.device, link.a.port) or ports.is_rj45(link.b.device, link.b.port)
        choice = selector.choose(needed, speed, lanes[link.cable_id] if link.cable_id else 1, rj45)
        if choice is None:
            updated.append(link.model_copy(update={"media": None, "length_m": round(needed, 2)}))
        elif link.media == choice.media or link.media is None:
            updated.append(link.model_copy(update={"media": choice.media, "length_m": choice.length_m}))
        else:
            # keep the planned media while it still reaches; otherwise take the chosen one
            reach = selector.reach_m(link.media, speed, lanes[link.cable_id] if link.cable_id else 1)
            stock = _stock(COMMODITY_LENGTHS_M, needed) or choice.length_m
            if reach is not None and stock <= reach:
                updated.append(link.model_copy(update={"length_m": max(choice.length_m, stock) if link.media in OPTICAL else stock}))
            else:
                updated.append(link.model_copy(update={"media": choice.media, "length_m": choice.length_m}))
    return updated
