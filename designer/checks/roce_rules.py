"""Lossless RoCE v2: PFC headroom per switch against its packet buffer (issue 12).

When a port's queue reaches the PAUSE threshold, the bytes already on their way still
arrive and must fit: the headroom. Following Cisco's white paper "Priority Flow Control:
Build Reliable Layer 2 Infrastructure" (the receiver's and the sender's largest frame, twice
the cable's delay at the link rate, the sender's response time) and IEEE 802.1Qbb / 802.3's
worst-case delays (the PAUSE frame itself, 672 bit times with its gap and preamble; the
response time upper bound by speed: 201,728 bit times at 100 GbE, 463,360 at 400 GbE):

    headroom (bytes) = 2 x MTU + 2 x length x delay per m x rate / 8 + (response + 672) / 8

per lossless priority and port. A switch's ports on RoCE fabrics are summed and compared with
its packet buffer. The catalog holds no buffer figure (we found no NVIDIA datasheet stating
one in the reference corpus), so the buffer is the user's: ``estimates.roce.switch_buffer_mb``
by switch type, from the vendor's datasheet. Without it nothing is judged.

The computation lives here, below the estimates, so the check (``ROCE_HEADROOM_EXCEEDS_BUFFER``)
and the report's ``estimates.roce`` block (``designer/estimates/roce.py``) add up the same ports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, finding
from designer.checks.messages import msg, names
from designer.fabric.results import FabricAnalysis
from designer.model.design import Design
from designer.model.estimates import RoceInputs
from designer.model.index import DesignIndex
from designer.model.units import bits_to_bytes, bytes_to_mb, gbit_to_bit, ns_to_s

PAUSE_FRAME_BITS = 672  # 64-byte PAUSE + inter-frame gap + preamble/SFD (IEEE 802.3)
SWITCHES_NAMED = 6  # switches a finding names before "and N more"


def port_headroom_bytes(speed_gbps: float, length_m: float, inputs: RoceInputs) -> float | None:
    """One port's headroom per lossless priority; None when its speed has no response time."""
    response = inputs.response_bits_by_speed_gbps.get(f"{speed_gbps:g}")
    if response is None:
        return None
    wire_bits = gbit_to_bit(ns_to_s(2 * length_m * inputs.cable_delay_ns_per_m) * speed_gbps)
    return 2 * inputs.mtu_bytes + bits_to_bytes(wire_bits + response + PAUSE_FRAME_BITS)


@dataclass
class SwitchHeadroom:
    switch: str
    type: str
    ports: int = 0
    headroom_mb: float = 0.0
    unknown_ports: int = 0
    fabrics: set[str] = field(default_factory=set)


@dataclass
class Headroom:
    switches: dict[str, SwitchHeadroom]
    unknown_speeds: set[str]
    no_length: int


def roce_fabrics(design: Design) -> list[str]:
    return sorted(f.name for f in design.fabrics if f.protocol == "roce-v2")


def switch_headroom(design: Design, index: DesignIndex, inputs: RoceInputs | None = None) -> Headroom:
    """Every switch port on a RoCE fabric, its headroom summed per switch (MB = 10^6 bytes)."""
    inputs = inputs or design.estimates.roce
    fabrics = set(roce_fabrics(design))
    switches: dict[str, SwitchHeadroom] = {}
    unknown_speeds: set[str] = set()
    no_length = 0
    if not fabrics:
        return Headroom(switches, unknown_speeds, no_length)
    for link in design.links:
        if link.fabric not in fabrics:
            continue
        for end in (link.a, link.b):
            device = index.devices.get(end.device)
            if device is None or index.type_of(device).kind != "switch":
                continue
            speed = index.ports.speed_gbps(end.device, end.port)
            if speed is None:
                continue
            if link.length_m is None:
                no_length += 1
            headroom = port_headroom_bytes(speed, link.length_m or 0.0, inputs)
            row = switches.setdefault(end.device, SwitchHeadroom(end.device, device.device_type))
            row.ports += 1
            row.fabrics.add(link.fabric)
            if headroom is None:
                row.unknown_ports += 1
                unknown_speeds.add(f"{speed:g}G")
            else:
                row.headroom_mb += bytes_to_mb(headroom * inputs.lossless_priorities)
    return Headroom(switches, unknown_speeds, no_length)


def roce_headroom(ctx: CheckContext, name: str, analysis: FabricAnalysis) -> Iterator[Finding]:
    """ROCE_HEADROOM_EXCEEDS_BUFFER: per switch type, the switches of RoCE fabric ``name`` whose
    summed headroom is above the buffer the user gave for that type. A switch on several RoCE
    fabrics is reported with the first of them (by name), once."""
    design = ctx.design
    fabric = ctx.index.fabrics.get(name)
    inputs = design.estimates.roce
    if fabric is None or fabric.protocol != "roce-v2" or not inputs.switch_buffer_mb:
        return
    headroom = switch_headroom(design, ctx.index, inputs)
    over: dict[str, list[SwitchHeadroom]] = {}
    for row in headroom.switches.values():
        buffer = inputs.switch_buffer_mb.get(row.type)
        if buffer is None or min(row.fabrics) != name or round(row.headroom_mb, 4) <= buffer:
            continue
        over.setdefault(row.type, []).append(row)
    for part, rows in sorted(over.items()):
        rows.sort(key=lambda r: (-r.headroom_mb, r.switch))
        worst = rows[0]
        switches = [r.switch for r in rows]
        yield finding(
            "warning", "ROCE_HEADROOM_EXCEEDS_BUFFER", [*switches[:20], name],
            msg("roce_headroom_exceeds_buffer", count=len(rows), part=part, fabric=name,
                switches=names(switches, SWITCHES_NAMED), headroom_mb=round(worst.headroom_mb, 4), ports=worst.ports,
                buffer_mb=inputs.switch_buffer_mb[part], priorities=inputs.lossless_priorities,
                mtu_bytes=inputs.mtu_bytes),
            msg("hint.reduce_headroom", part=part),
        )
