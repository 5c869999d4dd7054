"""The compute fabric for bring-up tools: a UFM-style ``.topo`` file and Graphviz DOT.

``.topo`` follows the IBDM topology file (ibutils ``ibdm-topo-file(1)``) as NVIDIA's UFM
Cable Validation Tool reads it ("Topo File", CVT documentation): one section per switch,
a header line ``SYSTEM-TYPE SYSTEM-NAME``, then one line per cabled port,
``P<port> -<width>x-<lane speed>G-> REM-TYPE REM-NAME REM-PORT``, and an empty line after
the section. A switch-to-switch link is listed in both switches' sections. Switch ports are
numbered as on the front panel, ``P<n>``, a split port's lanes ``P<n>/<lane>`` (from 1, as
CVT's split-port notation ``1/2``); a server's compute port *i* is its HCA ``mlx5_<i-1>/P1``,
CVT's default HCA mapping (port 1 -> mlx5_0). The width counts the switch port's lanes a
link uses (a 400G NDR port has 4 lanes of 100G; an NDR200 split lane is 2x-100G). The system
type is the switch's model number (``QM9700``), ``HCA`` for a server.
Only InfiniBand compute fabrics are written.

DOT is the layout NVIDIA Air and Cumulus PTM read: ``graph "NAME" { ... }``, a node per
device with ``function`` (leaf, spine, core, host), ``model`` and ``rack``, an edge per link
``"leaf01":"swp1" -- "node001":"mlx5_0"``. Port names are the switch OS's: InfiniBand
``P<n>`` / ``P<n>/<lane>``, Ethernet (Cumulus / NVUE) ``swp<n>`` with breakout lanes from 0,
``swp1s0`` .. ``swp1s3``; servers' compute ports ``mlx5_<i-1>``.
"""

from __future__ import annotations

import re

from designer.errors import ExportError
from designer.model.hardware import split_lane
from designer.model.index import DesignIndex
from designer.report.handover.fabric_view import ComputeFabric, compute_fabrics, natural


def _system_type(index: DesignIndex, device_name: str, topo) -> str:
    if device_name not in topo.tiers:
        return "HCA"
    device_type = index.type_of(index.devices[device_name])
    for text in (device_type.model, device_type.part_number or ""):
        match = re.search(r"\bM?[A-Z]{1,4}\d{3,5}[A-Z]?\b", text)
        if match:
            return match[0]
    return re.sub(r"[^A-Za-z0-9_]", "", device_type.slug) or "SWITCH"


def _switch_port(index: DesignIndex, device: str, port: str, ethernet: bool) -> str:
    """The front-panel number: switching ports are numbered on across the type's port groups
    in order (an SN2201's 4 uplinks after its 48 access ports are swp49..swp52)."""
    physical, number = index.ports.physical(device, port)
    group = index.ports.group(device, port)
    if group is not None and group.role in ("fabric", "uplink"):
        for other in index.type_of(index.devices[device]).port_groups:
            if other.name == group.name:
                break
            if other.role in ("fabric", "uplink"):
                number += other.count
    _, lane = split_lane(port) if physical != port else (port, None)
    if ethernet:
        return f"swp{number}" + (f"s{lane - 1}" if lane is not None else "")
    return f"P{number}" + (f"/{lane}" if lane is not None else "")


def _hca(index: DesignIndex, device: str, port: str) -> str:
    _, number = index.ports.physical(device, port)
    return f"mlx5_{number - 1}"


def _lanes(index: DesignIndex, switch: str, port: str, speed: float) -> str:
    group = index.ports.group(switch, port)
    lane_speed = (group.speed_gbps / 4) if group is not None else speed / 4
    width = max(1, round(speed / lane_speed)) if lane_speed else 4
    return f"-{width}x-{lane_speed:g}G->"


def _fabric_links(fabric: ComputeFabric):
    """(a, a_port, b, b_port, speed) per compute link, switch-first where one end is a switch."""
    topo = fabric.topology
    for _a, _b, speed, link in topo.graph.links:
        ends = [(link.a.device, link.a.port), (link.b.device, link.b.port)]
        if ends[0][0] not in topo.tiers and ends[1][0] in topo.tiers:
            ends.reverse()
        yield ends[0], ends[1], speed


def topo_file(index: DesignIndex) -> str:
    fabrics = [f for f in compute_fabrics(index, "UFM topology") if f.protocol == "infiniband"]
    if not fabrics:
        raise ExportError("the compute fabric is not InfiniBand, so there is no UFM .topo file to write",
                          hint="use --dot for an Ethernet fabric")
    sections: dict[str, list[tuple]] = {}
    types: dict[str, str] = {}
    for fabric in fabrics:
        topo = fabric.topology
        for (a, a_port), (b, b_port), speed in _fabric_links(fabric):
            for (near, near_port), (far, far_port) in (((a, a_port), (b, b_port)), ((b, b_port), (a, a_port))):
                if near not in topo.tiers:
                    continue
                types[near] = _system_type(index, near, topo)
                remote = (_switch_port(index, far, far_port, False) if far in topo.tiers
                          else f"{_hca(index, far, far_port)}/P1")
                line = (f"{_switch_port(index, near, near_port, False)} {_lanes(index, near, near_port, speed)} "
                        f"{_system_type(index, far, topo)} {far} {remote}")
                sections.setdefault(near, []).append((natural(_switch_port(index, near, near_port, False)), line))
    out = []
    for switch in sorted(sections, key=natural):
        out.append(f"{types[switch]} {switch}")
        out += [line for _, line in sorted(sections[switch])]
        out.append("")
    return "\n".join(out)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def su_members(index: DesignIndex, su: int | None) -> set[str] | None:
    """The devices of scalable unit ``su`` (its servers, their leaves and the switches
    cabled above those leaves), or None for the whole design."""
    if su is None:
        return None
    from designer.report.handover.scheduler import scalable_units

    fabric, units = scalable_units(index, "scalable units")
    if not 1 <= su <= len(units):
        raise ExportError(f"no scalable unit {su}: the design has {len(units)} "
                          f"scalable unit{'s' if len(units) != 1 else ''}",
                          field="--su", hint=f"name one from 1 to {len(units)}")
    unit = units[su - 1]
    keep = {*unit.servers, *unit.leaves}
    tiers = fabric.topology.tiers
    for leaf in unit.leaves:
        keep |= {n for n in fabric.topology.graph.switch_links.get(leaf, {}) if tiers.get(n) not in (None, "leaf")}
    return keep


def air_links(index: DesignIndex, keep: set[str] | None = None):
    """(nodes {name: attributes}, edges [(a, a_port, b, b_port, fabric, speed)]) of the compute
    fabrics, ports named as the switch OS names them; only devices in ``keep`` when given."""
    nodes: dict[str, dict[str, str]] = {}
    edges = []
    for fabric in compute_fabrics(index, "DOT topology"):
        topo = fabric.topology
        ethernet = fabric.protocol != "infiniband"
        for (a, a_port), (b, b_port), speed in _fabric_links(fabric):
            if keep is not None and not (a in keep and b in keep):
                continue
            names = []
            for device, port in ((a, a_port), (b, b_port)):
                device_obj = index.devices[device]
                device_type = index.type_of(device_obj)
                nodes.setdefault(device, {
                    "function": topo.tiers.get(device, "host"), "model": device_type.model,
                    "rack": device_obj.rack or "", "fabric": device_obj.fabric or fabric.name})
                names.append(_switch_port(index, device, port, ethernet) if device in topo.tiers
                             else _hca(index, device, port))
            edges.append((a, names[0], b, names[1], fabric.name, speed))
    return nodes, edges


def dot_file(index: DesignIndex, su: int | None = None) -> str:
    nodes, edges = air_links(index, su_members(index, su))
    lines = [f"graph {_quote(index.design.name or 'cluster')} {{"]
    for name in sorted(nodes, key=natural):
        attrs = " ".join(f"{k}={_quote(v)}" for k, v in nodes[name].items())
        lines.append(f"  {_quote(name)} [{attrs}]")
    for a, a_port, b, b_port, fabric, speed in edges:
        lines.append(f"  {_quote(a)}:{_quote(a_port)} -- {_quote(b)}:{_quote(b_port)} "
                     f"[fabric={_quote(fabric)} speed_gbps={_quote(f'{speed:g}')}]")
    lines.append("}")
    return "\n".join(lines) + "\n"


# NVIDIA Air's JSON import (docs.nvidia.com Air "Custom Topology", JSON): every node needs
# an ``os`` image; these are the images of that page's example (switch, server).
AIR_SWITCH_OS = "cumulus-vx-5.16.1"
AIR_HOST_OS = "generic/ubuntu2404"


def air_json(index: DesignIndex, su: int | None = None) -> str:
    import json

    nodes, edges = air_links(index, su_members(index, su))
    title = (index.design.name or "cluster") + (f" SU{su}" if su is not None else "")
    content = {
        "nodes": {name: {"os": AIR_HOST_OS if nodes[name]["function"] == "host" else AIR_SWITCH_OS}
                  for name in sorted(nodes, key=natural)},
        "links": [[{"interface": a_port, "node": a}, {"interface": b_port, "node": b}]
                  for a, a_port, b, b_port, _fabric, _speed in edges],
    }
    return json.dumps({"format": "JSON", "title": title, "ztp": None, "content": content}, indent=2,
                      ensure_ascii=False) + "\n"
