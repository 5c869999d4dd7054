"""Where the scale-up (NVLink, Infinity Fabric, HCCS) domain ends (issue 11).

GPUs inside one domain talk over its own interconnect: 8 in an HGX or UBB server, 72 in
an NVL72 rack (the catalog's ``gpus.scale_up_domain``; else the device's own GPUs). Between
domains, every byte crosses the scale-out fabric through the GPUs' own NIC ports, which
is what the compute fabric here is built for. ``scale_up_domains`` says it per GPU part
of the design, for the report (``scale_up``), its text, and the proposal's topology section.
"""

from __future__ import annotations

from typing import TypedDict

from designer.model.index import DesignIndex


class ScaleUpDomain(TypedDict):
    device_type: str  # the part's slug
    model: str  # manufacturer and model, as the proposal names it
    interconnect: str | None  # its family ("NVLink 5"), without the catalog's detail
    gpus_per_domain: int
    gpus_per_device: int
    devices: int  # of this part in the design
    domains: int  # whole domains they make


def interconnect_family(text: str | None) -> str | None:
    """"NVLink 5 via 9 NVLink switch trays, ..." -> "NVLink 5": the name, not the notes."""
    if not text:
        return None
    return text.split(" (")[0].split(" via ")[0].split(",")[0].strip() or None


def interconnect_name(text: str | None) -> str | None:
    """"NVLink 5 (2x NVSwitch)" -> "NVLink", "HCCS" -> "HCCS", "AMD Infinity Fabric (XGMI), ..." ->
    "AMD Infinity Fabric": what a sentence calls the domain's links ("one NVLink domain",
    "one HCCS domain"), the family without its generation; None where the catalog names none."""
    family = interconnect_family(text)
    if family is None:
        return None
    words = family.split()
    while len(words) > 1 and words[-1].replace(".", "").isdigit():
        words.pop()
    return " ".join(words)


def scale_up_domains(index: DesignIndex) -> list[ScaleUpDomain]:
    """One entry per part with GPUs, in the order the design first names them."""
    counts: dict[str, int] = {}
    for device in index.design.devices:
        device_type = index.device_types.get(device.device_type)
        if device_type is not None and device_type.gpu_count:
            counts[device_type.slug] = counts.get(device_type.slug, 0) + 1
    out: list[ScaleUpDomain] = []
    for slug, devices in counts.items():
        device_type = index.device_types[slug]
        per_domain = device_type.scale_up_gpus
        gpus = device_type.gpu_count
        out.append(ScaleUpDomain(
            device_type=slug, model=f"{device_type.manufacturer} {device_type.model}",
            interconnect=interconnect_family(device_type.gpus.interconnect if device_type.gpus else None),
            gpus_per_domain=per_domain, gpus_per_device=gpus, devices=devices,
            domains=devices * gpus // per_domain if per_domain else 0))
    return out
