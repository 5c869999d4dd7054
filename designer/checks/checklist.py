"""The questions every cluster plan must answer, derived from the findings.

Answers: "yes", "no", "partly" (warnings only), "unknown" (a figure or target the
answer needs is missing), "unanswered" (security: the user has not said).

The bandwidth question ("network") is answered by the bandwidth findings of the fabrics
that carry the training and its data (compute and storage): an oversubscribed or
partitioned management network, or a link there at the wrong speed, is no answer to it.
Whether every cable can be built as planned (a cable too short for its route, beyond its
media's reach, without a catalog part, or naming a missing port) is the "cabling"
question's, on any fabric.
"""

from __future__ import annotations

from typing import TypedDict

from designer.checks.findings import Finding
from designer.model.design import Design

QUESTIONS = {
    "network": "Is network bandwidth enough?",
    "storage": "Does storage throughput keep up?",
    "fault_tolerance": "Is there fault tolerance?",
    "power_cooling": "Are power and cooling planned?",
    "security": "Are data security and compliance covered?",
    # added after the first five (review 44): a cable fault is no answer to the bandwidth question
    "cabling": "Can every cable be built as planned?",
}

NETWORK_CODES = {
    "OVERSUBSCRIPTION_ABOVE_TARGET", "FABRIC_PARTITIONED", "LINK_SPEED_MISMATCH", "NO_COMPUTE_FABRIC",
    "FABRIC_WITHOUT_LINKS", "ROCE_HEADROOM_EXCEEDS_BUFFER",
}
# the fabrics whose bandwidth the network question is about
BANDWIDTH_ROLES = frozenset({"compute", "storage"})
CABLING_CODES = {"LINK_ENDPOINT_MISSING", "CABLE_REACH_EXCEEDED", "CABLE_TOO_SHORT", "CABLE_NO_PART"}
FAULT_CODES = {"SINGLE_POINT_OF_FAILURE", "FEED_REDUNDANCY_LOST", "PSU_REDUNDANCY_LOST"}
FACILITY_CODES = {
    "RACK_POWER_OVER_BUDGET", "FEED_OVER_CAPACITY", "FEED_MISSING", "PDU_OVER_CAPACITY", "ROOM_POWER_OVER_CAPACITY",
    "RACK_COOLING_OVER_CAPACITY", "ROOM_COOLING_OVER_CAPACITY", "AIRFLOW_MISMATCH", "RACK_WEIGHT_OVER_LIMIT",
    "FLOOR_LOAD_OVER_LIMIT",
}


class ChecklistAnswer(TypedDict):
    """One question of the checklist (the report's ``checklist`` entry): its answer and the
    finding codes the answer rests on."""

    key: str
    question: str
    answer: str
    codes: list[str]


def _answer(findings: list[Finding], codes: set[str]) -> tuple[str, list[str]]:
    relevant = [f for f in findings if f.code in codes and f.severity != "info"]
    used = sorted({f.code for f in relevant})
    if any(f.severity == "error" for f in relevant):
        return "no", used
    if relevant:
        return "partly", used
    return "yes", used


def bandwidth_findings(design: Design, findings: list[Finding]) -> list[Finding]:
    """The network findings that concern a compute or storage fabric: a fabric's own by the
    fabric it names, a link's by the fabric of the link it names; one that names neither
    (NO_COMPUTE_FABRIC) always."""
    role_of = {f.name: f.role for f in design.fabrics}
    link_fabric: dict[str, str | None] | None = None  # "a:port - b:port" -> fabric, made when first needed
    out = []
    for f in findings:
        if f.code not in NETWORK_CODES:
            continue
        fabric = f.params.get("fabric")
        if fabric is None and "link" in f.params:
            if link_fabric is None:
                link_fabric = {f"{link.a} - {link.b}": link.fabric for link in design.links}
            fabric = link_fabric.get(f.params["link"])
        if fabric is None or role_of.get(fabric, "compute") in BANDWIDTH_ROLES:
            out.append(f)
    return out


def checklist(design: Design, findings: list[Finding]) -> list[ChecklistAnswer]:
    rows: list[tuple[str, str, list[str]]] = []
    # a single server without a compute fabric: NVLink inside the box is the whole network ("yes");
    # a compute or storage port without its cable (an error) is bandwidth the plan lacks
    port_errors = [f for f in findings if f.code == "PORT_UNCONNECTED" and f.severity == "error"]
    network, codes = _answer(bandwidth_findings(design, findings) + port_errors, NETWORK_CODES | {"PORT_UNCONNECTED"})
    rows.append(("network", network, codes))

    storage_codes = sorted({f.code for f in findings if f.code == "STORAGE_THROUGHPUT_LOW"})
    if design.targets.storage_read_gbytes_s_per_gpu is None:
        storage = "unknown"
    elif any(f.code == "STORAGE_THROUGHPUT_LOW" and f.severity == "error" for f in findings):
        storage = "no"
    else:
        storage = "partly" if storage_codes else "yes"
    rows.append(("storage", storage, storage_codes))

    fault, codes = _answer(findings, FAULT_CODES)
    rows.append(("fault_tolerance", fault, codes))

    facility, codes = _answer(findings, FACILITY_CODES)
    rooms = design.site.rooms
    if facility == "yes" and (not rooms or any(r.power_capacity_kw is None for r in rooms)):
        facility = "unknown"
    if facility == "yes" and any(r.power_budget_kw is None for r in design.racks):
        facility = "unknown"
    rows.append(("power_cooling", facility, codes))

    covered = design.compliance.data_security_covered
    rows.append(("security", "unanswered" if covered is None else ("yes" if covered else "no"), []))
    cabling, codes = _answer(findings, CABLING_CODES)
    rows.append(("cabling", cabling, codes))
    return [{"key": key, "question": QUESTIONS[key], "answer": answer, "codes": codes} for key, answer, codes in rows]

# issue 11 (hardware)
FACILITY_CODES.add("RACK_LIQUID_COOLING_MISSING")
FACILITY_CODES.add("COOLANT_SUPPLY_TOO_WARM")
