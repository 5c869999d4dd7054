"""The links of a fabric as a graph of switches and endpoints.

Reads whatever links a design holds: generated or hand-edited, complete or not.
Links whose ends do not resolve (missing device or port) are left out here and
reported by the checks (``LINK_ENDPOINT_MISSING``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from designer.model.hardware import ENDPOINT_ROLES_BY_FABRIC_ROLE, split_lane
from designer.model.index import DesignIndex
from designer.model.link import Link


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
    links: list[tuple[str, str, float, Link]] = field(default_factory=list)
    # per entry of ``links``: whether its a and b ends forward traffic (a switch's fabric or
    # uplink port). Tiers belong to devices, roles to ports: the cable from an aggregation
    # switch's management port to a rack switch is an endpoint link, not a leaf-spine one.
    link_switching: list[tuple[bool, bool]] = field(default_factory=list)
    unresolved: list[Link] = field(default_factory=list)
    # links naming the same two ports as an earlier link: one cable listed twice, counted once
    duplicates: list[Link] = field(default_factory=list)


def build_fabric_graph(index: DesignIndex, fabric_name: str, links: list[Link]) -> FabricGraph:
    graph = FabricGraph(fabric_name)
    ports = index.ports
    seen: set[tuple[str, str, str, str]] = set()
    devices = index.devices
    # (device type, port) -> (speed, switching) for devices without breakouts, whose ports
    # are their type's: thousands of servers ask the same few questions
    by_type: dict[tuple[str, str], tuple[float | None, bool]] = {}

    def resolve(device_name: str, port: str) -> tuple[float | None, bool]:
        device = devices.get(device_name)
        if device is None or device.port_breakouts:
            return ports.speed_gbps(device_name, port), ports.is_switching(device_name, port)
        key = (device.device_type, port)
        found = by_type.get(key)
        if found is None:
            found = by_type[key] = (ports.speed_gbps(device_name, port), ports.is_switching(device_name, port))
        return found

    # the loop below runs once per cable (64,000 at 16,384 GPUs): its look-ups are locals,
    # and an end of a device without split ports is answered from ``by_type`` in place
    ports_used, lanes_used = graph.ports_used, graph.lanes_used
    graph_links, link_switching = graph.links, graph.link_switching
    switches, endpoints = graph.switches, graph.endpoints
    switch_links, endpoint_links, endpoint_switches = graph.switch_links, graph.endpoint_links, graph.endpoint_switches
    duplicates, unresolved = graph.duplicates, graph.unresolved
    for link in links:
        end_a, end_b = link.a, link.b
        a, a_port = end_a.device, end_a.port
        b, b_port = end_b.device, end_b.port
        # A port holds one cable, so the same two ports listed twice are one cable: counting
        # both would double its bandwidth and the leaf's links (the checks name the duplicate).
        ends = (a, a_port, b, b_port) if a < b or (a == b and a_port <= b_port) else (b, b_port, a, a_port)
        if ends in seen:
            duplicates.append(link)
            continue
        seen.add(ends)
        device = devices.get(a)
        found = by_type.get((device.device_type, a_port)) if device is not None and not device.port_breakouts else None
        a_speed, a_switch = found if found is not None else resolve(a, a_port)
        device = devices.get(b)
        found = by_type.get((device.device_type, b_port)) if device is not None and not device.port_breakouts else None
        b_speed, b_switch = found if found is not None else resolve(b, b_port)
        if a_speed is None or b_speed is None:
            unresolved.append(link)
            continue
        bandwidth = min(a_speed, b_speed)
        # (split_lane is memoised: a lane's physical port at the price of a dict look-up)
        if a_switch:
            ports_used[a].add(split_lane(a_port)[0])
            lanes_used[a] += 1
        if b_switch:
            ports_used[b].add(split_lane(b_port)[0])
            lanes_used[b] += 1
        graph_links.append((a, b, bandwidth, link))
        link_switching.append((a_switch, b_switch))
        if a_switch and b_switch:
            switches.add(a)
            switches.add(b)
            switch_links[a].setdefault(b, []).append(bandwidth)
            switch_links[b].setdefault(a, []).append(bandwidth)
        elif a_switch or b_switch:
            switch, endpoint = (a, b) if a_switch else (b, a)
            switches.add(switch)
            endpoints.add(endpoint)
            endpoint_links[switch].setdefault(endpoint, []).append(bandwidth)
            endpoint_switches[endpoint].append(switch)
        else:
            # endpoint-to-endpoint (back-to-back) cable: both are endpoints, no switching
            endpoints.add(a)
            endpoints.add(b)
    return graph


def fabric_links(index: DesignIndex) -> dict[str | None, list[Link]]:
    """Every link grouped by the fabric it belongs to (None: cannot be told)."""
    grouped: dict[str | None, list[Link]] = defaultdict(list)
    for link in index.design.links:
        grouped[link_fabric(index, link)].append(link)
    return grouped
