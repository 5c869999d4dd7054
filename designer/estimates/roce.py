"""Lossless RoCE v2: the PFC headroom each switch port needs, summed per switch against its
buffer, and the ECN / PFC settings the design needs. The headroom itself is computed in
``designer/checks/roce_rules.py`` (below the estimates), which the check
``ROCE_HEADROOM_EXCEEDS_BUFFER`` shares.

The formula, its sources (Cisco's PFC white paper, IEEE 802.1Qbb / 802.3 delays) and its
terms are in ``designer/checks/roce_rules.py``. A switch's summed headroom is compared
with its packet buffer, which the catalog does not hold: ``roce.switch_buffer_mb`` (the
published figure, by switch type). Speeds without a response time in
``roce.response_bits_by_speed_gbps`` and cables without a length are counted as unknown.
"""

from __future__ import annotations


from designer.checks.roce_rules import PAUSE_FRAME_BITS, port_headroom_bytes, roce_fabrics, switch_headroom
from designer.estimates.notes import Note, names, note
from designer.estimates.notes_zh import ROCE_CHECKLIST_ZH
from designer.estimates.results import ChecklistItem, RoceEstimate, RoceSwitch
from designer.i18n import register
from designer.model.design import Design
from designer.model.index import DesignIndex

__all__ = ["CHECKLIST", "PAUSE_FRAME_BITS", "checklist_key", "port_headroom_bytes", "roce_estimate"]

# The settings a lossless RoCE v2 fabric needs (NVIDIA / Mellanox RoCE configuration guidance).
CHECKLIST = {
    "pfc_priority": "PFC enabled on the RoCE priority only (e.g. priority 3), on every switch port and NIC",
    "ecn": "ECN marking (WRED) on the RoCE queue, DCQCN congestion control on the NICs",
    "trust_dscp": "trust DSCP on switch ports; NICs mark RoCE with the agreed DSCP and CNPs with theirs",
    "headroom": "lossless buffer pool and per-port headroom at least the computed figure",
    "watchdog": "PFC watchdog on, to break PFC storms and deadlocks",
    "mtu": "the same MTU end to end (NIC, switch ports, RoCE path MTU)",
}


def checklist_key(item: str) -> str:
    """The translator's key of a checklist item (``CHECKLIST``'s key)."""
    return f"roce.checklist.{item}"


# The checklist in both languages, registered with the translator (designer/i18n); the
# Chinese is in ``notes_zh.py`` beside the assumptions'.
register("estimates.roce", {checklist_key(key): {"en": text, "zh": ROCE_CHECKLIST_ZH[key]}
                            for key, text in CHECKLIST.items()})


def roce_estimate(design: Design, index: DesignIndex) -> tuple[RoceEstimate, list[Note]]:
    inputs = design.estimates.roce
    fabrics = roce_fabrics(design)
    if not fabrics:
        return RoceEstimate(fabrics=[], switches=[], switches_over_buffer=[], checklist=[]), []
    headroom = switch_headroom(design, index, inputs)
    unknown_speeds, no_length = headroom.unknown_speeds, headroom.no_length
    switches = []
    over = []
    for name in sorted(headroom.switches):
        row = headroom.switches[name]
        headroom_mb = round(row.headroom_mb, 4)
        buffer = inputs.switch_buffer_mb.get(row.type)
        exceeds = None if buffer is None else headroom_mb > buffer
        if exceeds:
            over.append(name)
        switches.append(RoceSwitch(switch=row.switch, type=row.type, ports=row.ports, headroom_mb=headroom_mb,
                                   unknown_ports=row.unknown_ports, buffer_mb=buffer, exceeds_buffer=exceeds))
    notes = [note("roce.headroom", mtu_bytes=inputs.mtu_bytes, cable_delay_ns_per_m=inputs.cable_delay_ns_per_m)]
    missing = sorted({row.type for row in switches if row.buffer_mb is None})
    if missing:
        notes.append(note("roce.buffer_unpublished", parts=names(missing)))
    if unknown_speeds:
        notes.append(note("roce.response_unknown", speeds=names(sorted(unknown_speeds))))
    if no_length:
        notes.append(note("roce.no_length", count=no_length))
    return RoceEstimate(
        fabrics=fabrics,
        switches=switches,
        switches_over_buffer=over,
        checklist=[ChecklistItem(key=key, text=text) for key, text in CHECKLIST.items()],
    ), notes
