"""Findings and the catalogue of their codes.

Codes are a public contract (users script against them, the README documents them):
add new ones, never rename.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from designer.checks.messages import Message, english
from designer.i18n.templates import plural_word as plural_word  # (where the rules import it from)

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}

# code -> what it means (README table is generated from this).
CODES: dict[str, str] = {
    "RACK_SPACE_OVERLAP": "two devices in the same U on the same face, or a full-depth device against anything on the other face",
    "RACK_SPACE_OUT_OF_BOUNDS": "a device reaches above the rack's top U",
    "DEVICE_NOT_MOUNTED": "a device with rack units is in a rack but has no position",
    "RACK_POWER_OVER_BUDGET": "maximum draw over the rack's power budget",
    "FEED_OVER_CAPACITY": "maximum draw over what all the rack's feeds together deliver",
    "FEED_REDUNDANCY_LOST": "with A/B feeds, the load does not fit on the remaining feed(s) when one fails; or a rack has one feed",
    "FEED_MISSING": "a rack that draws power has no feed, so capacity and redundancy go unchecked",
    "PDU_OVER_CAPACITY": "the PDUs on a feed cannot carry the load that feed must take over",
    "PSU_REDUNDANCY_LOST": "when one feed fails, a device keeps fewer PSUs than it needs at full load",
    "ROOM_POWER_OVER_CAPACITY": "the room's racks draw more than the room's power capacity",
    "RACK_COOLING_OVER_CAPACITY": "air heat over the rack's air cooling, or liquid heat over its liquid cooling",
    "ROOM_COOLING_OVER_CAPACITY": "the room's air or liquid heat over its cooling capacity",
    "AIRFLOW_MISMATCH": "a device blows against the rack's front-to-rear (cold-to-hot aisle) airflow",
    "RACK_WEIGHT_OVER_LIMIT": "equipment weight over the rack's static load rating",
    "FLOOR_LOAD_OVER_LIMIT": "rack and contents over its floor share, in kg/m2, above the room's floor rating",
    "RACK_OUTSIDE_ROOM": "a rack stands (partly) outside its room",
    "RACK_FLOOR_OVERLAP": "two racks occupy the same floor space",
    "PORT_UNCONNECTED": "a compute or storage port has no cable",
    "PORT_DOUBLE_CONNECTED": "two cables on one port (or lane)",
    "SWITCH_PORTS_EXHAUSTED": "a switch has no free port left for growth or spares",
    "LINK_SPEED_MISMATCH": "the two ends of a link run at different speeds",
    "LINK_ENDPOINT_MISSING": "a link names a device or port that does not exist",
    "CABLE_REACH_EXCEEDED": "a cable is longer than its media reaches at that speed, or has no media",
    "CABLE_TOO_SHORT": "a cable is shorter than the route between its two ends",
    "CABLE_NO_PART": "no catalog part serves a link's media, speed and cages: a cable, a transceiver for one end's cage (form factor, link layer, side, top) or a fibre cord",
    "OVERSUBSCRIPTION_ABOVE_TARGET": "a fabric's worst leaf or spine ratio is above the fabric's target",
    "FABRIC_PARTITIONED": "some leaves cannot reach each other through the switches",
    "FABRIC_WITHOUT_LINKS": "a fabric has no links at all (warning)",
    "SINGLE_POINT_OF_FAILURE": "one switch or cable whose failure cuts endpoints off or splits the fabric",
    "STORAGE_THROUGHPUT_LOW": "aggregate storage read bandwidth below the GPUs' demand",
    "ROCE_HEADROOM_EXCEEDS_BUFFER": "a RoCE switch's summed PFC headroom is above the packet buffer given for its type",
    "NO_COMPUTE_FABRIC": "several GPU servers but no compute fabric between them",
    "FIGURE_UNKNOWN": "a figure a check needs is not published for a part the design uses",
    "WEIGHT_UNKNOWN": "racked devices with no published weight, counted as 0 kg by the rack weight and floor load checks (warning)",
}


@dataclass
class Finding:
    severity: Severity
    code: str
    message: str
    objects: list[str] = field(default_factory=list)
    hint: str | None = None
    # The message and hint as a template key and raw figures, so a report can say them in
    # another language (designer/checks/messages.py); None for a finding made from plain text.
    key: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    hint_key: str | None = None
    hint_params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown finding code {self.code}")

    def as_dict(self) -> dict[str, Any]:
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "objects": list(self.objects),
            "hint": self.hint,
            "key": self.key,
            "params": dict(self.params),
            "hint_key": self.hint_key,
            "hint_params": dict(self.hint_params),
        }

    @property
    def sort_key(self) -> tuple[int, str, list[str], str]:
        return (SEVERITY_ORDER[self.severity], self.code, self.objects[:1], self.message)


def finding(severity: Severity, code: str, objects: list[str], message: Message,
            hint: Message | None = None) -> Finding:
    """A finding whose English message and hint are rendered from their templates."""
    return Finding(
        severity, code, english(message), objects, english(hint) if hint else None,
        key=message.key, params=message.params,
        hint_key=hint.key if hint else None, hint_params=hint.params if hint else {},
    )



# issue 11 (hardware)
CODES["RACK_LIQUID_COOLING_MISSING"] = (
    "a rack without liquid cooling holds a liquid-cooled part whose share of heat to liquid is not published")

# issue 11 (facility)
CODES["COOLANT_SUPPLY_TOO_WARM"] = (
    "a room supplies coolant warmer than a liquid-cooled part in it takes (its vendor's or a supplied figure)")
