"""The five questions every cluster plan must answer, derived from the findings.

Answers: "yes", "no", "partly" (warnings only), "unknown" (a figure or target the
answer needs is missing), "unanswered" (security: the user has not said).
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
}

NETWORK_CODES = {
    "OVERSUBSCRIPTION_ABOVE_TARGET", "FABRIC_PARTITIONED", "LINK_SPEED_MISMATCH", "NO_COMPUTE_FABRIC",
    "FABRIC_WITHOUT_LINKS", "ROCE_HEADROOM_EXCEEDS_BUFFER",
    "LINK_ENDPOINT_MISSING", "CABLE_REACH_EXCEEDED", "CABLE_TOO_SHORT", "CABLE_NO_PART",
}
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


def _answer(findings: list[Finding], codes: set[str], *, compute_port_errors: bool = False) -> tuple[str, list[str]]:
    relevant = [f for f in findings if f.code in codes and f.severity != "info"]
    if compute_port_errors:
        relevant += [f for f in findings if f.code == "PORT_UNCONNECTED" and f.severity == "error"]
    used = sorted({f.code for f in relevant})
    if any(f.severity == "error" for f in relevant):
        return "no", used
    if relevant:
        return "partly", used
    return "yes", used


def checklist(design: Design, findings: list[Finding]) -> list[ChecklistAnswer]:
    rows: list[tuple[str, str, list[str]]] = []
    has_compute = any(f.role == "compute" for f in design.fabrics)
    network, codes = _answer(findings, NETWORK_CODES, compute_port_errors=True)
    if not has_compute and network == "yes":
        network = "yes"  # a single server: NVLink inside the box is the whole network
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
    return [{"key": key, "question": QUESTIONS[key], "answer": answer, "codes": codes} for key, answer, codes in rows]

# issue 11 (hardware)
FACILITY_CODES.add("RACK_LIQUID_COOLING_MISSING")
