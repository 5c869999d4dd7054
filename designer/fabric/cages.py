"""What a link's ends are: the cage each end plugs into (its form factor, ports, speed,
side, module top and link layer), the link layer a link runs, the lanes of a split port,
and how copper cages pair up. ``designer.fabric.parts`` chooses the parts that fit them,
``designer.fabric.cabling`` plans a design's media and lengths with both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from designer.model.hardware import split_lane
from designer.model.index import DesignIndex
from designer.model.link import Link, Media

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


def link_speed(index: DesignIndex, link: Link) -> float | None:
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


def far_cages(links: list[Link], ends: dict[int, tuple[EndCage, EndCage] | None],
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


def fanning_cage(pair: Ends | None, far: dict[CageKey, set[CageKey]]) -> EndCage | None:
    """A twin-port cage of this link whose two ports go to different cages: copper from
    it is a splitter (one cable from that cage), not a straight cable."""
    for end in pair or ():
        if end.ports == 2 and len(far.get(end.key, ())) > 1:
            return end
    return None


def cable_top(link: Link, pair: Ends | None) -> str | None:
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

