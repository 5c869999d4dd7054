"""The links of a fabric as a graph of switches and endpoints.

Reads whatever links a design holds: generated or hand-edited, complete or not.
Links whose ends do not resolve (missing device or port) are left out here and
reported by the checks (``LINK_ENDPOINT_MISSING``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import eq, is_, or_
from typing import cast

from designer.fabric.link_columns import LinkColumns
from designer.model.hardware import ENDPOINT_ROLES_BY_FABRIC_ROLE, split_lane
from designer.model.index import DesignIndex
from designer.model.link import Link

# a port's (speed, forwards traffic, the physical port it sits on): what the graph asks of an end
_PortFacts = tuple[float | None, bool, str]


def link_fabric(index: DesignIndex, link: Link) -> str | None:
    """The fabric a link belongs to: as the link says; else by an endpoint port's role
    (a BMC port is out-of-band whatever switch it reaches); else the fabric of a switch
    it reaches on a switching port."""
    if link.fabric is not None:
        return link.fabric
    ports = index.ports
    for end in (link.a, link.b):
        group = ports.group(end.device, end.port)
        if group is None or group.role in ("fabric", "uplink"):
            continue
        matches = [f.name for f in index.design.fabrics if group.role in ENDPOINT_ROLES_BY_FABRIC_ROLE.get(f.role, ())]
        if len(matches) == 1:
            return matches[0]
    for end in (link.a, link.b):
        device = index.devices.get(end.device)
        if device is not None and device.fabric is not None and ports.is_switching(end.device, end.port):
            return device.fabric
    return None


@dataclass
class FabricGraph:
    name: str
    switches: set[str] = field(default_factory=set)
    endpoints: set[str] = field(default_factory=set)
    # switch -> neighbour switch -> [link bandwidths]
    switch_links: dict[str, dict[str, list[float]]] = field(default_factory=lambda: defaultdict(dict))
    # switch -> endpoint -> [link bandwidths]
    endpoint_links: dict[str, dict[str, list[float]]] = field(default_factory=lambda: defaultdict(dict))
    # endpoint -> switches it is cabled to, once per link: two cables to one leaf list it
    # twice, so homing is judged on the distinct switches (len(set(...)))
    endpoint_switches: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    # physical switching ports in use per switch (a breakout port counts once); a switch's
    # management port is not one of them, as ``ports_total`` counts fabric and uplink ports
    ports_used: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    lanes_used: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    # the cables the graph holds (both ends resolve, not a duplicate), in the order they come
    kept: list[Link] = field(default_factory=list)
    # the bandwidth of each endpoint-to-endpoint (back-to-back) cable: in no switch's lists
    back_to_back_gbps: list[float] = field(default_factory=list)
    unresolved: list[Link] = field(default_factory=list)
    # links naming the same two ports as an earlier link: one cable listed twice, counted once
    duplicates: list[Link] = field(default_factory=list)
    # device -> port -> (speed, switching, physical port): what the build found, for ``links``
    port_facts: dict[str, dict[str, _PortFacts]] = field(default_factory=dict, repr=False)

    @property
    def links(self) -> list[tuple[str, str, float, Link]]:
        """Each kept cable as (a, b, bandwidth, link), made when asked (the drawings, the UFM
        export, the topology view): the report's analysis reads the per-switch lists only, so
        the build makes no tuple per cable."""
        facts = self.port_facts
        made = []
        for link in self.kept:
            a, b = link.a, link.b
            speed_a, speed_b = facts[a.device][a.port][0], facts[b.device][b.port][0]
            assert speed_a is not None and speed_b is not None  # kept: both ends resolve
            made.append((a.device, b.device, speed_a if speed_a <= speed_b else speed_b, link))
        return made

    @property
    def link_switching(self) -> list[tuple[bool, bool]]:
        """Per entry of ``links``: whether its a and b ends forward traffic (a switch's fabric
        or uplink port). Tiers belong to devices, roles to ports: the cable from an aggregation
        switch's management port to a rack switch is an endpoint link, not a leaf-spine one."""
        facts = self.port_facts
        return [(facts[l.a.device][l.a.port][1], facts[l.b.device][l.b.port][1]) for l in self.kept]


# the mark of a port that more than one cable names (never compared but by identity)
_SHARED = cast(Link, object())


def _ends(link: Link) -> tuple[str, str, str, str]:
    """A cable's two ends, the one that sorts first first: the same for a cable listed either way round."""
    a, b = link.a, link.b
    if a.device < b.device or (a.device == b.device and a.port <= b.port):
        return (a.device, a.port, b.device, b.port)
    return (b.device, b.port, a.device, a.port)


def build_fabric_graph(index: DesignIndex, fabric_name: str, links: list[Link]) -> FabricGraph:
    """The graph of ``links``. Its loop runs once per cable (64,000 at 16,384 GPUs), so an end
    costs two dict look-ups on names it already has (its device's port map, then the port),
    and each link takes the one branch its two ends' roles decide."""
    graph = FabricGraph(fabric_name)
    ports = index.ports
    devices = index.devices
    # device -> port -> the first cable on it (of the end that sorts first), or _SHARED once a
    # second cable comes there; the ends of the cables on shared ports
    occupied: dict[str, dict[str, Link]] = {}
    occupied_get = occupied.get
    seen: set[tuple[str, str, str, str]] = set()
    # device -> its ports' (speed, switching, physical port). Devices that
    # split no port share their type's map: thousands of servers ask the same few questions,
    # and an end is answered by two dict look-ups without building a key
    port_maps = graph.port_facts
    type_maps: dict[str, dict[str, _PortFacts]] = {}

    def ports_of(device_name: str) -> dict[str, _PortFacts]:
        device = devices.get(device_name)
        if device is None or device.port_breakouts:
            found: dict[str, _PortFacts] = {}
        else:
            found = type_maps.setdefault(device.device_type, {})
        port_maps[device_name] = found
        return found

    def facts(device_name: str, port: str, into: dict[str, _PortFacts]) -> _PortFacts:
        found = into[port] = (ports.speed_gbps(device_name, port), ports.is_switching(device_name, port),
                              split_lane(port)[0])
        return found

    ports_used, lanes_used = graph.ports_used, graph.lanes_used
    kept, back_to_back = graph.kept, graph.back_to_back_gbps
    switches, endpoints = graph.switches, graph.endpoints
    switch_links, endpoint_links, endpoint_switches = graph.switch_links, graph.endpoint_links, graph.endpoint_switches
    duplicates, unresolved = graph.duplicates, graph.unresolved
    port_maps_get = port_maps.get
    for link in links:
        end_a, end_b = link.a, link.b
        a, a_port = end_a.device, end_a.port
        b, b_port = end_b.device, end_b.port
        # A port holds one cable, so the same two ports listed twice are one cable: counting
        # both would double its bandwidth and the leaf's links (the checks name the duplicate).
        # The first cable on a port (of the end that sorts first) is kept by name; a second
        # one there, a duplicate or a port used twice, is told by its ends in ``seen``.
        if a < b or (a == b and a_port <= b_port):
            near, near_port = a, a_port
        else:
            near, near_port = b, b_port
        on_port = occupied_get(near)
        if on_port is None:
            on_port = occupied[near] = {}
        first = on_port.get(near_port)
        if first is None:
            on_port[near_port] = link
        else:
            if first is not _SHARED:
                seen.add(_ends(first))
                on_port[near_port] = _SHARED
            ends = _ends(link)
            before = len(seen)
            seen.add(ends)  # (one hash of the four names, not two for ``in`` and ``add``)
            if len(seen) == before:
                duplicates.append(link)
                continue
        on_a = port_maps_get(a)
        if on_a is None:
            on_a = ports_of(a)
        a_speed, a_switch, a_physical = on_a.get(a_port) or facts(a, a_port, on_a)
        on_b = port_maps_get(b)
        if on_b is None:
            on_b = ports_of(b)
        b_speed, b_switch, b_physical = on_b.get(b_port) or facts(b, b_port, on_b)
        if a_speed is None or b_speed is None:
            unresolved.append(link)
            continue
        bandwidth = a_speed if a_speed <= b_speed else b_speed
        kept.append(link)
        if a_switch:
            ports_used[a].add(a_physical)
            lanes_used[a] += 1
            switches.add(a)
            if b_switch:
                ports_used[b].add(b_physical)
                lanes_used[b] += 1
                switches.add(b)
                switch_links[a].setdefault(b, []).append(bandwidth)
                switch_links[b].setdefault(a, []).append(bandwidth)
            else:
                endpoints.add(b)
                endpoint_links[a].setdefault(b, []).append(bandwidth)
                endpoint_switches[b].append(a)
        elif b_switch:
            ports_used[b].add(b_physical)
            lanes_used[b] += 1
            switches.add(b)
            endpoints.add(a)
            endpoint_links[b].setdefault(a, []).append(bandwidth)
            endpoint_switches[a].append(b)
        else:
            # endpoint-to-endpoint (back-to-back) cable: both are endpoints, no switching
            endpoints.add(a)
            endpoints.add(b)
            back_to_back.append(bandwidth)
    return graph


def fabric_positions(index: DesignIndex, columns: LinkColumns) -> dict[str | None, list[int]]:
    """``fabric_links`` as the places of each fabric's links among the columns' (the design's
    links): the same groups in the same order, the links that name their fabric found in C."""
    fabrics = columns.fabric
    names = dict.fromkeys(fabrics)
    grouped: dict[str | None, list[int]] = {}
    for name in names:
        if name is not None:
            grouped[name] = list(compress(range(len(fabrics)), map(eq, fabrics, repeat(name))))
    if None in names:
        # links that do not name their fabric: told by their ends, then merged in order
        links = columns.links
        for at in compress(range(len(fabrics)), map(is_, fabrics, repeat(None))):
            grouped.setdefault(link_fabric(index, links[at]), []).append(at)
        for places in grouped.values():
            places.sort()
    return grouped


def build_fabric_graph_at(index: DesignIndex, fabric_name: str, columns: LinkColumns,
                          places: list[int]) -> FabricGraph:
    """``build_fabric_graph`` of the links at ``places`` among the columns' links. Where no
    port of the design holds two cable ends (so no cable is a duplicate) and every end is on
    an existing device that splits no port, each end's facts are its end code's (worked out
    once per code) and the loop only files the links; else ``build_fabric_graph`` itself."""
    links = columns.links
    end_facts = columns.end_facts
    n_links = len(links)
    codes_a = list(map(columns.a_end.__getitem__, places))
    codes_b = list(map(columns.b_end.__getitem__, places))
    odd = {code for code, facts in end_facts.items() if facts is None}
    if not columns.ports_used_once() or (odd and (any(map(odd.__contains__, codes_a))
                                                 or any(map(odd.__contains__, codes_b)))):
        return build_fabric_graph(index, fabric_name, [links[at] for at in places])
    graph = FabricGraph(fabric_name)
    ports = index.ports
    devices = index.devices
    # each end code's (speed, forwards traffic, the physical port it sits on), filed per type
    # as ``build_fabric_graph`` files them
    type_maps: dict[str, dict[str, _PortFacts]] = {}
    facts_of: dict[int, _PortFacts] = {}
    for code in dict.fromkeys(codes_a + codes_b):
        at = code if code < n_links else code - n_links
        device = columns.a_device[at] if code < n_links else columns.b_device[at]
        port = columns.a_port[at] if code < n_links else columns.b_port[at]
        facts = facts_of[code] = (end_facts[code][0], ports.is_switching(device, port),  # type: ignore[index]
                                  split_lane(port)[0])
        type_maps.setdefault(devices[device].device_type, {})[port] = facts
    names_a = list(map(columns.a_device.__getitem__, places))
    names_b = list(map(columns.b_device.__getitem__, places))
    order = [""] * (2 * len(places))
    order[0::2], order[1::2] = names_a, names_b
    port_maps = graph.port_facts
    for name in dict.fromkeys(order):
        port_maps[name] = type_maps[devices[name].device_type]
    ports_used, lanes_used = graph.ports_used, graph.lanes_used
    kept, back_to_back = graph.kept, graph.back_to_back_gbps
    switches, endpoints = graph.switches, graph.endpoints
    switch_links, endpoint_links, endpoint_switches = graph.switch_links, graph.endpoint_links, graph.endpoint_switches
    unresolved = graph.unresolved
    get = facts_of.__getitem__
    switching = {code: facts[1] for code, facts in facts_of.items()}
    if all(facts[0] is not None and facts[2] == port_of(columns, code) for code, facts in facts_of.items()) and all(
            map(or_, map(switching.__getitem__, codes_a), map(switching.__getitem__, codes_b))):
        # every end resolves (every link is kept), no port is named as a lane of another
        # (each switch end its own physical port) and no cable joins two endpoints: the
        # switches are those with ports in use and their lanes as many, the endpoints those
        # with switches, in the order the loop below first files each (so the same sets and
        # maps); the loop files only the links
        kept += map(links.__getitem__, places)
        known = cast(dict[int, tuple[float, bool, str]], facts_of).__getitem__  # every speed known
        for a, b, (speed_a, a_switch, a_physical), (speed_b, b_switch, b_physical) in zip(
                names_a, names_b, map(known, codes_a), map(known, codes_b)):
            bandwidth = speed_a if speed_a <= speed_b else speed_b
            if a_switch:
                ports_used[a].add(a_physical)
                if b_switch:
                    ports_used[b].add(b_physical)
                    switch_links[a].setdefault(b, []).append(bandwidth)
                    switch_links[b].setdefault(a, []).append(bandwidth)
                else:
                    endpoint_links[a].setdefault(b, []).append(bandwidth)
                    endpoint_switches[b].append(a)
            else:
                ports_used[b].add(b_physical)
                endpoint_links[b].setdefault(a, []).append(bandwidth)
                endpoint_switches[a].append(b)
        switches.update(ports_used)
        lanes_used.update(zip(ports_used, map(len, ports_used.values())))
        endpoints.update(endpoint_switches)
        return graph
    # the loop of ``build_fabric_graph`` past its duplicate test and its look-ups
    for link, a, b, (a_speed, a_switch, a_physical), (b_speed, b_switch, b_physical) in zip(
            map(links.__getitem__, places), names_a, names_b, map(get, codes_a), map(get, codes_b)):
        if a_speed is None or b_speed is None:
            unresolved.append(link)
            continue
        bandwidth = a_speed if a_speed <= b_speed else b_speed
        kept.append(link)
        if a_switch:
            ports_used[a].add(a_physical)
            lanes_used[a] += 1
            switches.add(a)
            if b_switch:
                ports_used[b].add(b_physical)
                lanes_used[b] += 1
                switches.add(b)
                switch_links[a].setdefault(b, []).append(bandwidth)
                switch_links[b].setdefault(a, []).append(bandwidth)
            else:
                endpoints.add(b)
                endpoint_links[a].setdefault(b, []).append(bandwidth)
                endpoint_switches[b].append(a)
        elif b_switch:
            ports_used[b].add(b_physical)
            lanes_used[b] += 1
            switches.add(b)
            endpoints.add(a)
            endpoint_links[b].setdefault(a, []).append(bandwidth)
            endpoint_switches[a].append(b)
        else:
            endpoints.add(a)
            endpoints.add(b)
            back_to_back.append(bandwidth)
    return graph


def port_of(columns: LinkColumns, code: int) -> str:
    """The port an end code names (its first end's)."""
    n_links = len(columns.links)
    return columns.a_port[code] if code < n_links else columns.b_port[code - n_links]


def fabric_links(index: DesignIndex) -> dict[str | None, list[Link]]:
    """Every link grouped by the fabric it belongs to (None: cannot be told). A link that
    names its fabric (every generated one) is filed without a call."""
    grouped: dict[str | None, list[Link]] = defaultdict(list)
    for link in index.design.links:
        fabric = link.fabric
        grouped[fabric if fabric is not None else link_fabric(index, link)].append(link)
    return grouped
