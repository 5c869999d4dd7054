"""``designer catalog list | show | import``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

from designer.catalog import Catalog, load_catalog
from designer.catalog.entries import entry_to_yaml_mapping
from designer.catalog.netbox import import_netbox_file
from designer.errors import CatalogError
from designer.model.hardware import DeviceType, RackType
from designer.model.io import write_atomic
from designer.resources import user_catalog_dir


def run(args: argparse.Namespace) -> int:
    return {"list": _list, "show": _show, "import": _import}[args.catalog_command](args)


def _fmt(value: float | None, digits: int = 1, unit: str = "") -> str:
    if value is None:
        return "unknown"
    return f"{value:,.{digits}f}{unit}"


def port_summary(device_type: DeviceType) -> str:
    parts = []
    for group in device_type.port_groups:
        parts.append(f"{group.count}x{group.speed_gbps:g}G {group.role}")
    return ", ".join(parts)


def _list(args: argparse.Namespace) -> int:
    catalog = load_catalog(args.catalog)
    rows = []
    for entry in sorted([*catalog.device_types.values(), *catalog.rack_types.values()], key=_sort_key):
        kind = "rack" if isinstance(entry, RackType) else entry.kind
        if args.kind and kind != args.kind:
            continue
        rows.append((kind, entry))
    if args.json:
        json.dump([_summary_json(kind, e) for kind, e in rows], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    header = f"{'SLUG':<28} {'KIND':<8} {'U':>3} {'MAX kW':>8} {'kg':>8}  DESCRIPTION"
    print(header)
    for kind, entry in rows:
        if isinstance(entry, RackType):
            detail = f"{entry.manufacturer} {entry.model} ({entry.width_mm:g} x {entry.depth_mm:g} mm)"
            print(f"{entry.slug:<28} {kind:<8} {entry.u_height:>3} {'':>8} {_fmt(entry.weight_kg):>8}  {detail}")
            continue
        max_kw = entry.power.max_w / 1000 if entry.power.max_w is not None else None
        detail = f"{entry.manufacturer} {entry.model}"
        if entry.gpus:
            detail += f"; {entry.gpus.count}x {entry.gpus.model}"
        ports = port_summary(entry)
        if ports:
            detail += f"; {ports}"
        print(f"{entry.slug:<28} {kind:<8} {entry.u_height:>3} {_fmt(max_kw, 2):>8} {_fmt(entry.weight_kg):>8}  {detail}")
    return 0


def _sort_key(entry: DeviceType | RackType) -> tuple[int, str]:
    order = {"server": 0, "switch": 1, "storage": 2, "pdu": 3, "other": 4}
    kind = "rack" if isinstance(entry, RackType) else entry.kind
    return order.get(kind, 5), entry.slug


def _summary_json(kind: str, entry: DeviceType | RackType) -> dict:
    data = {"slug": entry.slug, "kind": kind, "manufacturer": entry.manufacturer, "model": entry.model}
    data["u_height"] = entry.u_height
    data["weight_kg"] = entry.weight_kg
    if isinstance(entry, DeviceType):
        data["power_max_w"] = entry.power.max_w
        data["gpus"] = entry.gpu_count
    return data


def unknown_fields(entry: DeviceType | RackType) -> list[str]:
    """Figures the vendor did not publish (null in the catalog)."""
    checks: list[tuple[str, object]] = [("weight", entry.weight_kg), ("list_price", entry.list_price)]
    if isinstance(entry, DeviceType):
        checks += [
            ("depth_mm", entry.depth_mm),
            ("power.typical_w", entry.power.typical_w),
            ("power.max_w", entry.power.max_w),
            ("psu.count", entry.psu.count),
            ("psu.redundancy", entry.psu.redundancy),
            ("airflow", entry.airflow),
        ]
        if entry.kind == "pdu":
            checks = [c for c in checks if not c[0].startswith(("power.", "psu."))]
    else:
        checks += [("static_load_kg", entry.static_load_kg)]
    return [name for name, value in checks if value is None]


def _show(args: argparse.Namespace) -> int:
    catalog = load_catalog(args.catalog)
    entry = catalog.require(args.slug)
    if args.json:
        data = entry.model_dump(mode="json")
        data = {"kind": "rack", **data} if isinstance(entry, RackType) else data
        data["unknown"] = unknown_fields(entry)
        data["origin"] = str(catalog.origins.get(entry.slug, ""))
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(_describe(entry, catalog))
    return 0


def _describe(entry: DeviceType | RackType, catalog: Catalog) -> str:
    lines = [f"{entry.manufacturer} {entry.model}  [{entry.slug}]"]
    if entry.part_number:
        lines.append(f"  part number      {entry.part_number}")
    if isinstance(entry, RackType):
        lines += [
            "  kind             rack",
            f"  size             {entry.u_height} U, {entry.width_mm:g} x {entry.depth_mm:g} mm",
            f"  empty weight     {_fmt(entry.weight_kg)} kg",
            f"  static load      {_fmt(entry.static_load_kg, 0)} kg",
        ]
    else:
        power = entry.power
        lines += [
            f"  kind             {entry.kind}",
            f"  space            {entry.u_height} U, {'full' if entry.is_full_depth else 'half'} depth"
            + (f", {entry.depth_mm:g} mm deep" if entry.depth_mm else ""),
            f"  airflow          {entry.airflow or 'unknown'}",
            f"  weight           {_fmt(entry.weight_kg, 2)} kg",
            f"  power            typical {_fmt(power.typical_w, 0)} W, maximum {_fmt(power.max_w, 0)} W",
        ]
        if entry.kind != "pdu":
            psu = entry.psu
            lines.append(
                f"  PSUs             {psu.count or 'unknown'} x {_fmt(psu.rating_w, 0)} W, "
                f"redundancy {psu.redundancy or 'unknown'}"
            )
        if entry.cooling.liquid_share:
            lines.append(f"  cooling          {entry.cooling.liquid_share:.0%} of heat to liquid")
        if entry.gpus:
            g = entry.gpus
            lines.append(f"  GPUs             {g.count} x {g.model}, {_fmt(g.memory_gb, 0)} GB each")
        if entry.storage:
            s = entry.storage
            lines.append(
                f"  storage          read {_fmt(s.read_gbytes_s)} GB/s, write {_fmt(s.write_gbytes_s)} GB/s, "
                f"usable {_fmt(s.usable_capacity_tb)} TB"
            )
        if entry.pdu:
            p = entry.pdu
            lines.append(f"  PDU              {_fmt(p.capacity_kw)} kW, {p.phases or '?'}-phase {_fmt(p.voltage_v, 0)} V")
        for group in entry.port_groups:
            splits = ", ".join(f"{b.count}x{b.speed_gbps:g}G" for b in group.breakout)
            lines.append(
                f"  ports {group.name:<10} {group.count} x {group.speed_gbps:g}G {group.cage or ''} "
                f"({group.role}; {group.prefix}1..{group.prefix}{group.count})" + (f", breakout {splits}" if splits else "")
            )
    if entry.list_price and entry.list_price.amount is not None:
        price = entry.list_price
        lines.append(
            f"  list price       {price.amount:,.0f} {price.currency}" + (" (estimate)" if price.estimate else "")
        )
    unknown = unknown_fields(entry)
    if unknown:
        lines.append(f"  not published    {', '.join(unknown)}")
    for ref in entry.source:
        lines.append(f"  source           {ref.title}" + (f"\n                   {ref.url}" if ref.url else ""))
    origin = catalog.origins.get(entry.slug)
    if origin:
        lines.append(f"  file             {origin}")
    return "\n".join(lines) + "\n"


def _import(args: argparse.Namespace) -> int:
    out_dir = Path(args.output) if args.output else user_catalog_dir()
    results = [import_netbox_file(Path(p), args.kind) for p in args.paths]
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CatalogError(f"cannot create the folder: {exc.strerror}", file=out_dir) from None
    for result in results:
        entry = result.device_type
        target = out_dir / f"{entry.slug}.yaml"
        text = "# Imported by 'designer catalog import'; figures marked unknown need a datasheet.\n"
        text += yaml.safe_dump(entry_to_yaml_mapping(entry), sort_keys=False, allow_unicode=True)
        write_atomic(target, text.encode("utf-8"))
        ports = port_summary(entry) or "no ports"
        print(f"imported {entry.slug} ({entry.kind}, {entry.u_height} U, {ports}) -> {target}")
        if result.unknown:
            print(f"  unknown (not in netbox format): {', '.join(result.unknown)}")
        if result.guessed:
            print(f"  guessed, please review: {'; '.join(result.guessed)}")
        if result.skipped_interfaces:
            print(f"  interfaces skipped (type not understood): {', '.join(result.skipped_interfaces)}")
    return 0
