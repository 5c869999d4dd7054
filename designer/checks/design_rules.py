"""Rules over the whole design: storage throughput, a compute fabric at all, unpublished figures."""

from __future__ import annotations

from typing import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, plural


def check_design(ctx: CheckContext) -> list[Finding]:
    return [f for rule in DESIGN_RULES for f in rule(ctx)]


def type_counts(ctx: CheckContext) -> dict[str, int]:
    """How many devices of each type the design has, from the per-rack summaries."""
    total: dict[str, int] = {}
    for rack_name in [*ctx.index.racks, None]:
        for slug, n in ctx.rack_summary(rack_name).type_counts.items():
            total[slug] = total.get(slug, 0) + n
    return total


def storage_bandwidth_gbytes_s(ctx: CheckContext) -> tuple[float, int, list[str]]:
    """Aggregate read bandwidth of the storage systems (GB/s), each limited by its
    network ports; also the GPU count and the types whose read figure is unpublished."""
    index = ctx.index
    total = 0.0
    unknown: set[str] = set()
    gpus = 0
    for slug, count in type_counts(ctx).items():
        device_type = index.device_types[slug]
        gpus += device_type.gpu_count * count
        if device_type.kind != "storage":
            continue
        read = device_type.storage.read_gbytes_s if device_type.storage else None
        if read is None:
            unknown.add(slug)
            continue
        ports_gbytes_s = sum(g.count * g.speed_gbps for g in device_type.ports_with_role("storage")) / 8
        total += (min(read, ports_gbytes_s) if ports_gbytes_s else read) * count
    return total, gpus, sorted(unknown)


def storage(ctx: CheckContext) -> Iterator[Finding]:
    per_gpu = ctx.design.targets.storage_read_gbytes_s_per_gpu
    if per_gpu is None:
        return
    supply, gpus, unknown = storage_bandwidth_gbytes_s(ctx)
    demand = gpus * per_gpu
    if unknown:
        yield Finding(
            "info", "FIGURE_UNKNOWN",
            f"Storage read bandwidth is not published for {', '.join(unknown)}; the storage check counts "
            f"{supply:,.1f} GB/s without them",
            unknown, "enter the read bandwidth from the vendor datasheet",
        )
    if demand > supply + 1e-9:
        yield Finding(
            "error" if supply < demand / 2 else "warning", "STORAGE_THROUGHPUT_LOW",
            f"{gpus:,} GPUs at {per_gpu:g} GB/s each need {demand:,.1f} GB/s of storage reads; the storage "
            f"systems deliver {supply:,.1f} GB/s ({demand - supply:,.1f} GB/s short)",
            ["design"], "add storage nodes or choose a faster storage system",
        )


def compute_fabric(ctx: CheckContext) -> Iterator[Finding]:
    servers = sum(n for slug, n in type_counts(ctx).items() if ctx.index.device_types[slug].kind == "server")
    if servers >= 2 and not any(f.role == "compute" for f in ctx.design.fabrics):
        yield Finding(
            "error", "NO_COMPUTE_FABRIC",
            f"{plural(servers, 'GPU server')} but no compute fabric: GPUs in different servers cannot "
            "exchange gradients",
            ["design"], "generate the fabric (File > New design) or add a compute fabric and its switches",
        )


def psu_redundancy(ctx: CheckContext) -> Iterator[Finding]:
    """PSUs spread evenly over a rack's feeds: when the fullest feed fails, the rest
    must still number at least the N of the device's N+M redundancy. Reported once
    per device type and shortfall, naming the racks."""
    devices: dict[tuple, int] = {}
    racks: dict[tuple, list[str]] = {}
    for rack in ctx.design.racks:
        for key, n in ctx.rack_summary(rack.name).psu_short.items():
            devices[key] = devices.get(key, 0) + n
            racks.setdefault(key, []).append(rack.name)
    for (slug, count, redundancy, surviving), names in racks.items():
        needed = redundancy.split("+")[0]
        shown = ", ".join(names[:6]) + (" ..." if len(names) > 6 else "")
        yield Finding(
            "warning", "PSU_REDUNDANCY_LOST",
            f"{plural(devices[(slug, count, redundancy, surviving)], slug)} "
            f"{'keeps' if devices[(slug, count, redundancy, surviving)] == 1 else 'keep'} {surviving} of {count} PSUs when a "
            f"rack feed fails; {needed} are needed at full load ({redundancy}) — racks {shown}",
            names, "expect reduced performance on a feed failure, or add a third feed",
        )


def unknown_figures(ctx: CheckContext) -> Iterator[Finding]:
    labels = {
        "power_max_w": "maximum power (typical power stands in)",
        "power_typical_w": "typical power (maximum power stands in)",
        "weight_kg": "weight (counted as 0 kg)",
    }
    unknown: dict[str, set[str]] = {}
    for slug in type_counts(ctx):
        device_type = ctx.index.device_types[slug]
        if device_type.weight_kg is None:
            unknown.setdefault("weight_kg", set()).add(slug)
        if device_type.kind == "pdu":
            continue
        if device_type.power.max_w is None:
            unknown.setdefault("power_max_w", set()).add(slug)
        if device_type.power.typical_w is None:
            unknown.setdefault("power_typical_w", set()).add(slug)
    for figure, slugs in sorted(unknown.items()):
        yield Finding(
            "info", "FIGURE_UNKNOWN",
            f"{labels[figure].capitalize()} is not published for {', '.join(sorted(slugs))}",
            sorted(slugs), "enter the figure from the vendor datasheet in a catalog file",
        )


DESIGN_RULES = (storage, compute_fabric, psu_redundancy, unknown_figures)
