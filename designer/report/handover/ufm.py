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
    for a, b, speed, link in topo.graph.links:
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


def dot_file(index: DesignIndex) -> str:
    fabrics = compute_fabrics(index, "DOT topology")
    lines = [f"graph {_quote(index.design.name or 'cluster')} {{"]
    nodes: dict[str, str] = {}
    edges = []
    for fabric in fabrics:
        topo = fabric.topology
        ethernet = fabric.protocol != "infiniband"
        for (a, a_port), (b, b_port), speed in _fabric_links(fabric):
            names = []
            for device, port in ((a, a_port), (b, b_port)):
                device_obj = index.devices[device]
                device_type = index.type_of(device_obj)
                function = topo.tiers.get(device, "host")
                nodes.setdefault(device, (
                    f"  {_quote(device)} [function={_quote(function)} model={_quote(device_type.model)} "
                    f"rack={_quote(device_obj.rack or '')} fabric={_quote(device_obj.fabric or fabric.name)}]"))
                names.append(_switch_port(index, device, port, ethernet) if device in topo.tiers
                             else _hca(index, device, port))
            edges.append(f"  {_quote(a)}:{_quote(names[0])} -- {_quote(b)}:{_quote(names[1])} "
                         f"[fabric={_quote(fabric.name)} speed_gbps={_quote(f'{speed:g}')}]")
    lines += [nodes[n] for n in sorted(nodes, key=natural)]
    lines += edges
    lines.append("}")
    return "\n".join(lines) + "\n"
