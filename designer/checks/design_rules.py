"""Rules over the whole design: storage throughput, a compute fabric at all, unpublished figures."""

from __future__ import annotations

from collections.abc import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, finding, plural_word
from designer.checks.messages import msg, names
from designer.model.units import bits_to_bytes


def check_design(ctx: CheckContext) -> list[Finding]:
    return [f for rule in DESIGN_RULES for f in rule(ctx)]


def type_counts(ctx: CheckContext) -> dict[str, int]:
    """How many devices of each type the design has (``CheckContext.type_counts``; a copy)."""
    return dict(ctx.type_counts())


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
        ports_gbytes_s = bits_to_bytes(sum(g.count * g.speed_gbps for g in device_type.ports_with_role("storage")))
        total += (min(read, ports_gbytes_s) if ports_gbytes_s else read) * count
    return total, gpus, sorted(unknown)


def storage(ctx: CheckContext) -> Iterator[Finding]:
    per_gpu = ctx.design.targets.storage_read_gbytes_s_per_gpu
    if per_gpu is None:
        return
    supply, gpus, unknown = storage_bandwidth_gbytes_s(ctx)
    demand = gpus * per_gpu
    if unknown:
        yield finding(
            "info", "FIGURE_UNKNOWN", unknown,
            msg("storage_read_unknown", parts=names(unknown), supply_gbytes_s=supply),
            msg("hint.enter_read_bandwidth"),
        )
    if demand > supply + 1e-9:
        yield finding(
            "error" if supply < demand / 2 else "warning", "STORAGE_THROUGHPUT_LOW", ["design"],
            msg("storage_throughput_low", gpus=gpus, per_gpu_gbytes_s=per_gpu, demand_gbytes_s=demand,
                supply_gbytes_s=supply, short_gbytes_s=demand - supply),
            msg("hint.add_storage"),
        )


def compute_fabric(ctx: CheckContext) -> Iterator[Finding]:
    # GPU servers: management nodes without GPUs exchange no gradients
    types = ctx.index.device_types
    servers = sum(n for slug, n in type_counts(ctx).items() if types[slug].is_gpu_server)
    if servers >= 2 and not any(f.role == "compute" for f in ctx.design.fabrics):
        yield finding(
            "error", "NO_COMPUTE_FABRIC", ["design"],
            msg("no_compute_fabric", count=servers),
            msg("hint.generate_fabric"),
        )


def psu_redundancy(ctx: CheckContext) -> Iterator[Finding]:
    """PSUs spread evenly over a rack's feeds: when the fullest feed fails, the rest
    must still number at least the N of the device's N+M redundancy. Reported once
    per device type and shortfall, naming the racks."""
    # (slug, PSU count, redundancy, PSUs left): as RackSummary.psu_short counts them
    devices: dict[tuple[str, int, str, int], int] = {}
    racks: dict[tuple[str, int, str, int], list[str]] = {}
    for rack in ctx.design.racks:
        for key, n in ctx.rack_summary(rack.name).psu_short.items():
            devices[key] = devices.get(key, 0) + n
            racks.setdefault(key, []).append(rack.name)
    for key, rack_names in racks.items():
        slug, count, redundancy, surviving = key
        yield finding(
            "warning", "PSU_REDUNDANCY_LOST", rack_names,
            msg("psu_redundancy_lost", count=devices[key], part=slug, part_plural=plural_word(slug),
                surviving=surviving, psus=count, needed=redundancy.split("+")[0], redundancy=redundancy,
                racks=names(rack_names, 6)),
            msg("hint.psu_third_feed"),
        )


def unknown_figures(ctx: CheckContext) -> Iterator[Finding]:
    keys = {
        "power_max_w": "figure_unknown_power_max",
        "power_typical_w": "figure_unknown_power_typical",
        "weight_kg": "figure_unknown_weight",
        "liquid_share": "figure_unknown_liquid_share",
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
        if device_type.cooling.liquid_share is None:
            unknown.setdefault("liquid_share", set()).add(slug)
    for figure, slugs in sorted(unknown.items()):
        yield finding(
            "info", "FIGURE_UNKNOWN", sorted(slugs),
            msg(keys[figure], parts=names(sorted(slugs))),
            msg("hint.enter_figure"),
        )


def unknown_weight(ctx: CheckContext) -> Iterator[Finding]:
    """Racked devices whose weight nobody published: the racks' weight and floor-load
    checks count them as 0 kg, so those verdicts cannot be trusted. One warning naming the
    parts and the racks. Zero-U parts (rack PDUs) stay with the FIGURE_UNKNOWN note."""
    counts: dict[str, int] = {}
    racks: set[str] = set()
    for device in ctx.design.devices:
        if not device.rack:
            continue
        device_type = ctx.index.type_of(device)
        if device_type.weight_kg is not None or device_type.u_height < 1:
            continue
        counts[device_type.slug] = counts.get(device_type.slug, 0) + 1
        racks.add(device.rack)
    if not counts:
        return
    parts = [f"{n:,} x {slug}" for slug, n in sorted(counts.items())]
    rack_names = sorted(racks)
    yield finding(
        "warning", "WEIGHT_UNKNOWN", rack_names,
        msg("weight_unknown", count=sum(counts.values()), parts=names(parts), rack_count=len(rack_names),
            racks=names(rack_names, 6)),
        msg("hint.enter_weight"),
    )


DESIGN_RULES = (storage, compute_fabric, psu_redundancy, unknown_figures, unknown_weight)
