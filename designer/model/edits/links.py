"""Cabling by hand: connect a port to a port, disconnect a cable.

``ConnectPorts(a, b)`` adds one link after checking what a technician with the two plugs
in hand would: both ports exist and differ, neither (nor, for a split port, a lane of it
or the port a lane sits on) is cabled already, the two run at the same speed, an RJ45
socket meets an RJ45 socket, one end is a switch's forwarding port, and an endpoint's
port goes to a switch of a fabric of its role (a compute port to the compute fabric).
Each refusal is an ``EditRefused`` with a ``code`` the window words in its language:
``same_port``, ``no_such_device``, ``no_such_port``, ``port_taken``, ``port_split``,
``speed_mismatch``, ``cage_mismatch``, ``no_switch``, ``role_mismatch``,
``fabric_mismatch``, ``fabric_ambiguous``, ``protocol_mismatch``.

The fabric of the new link is the switch's (``device.fabric``), else the fabric the
switch's other cables are on, else the design's one fabric of the endpoint port's role.
Media and length are given by the caller (``designer.fabric.hand_cabling`` chooses them
as the generator's cabling does; this layer may not import it); None leaves them for
the checks to report.

``port_problem(index, a, b)`` is the same judgement without raising, for a port picker
that lists only the ports a cable can go to. ``disconnect_link(position)`` deletes one
cable (undo puts it back where it was).
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from designer.model.design import Design
from designer.model.edits.core import Change, Edit, EditRefused, refuse
from designer.model.edits.objects import DeleteObjects, RemoveObjects, _scopes
from designer.model.hardware import PortGroup, split_lane
from designer.model.index import DesignIndex
from designer.model.link import Link, LinkEnd, Media

# a fabric's protocol -> the link layer a switch runs (as ``designer.fabric.cages.LINK_LAYER``)
_LAYER = {"infiniband": "infiniband", "roce-v2": "ethernet", "ethernet": "ethernet"}
ENDPOINT_ROLES = ("compute", "storage", "inband", "oob")


class PortFacts(NamedTuple):
    """One port as the panel and the rules see it."""

    device: str
    port: str
    group: str
    role: str
    speed_gbps: float
    cage: str | None
    switching: bool  # a switch's fabric or uplink port


def port_facts(index: DesignIndex, device: str, port: str) -> PortFacts | None:
    ports = index.ports
    speed = ports.speed_gbps(device, port)
    group = ports.group(device, port)
    if speed is None or group is None:
        return None
    return PortFacts(device, port, group.name, group.role, speed, group.cage, ports.is_switching(device, port))


def used_ports(index: DesignIndex, device: str) -> dict[str, Link]:
    """The device's cabled port names (lanes as named) and the link on each."""
    used: dict[str, Link] = {}
    for link in index.links_by_device.get(device, []):
        for end in (link.a, link.b):
            if end.device == device:
                used[end.port] = link
    return used


def _taken(index: DesignIndex, end: LinkEnd, used: dict[str, Link]) -> tuple[str, dict[str, str]] | None:
    """Why this end cannot take a cable because of cables already there (None: free)."""
    if end.port in used:
        other = used[end.port]
        far = other.b if (other.a.device, other.a.port) == (end.device, end.port) else other.a
        return "port_taken", {"port": str(end), "far": str(far)}
    parent, lane = split_lane(end.port)
    device = index.devices[end.device]
    if lane is not None and parent in used and parent not in device.port_breakouts:
        return "port_taken", {"port": str(end), "far": f"{end.device}:{parent}"}
    if lane is None and end.port in device.port_breakouts:
        count = device.port_breakouts[end.port].count
        return "port_split", {"port": str(end), "lanes": f"{end.port}s1-{end.port}s{count}"}
    return None


def _fabric_of_switch(index: DesignIndex, name: str) -> str | None:
    device = index.devices[name]
    if device.fabric is not None:
        return device.fabric
    found = {l.fabric for l in index.links_by_device.get(name, []) if l.fabric is not None}
    return found.pop() if len(found) == 1 else None


class Problem(NamedTuple):
    code: str
    figures: dict[str, Any]  # what the message names, for a window to say it in its language
    message: str
    hint: str


def port_problem(index: DesignIndex, a: LinkEnd, b: LinkEnd, used: dict[str, dict[str, Link]] | None = None
                 ) -> tuple[Problem | None, str | None]:
    """(why a cable from ``a`` to ``b`` is refused or None, the fabric it would be on).
    ``used``: ``used_ports`` per device, when the caller has them already."""
    used = {} if used is None else used
    if (a.device, a.port) == (b.device, b.port):
        return Problem("same_port", {"port": str(a)}, f"both ends are {a}", "cable two different ports"), None
    facts = []
    for end in (a, b):
        if end.device not in index.devices:
            return Problem("no_such_device", {"device": end.device}, f'device "{end.device}" does not exist',
                           "cable a device of the design"), None
        found = port_facts(index, end.device, end.port)
        if found is None:
            return Problem("no_such_port", {"port": str(end)}, f"{end.device} has no port \"{end.port}\"",
                           "pick one of its ports"), None
        facts.append(found)
    for end in (a, b):
        if end.device not in used:
            used[end.device] = used_ports(index, end.device)
        taken = _taken(index, end, used[end.device])
        if taken is not None:
            code, figures = taken
            if code == "port_taken":
                return Problem(code, figures, f"port {figures['port']} is already cabled (to {figures['far']})",
                               "disconnect that cable first, or pick a free port"), None
            return Problem(code, figures, f"port {figures['port']} is split into lanes {figures['lanes']}",
                           "cable one of its lanes"), None
    fa, fb = facts
    if fa.speed_gbps != fb.speed_gbps:
        fast, slow = (fa, fb) if fa.speed_gbps > fb.speed_gbps else (fb, fa)
        group = index.type_of(index.devices[fast.device]).port_group_of(split_lane(fast.port)[0])
        split = group.breakout_to(slow.speed_gbps) if group is not None else None
        hint = (f"split {fast.device}:{fast.port} into {split.count} x {slow.speed_gbps:g}G (port breakouts) and "
                f"cable a lane" if split is not None else "cable two ports of the same speed")
        figures = {"a": str(a), "b": str(b), "speed_a": f"{fa.speed_gbps:g}", "speed_b": f"{fb.speed_gbps:g}"}
        return Problem("speed_mismatch", figures,
                       f"{a} runs at {fa.speed_gbps:g}G and {b} at {fb.speed_gbps:g}G", hint), None
    rj45 = [(f.cage or "").upper() == "RJ45" for f in facts]
    if rj45[0] != rj45[1] and fa.cage is not None and fb.cage is not None:
        figures = {"a": str(a), "b": str(b), "cage_a": fa.cage, "cage_b": fb.cage}
        return Problem("cage_mismatch", figures, f"{a} is an {fa.cage} socket and {b} an {fb.cage} cage",
                       "cable an RJ45 socket to an RJ45 socket"), None
    switches = [f for f in facts if f.switching]
    endpoints = [f for f in facts if not f.switching]
    if not switches:
        return Problem("no_switch", {"a": str(a), "b": str(b)}, f"neither {a} nor {b} is a switch port",
                       "cable an endpoint's port to a switch"), None
    fabrics = {name for f in switches if (name := _fabric_of_switch(index, f.device)) is not None}
    if len(fabrics) > 1:
        names = sorted(fabrics)
        return Problem("fabric_mismatch", {"fabrics": ", ".join(names)},
                       f"the two switches are on different fabrics ({', '.join(names)})",
                       "cable switches of one fabric"), None
    fabric = fabrics.pop() if fabrics else None
    if endpoints:
        role = endpoints[0].role
        endpoint = endpoints[0]
        if fabric is not None:
            fabric_role = index.fabrics[fabric].role if fabric in index.fabrics else None
            if fabric_role is not None and role in ENDPOINT_ROLES and fabric_role != role:
                figures = {"port": f"{endpoint.device}:{endpoint.port}", "role": role, "fabric": fabric,
                           "fabric_role": fabric_role}
                return Problem("role_mismatch", figures,
                               f"{endpoint.device}:{endpoint.port} is a {role} port and fabric {fabric} is a "
                               f"{fabric_role} fabric", f"cable it to a switch of a {role} fabric"), None
        elif role in ENDPOINT_ROLES:
            of_role = [f.name for f in index.design.fabrics if f.role == role]
            if len(of_role) > 1:
                return Problem("fabric_ambiguous", {"role": role, "fabrics": ", ".join(of_role),
                                                    "switch": switches[0].device},
                               f"the design has several {role} fabrics ({', '.join(of_role)})",
                               f"set the fabric of switch {switches[0].device} first"), None
            fabric = of_role[0] if of_role else None
    if fabric is not None and fabric in index.fabrics:
        layer = _LAYER.get(index.fabrics[fabric].protocol)
        for f in switches:
            own = index.type_of(index.devices[f.device]).switch_protocol
            if own and layer and _LAYER.get(own) != layer:
                figures = {"switch": f.device, "protocol": own, "fabric": fabric}
                return Problem("protocol_mismatch", figures,
                               f"switch {f.device} runs {own} and fabric {fabric} "
                               f"{index.fabrics[fabric].protocol}", "cable a switch of the fabric's protocol"), None
    return None, fabric


def _index(design: Design) -> DesignIndex:
    return DesignIndex.build(design)


@dataclass
class ConnectPorts(Edit):
    """Cable port ``a`` to port ``b`` (see the module's docstring for what is refused).
    ``fabric`` None: inferred. ``index``: an up-to-date index of the design, to save
    building one (a window has its checker's)."""

    a: LinkEnd
    b: LinkEnd
    fabric: str | None = None
    media: Media | None = None
    length_m: float | None = None
    cable_id: str | None = None
    strict: bool = True
    index: DesignIndex | None = None

    def link(self, design: Design) -> Link:
        """The link this edit adds, or its refusal."""
        index = self.index if self.index is not None and self.index.design is design else _index(design)
        problem, fabric = port_problem(index, self.a, self.b)
        if problem is not None:
            raise EditRefused(problem.message, field="links", hint=problem.hint, code=problem.code,
                              **problem.figures)
        return Link(a=self.a, b=self.b, fabric=self.fabric or fabric, media=self.media, length_m=self.length_m,
                    cable_id=self.cable_id)

    def check(self, design: Design) -> None:
        self.link(design)

    def apply(self, design: Design) -> Change:
        link = self.link(design)  # checked as InsertObjects checks a link, and more
        # appended as InsertObjects appends (a new list), without its preview index of
        # the whole design: a cable at 16,384 GPUs is a fraction of a second, not two
        design.links = [*design.links, link]
        inverse = RemoveObjects({"links": [len(design.links) - 1]})
        return Change(self, inverse, _scopes({"links": [link]}, False, design), f"cabled {self.a} to {self.b}")


def connect_ports(a: LinkEnd | str, b: LinkEnd | str, **options: Any) -> ConnectPorts:
    """``connect_ports("node001:osfp1", "leaf01:p1")``: the edit that cables the two."""
    return ConnectPorts(_end(a), _end(b), **options)


def _end(end: LinkEnd | str) -> LinkEnd:
    if isinstance(end, LinkEnd):
        return end
    device, sep, port = str(end).rpartition(":")
    if not sep:
        refuse(f'"{end}" is not device:port', field="links", hint='write it as "node001:osfp1"', code="invalid")
    return LinkEnd(device=device, port=port)


def disconnect_link(position: int) -> DeleteObjects:
    """Delete the cable at ``position`` (its undo puts it back at that position)."""
    return DeleteObjects(links=(position,))


def device_ports(index: DesignIndex, device: str) -> list[tuple[PortFacts, int, str]]:
    """Every port of a device as cabling sees it, in catalog order: (facts, cage number,
    breakout such as "2 x 200G" or ""). A split port is listed as its lanes."""
    found = index.devices.get(device)
    if found is None:
        return []
    return [row for group in index.type_of(found).port_groups for row in device_ports_of_group(index, device, group)]


def candidate_ports(index: DesignIndex, end: LinkEnd,
                    devices: Iterable[str] | None = None) -> list[tuple[PortFacts, str | None]]:
    """The free ports a cable from ``end`` can go to (each with the fabric it would be on),
    over ``devices`` (names; None: every device but ``end``'s own). Cabled ports and ports
    of another speed or socket are passed over before the full judgement."""
    mine = port_facts(index, end.device, end.port)
    if mine is None:
        return []
    used: dict[str, dict[str, Link]] = {}
    rj45 = (mine.cage or "").upper() == "RJ45"
    found = []
    names = [d.name for d in index.design.devices if d.name != end.device] if devices is None else devices
    for name in names:
        device = index.devices.get(name)
        if device is None:
            continue
        device_type = index.type_of(device)
        if not mine.switching and device_type.kind != "switch":
            continue  # an endpoint's port goes to a switch
        taken = used[name] = used_ports(index, name)
        for group in device_type.port_groups:
            if ((group.cage or "").upper() == "RJ45") != rj45:
                continue
            if group.speed_gbps != mine.speed_gbps and not group.breakout and not device.port_breakouts:
                continue
            for facts, _cage, _label in device_ports_of_group(index, name, group, skip=taken):
                if facts.speed_gbps != mine.speed_gbps:
                    continue
                if not (facts.switching or mine.switching):
                    continue
                problem, fabric = port_problem(index, end, LinkEnd(device=name, port=facts.port), used)
                if problem is None:
                    found.append((facts, fabric))
    return found


def device_ports_of_group(index: DesignIndex, device: str, group: PortGroup,
                          skip: Container[str] = ()) -> list[tuple[PortFacts, int, str]]:
    """``device_ports`` for one port group (leaving out the port names in ``skip``)."""
    found = index.devices[device]
    rows = []
    for n, port in enumerate(group.port_names(), start=1):
        cage = (n - 1) // group.ports_per_cage + 1
        breakout = found.port_breakouts.get(port)
        names = [f"{port}s{i}" for i in range(1, breakout.count + 1)] if breakout else [port]
        label = f"{breakout.count} x {breakout.speed_gbps:g}G" if breakout else ""
        for name in names:
            if name in skip:
                continue
            facts = port_facts(index, device, name)
            if facts is not None:
                rows.append((facts, cage, label))
    return rows
