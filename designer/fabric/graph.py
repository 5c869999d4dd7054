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
    # port name -> its physical port: names repeat on every switch, the regex need not
    physical: dict[str, str] = {}
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

    ports_used, lanes_used = graph.ports_used, graph.lanes_used
    for link in links:
        a, a_port = link.a.device, link.a.port
        b, b_port = link.b.device, link.b.port
        # A port holds one cable, so the same two ports listed twice are one cable: counting
        # both would double its bandwidth and the leaf's links (the checks name the duplicate).
        ends = (a, a_port, b, b_port) if (a, a_port) <= (b, b_port) else (b, b_port, a, a_port)
        if ends in seen:
            graph.duplicates.append(link)
            continue
        seen.add(ends)
        a_speed, a_switch = resolve(a, a_port)
        b_speed, b_switch = resolve(b, b_port)
        if a_speed is None or b_speed is None:
            graph.unresolved.append(link)
            continue
        bandwidth = min(a_speed, b_speed)
        for name, port, switching in ((a, a_port, a_switch), (b, b_port, b_switch)):
            if switching:
                parent = physical.get(port)
                if parent is None:
                    parent = physical[port] = split_lane(port)[0]
                ports_used[name].add(parent)
                lanes_used[name] += 1
        graph.links.append((a, b, bandwidth, link))
        graph.link_switching.append((a_switch, b_switch))
        if a_switch and b_switch:
            graph.switches.update((a, b))
            graph.switch_links[a].setdefault(b, []).append(bandwidth)
            graph.switch_links[b].setdefault(a, []).append(bandwidth)
        elif a_switch or b_switch:
            switch, endpoint = (a, b) if a_switch else (b, a)
            graph.switches.add(switch)
            graph.endpoints.add(endpoint)
            graph.endpoint_links[switch].setdefault(endpoint, []).append(bandwidth)
            graph.endpoint_switches[endpoint].append(switch)
        else:
            # endpoint-to-endpoint (back-to-back) cable: both are endpoints, no switching
            graph.endpoints.update((a, b))
    return graph


def fabric_links(index: DesignIndex) -> dict[str | None, list[Link]]:
    """Every link grouped by the fabric it belongs to (None: cannot be told)."""
    grouped: dict[str | None, list[Link]] = defaultdict(list)
    for link in index.design.links:
        grouped[link_fabric(index, link)].append(link)
    return grouped
