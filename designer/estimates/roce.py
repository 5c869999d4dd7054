"""Lossless RoCE v2: the PFC headroom each switch port needs, summed per switch against its
buffer, and the ECN / PFC settings the design needs.

When a port's queue reaches the PAUSE threshold, the bytes already on their way still
arrive and must fit: the headroom. Following Cisco's white paper "Priority Flow Control:
Build Reliable Layer 2 Infrastructure" (the receiver's and the sender's largest frame, twice
the cable's delay at the link rate, the sender's response time) and IEEE 802.1Qbb / 802.3's
worst-case delays (the PAUSE frame itself, 672 bit times with its gap and preamble; the
response time upper bound by speed: 201,728 bit times at 100 GbE, 463,360 at 400 GbE):

    headroom (bytes) = 2 x MTU + 2 x length x delay per m x rate / 8 + (response + 672) / 8

per lossless priority and port. The switch's ports on RoCE fabrics are summed and compared
with its packet buffer, which the catalog does not hold: ``roce.switch_buffer_mb`` (the
published figure, by switch type). Speeds without a response time in
``roce.response_bits_by_speed_gbps`` and cables without a length are counted as unknown.
"""

from __future__ import annotations

from typing import Any

from designer.estimates.notes import Note, names, note
from designer.model.design import Design
from designer.model.estimates import RoceInputs
from designer.model.index import DesignIndex

PAUSE_FRAME_BITS = 672  # 64-byte PAUSE + inter-frame gap + preamble/SFD (IEEE 802.3)

# The settings a lossless RoCE v2 fabric needs (NVIDIA / Mellanox RoCE configuration guidance).
CHECKLIST = {
    "pfc_priority": "PFC enabled on the RoCE priority only (e.g. priority 3), on every switch port and NIC",
    "ecn": "ECN marking (WRED) on the RoCE queue, DCQCN congestion control on the NICs",
    "trust_dscp": "trust DSCP on switch ports; NICs mark RoCE with the agreed DSCP and CNPs with theirs",
    "headroom": "lossless buffer pool and per-port headroom at least the computed figure",
    "watchdog": "PFC watchdog on, to break PFC storms and deadlocks",
    "mtu": "the same MTU end to end (NIC, switch ports, RoCE path MTU)",
}


def port_headroom_bytes(speed_gbps: float, length_m: float, inputs: RoceInputs) -> float | None:
    response = inputs.response_bits_by_speed_gbps.get(f"{speed_gbps:g}")
    if response is None:
        return None
    wire_bits = 2 * length_m * inputs.cable_delay_ns_per_m * 1e-9 * speed_gbps * 1e9
    return 2 * inputs.mtu_bytes + (wire_bits + response + PAUSE_FRAME_BITS) / 8


def roce_estimate(design: Design, index: DesignIndex) -> tuple[dict[str, Any], list[Note]]:
    inputs = design.estimates.roce
    fabrics = {f.name for f in design.fabrics if f.protocol == "roce-v2"}
    if not fabrics:
        return {"fabrics": [], "switches": [], "switches_over_buffer": [], "checklist": []}, []
    per_switch: dict[str, dict[str, Any]] = {}
    unknown_speeds: set[str] = set()
    no_length = 0
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
            row = per_switch.setdefault(end.device, {"switch": end.device, "type": device.device_type, "ports": 0,
                                                     "headroom_mb": 0.0, "unknown_ports": 0})
            row["ports"] += 1
            if headroom is None:
                row["unknown_ports"] += 1
                unknown_speeds.add(f"{speed:g}G")
            else:
                row["headroom_mb"] += headroom * inputs.lossless_priorities / 1e6
    switches = []
    over = []
    for name in sorted(per_switch):
        row = per_switch[name]
        row["headroom_mb"] = round(row["headroom_mb"], 4)
        buffer = inputs.switch_buffer_mb.get(row["type"])
        row["buffer_mb"] = buffer
        row["exceeds_buffer"] = None if buffer is None else row["headroom_mb"] > buffer
        if row["exceeds_buffer"]:
            over.append(name)
        switches.append(row)
    notes = [note("roce.headroom", mtu_bytes=inputs.mtu_bytes, cable_delay_ns_per_m=inputs.cable_delay_ns_per_m)]
    missing = sorted({row["type"] for row in switches if row["buffer_mb"] is None})
    if missing:
        notes.append(note("roce.buffer_unpublished", parts=names(missing)))
    if unknown_speeds:
        notes.append(note("roce.response_unknown", speeds=names(sorted(unknown_speeds))))
    if no_length:
        notes.append(note("roce.no_length", count=no_length))
    return {
        "fabrics": sorted(fabrics),
        "switches": switches,
        "switches_over_buffer": over,
        "checklist": [{"key": key, "text": text} for key, text in CHECKLIST.items()],
    }, notes
