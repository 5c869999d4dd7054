"""``designer catalog list | show | import``."""

from __future__ import annotations

import argparse
import json
import tempfile
import sys
from pathlib import Path

import yaml

from designer.catalog import Catalog
from designer.catalog.entries import entry_to_yaml_mapping, parse_entry
from designer.catalog.yaml_reader import read_yaml
from designer.catalog.netbox import ImportResult, import_netbox_file
from designer.cli.common import load_catalog_warned
from designer.errors import CatalogError
from designer.model.hardware import DeviceType, RackType
from designer.model.io import write_atomic
from designer.resources import catalog_dir, user_catalog_dir


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


def _catalog(args: argparse.Namespace) -> Catalog:
    return load_catalog_warned(args.catalog)


def _list(args: argparse.Namespace) -> int:
    catalog = _catalog(args)
    rows = []
    entries: list[DeviceType | RackType] = [*catalog.device_types.values(), *catalog.rack_types.values()]
    for entry in sorted(entries, key=_sort_key):
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
        print(f"{entry.slug:<28} {kind:<8} {entry.u_height:>3} {_fmt(max_kw, 2):>8} "
              f"{_fmt(entry.weight_kg):>8}  {detail}")
    return 0


def _sort_key(entry: DeviceType | RackType) -> tuple[int, str]:
    order = {"server": 0, "switch": 1, "storage": 2, "pdu": 3, "other": 4}
    kind = "rack" if isinstance(entry, RackType) else entry.kind
    return order.get(kind, 5), entry.slug


def _summary_json(kind: str, entry: DeviceType | RackType) -> dict:
    data: dict[str, object] = {"slug": entry.slug, "kind": kind, "manufacturer": entry.manufacturer,
                               "model": entry.model}
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
            ("cooling.liquid_share", entry.cooling.liquid_share),
        ]
        if entry.cooling.liquid_share is None or entry.cooling.liquid_share > 0:
            checks.append(("cooling.liquid_supply_max_c", entry.cooling.liquid_supply_max_c))
        if entry.kind == "pdu":
            checks = [c for c in checks if not c[0].startswith(("power.", "psu."))]
    else:
        checks += [("static_load_kg", entry.static_load_kg)]
    return [name for name, value in checks if value is None]


def _show(args: argparse.Namespace) -> int:
    catalog = _catalog(args)
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
            lines.append(f"  PDU              {_fmt(p.capacity_kw)} kW, {p.phases or '?'}-phase "
                         f"{_fmt(p.voltage_v, 0)} V")
        for group in entry.port_groups:
            splits = ", ".join(f"{b.count}x{b.speed_gbps:g}G" for b in group.breakout)
            lines.append(
                f"  ports {group.name:<10} {group.count} x {group.speed_gbps:g}G {group.cage or ''} "
                f"({group.role}; {group.prefix}1..{group.prefix}{group.count})"
                + (f", breakout {splits}" if splits else "")
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
    """Convert each file (folders searched for *.yaml / *.yml), keep going past bad ones and
    never replace an existing entry, bundled or imported, without ``--replace``."""
    out_dir = Path(args.output) if args.output else user_catalog_dir()
    if out_dir.exists() and not out_dir.is_dir():
        raise CatalogError("is a file; -o needs a folder", file=out_dir,
                           hint="name a folder (it is created if missing)")
    existing = _catalog(args)
    with tempfile.TemporaryDirectory(prefix="designer-stdin-") as scratch:
        stdin_file = _stdin_file(args.paths, Path(scratch))
        return _import_from(args, out_dir, existing, stdin_file)


STDIN_NAME = "-"


def _stdin_file(paths: list[str], scratch: Path) -> Path | None:
    """``-`` among the paths: standard input, one devicetype-library file, kept in
    ``scratch`` while it is imported (the size cap of the YAML reader applies)."""
    if STDIN_NAME not in paths:
        return None
    from designer.catalog.yaml_reader import MAX_YAML_BYTES

    data = sys.stdin.buffer.read(MAX_YAML_BYTES + 1)
    target = scratch / "stdin.yaml"
    target.write_bytes(data)
    return target


def _import_from(args: argparse.Namespace, out_dir: Path, existing: Catalog, stdin_file: Path | None) -> int:
    paths = [str(stdin_file) if p == STDIN_NAME and stdin_file is not None else p for p in args.paths]
    files, skipped = _import_files(paths)

    def shown(path: Path) -> Path:
        return Path(STDIN_NAME) if stdin_file is not None and path == stdin_file else path
    planned: list[tuple[ImportResult, Path, DeviceType | RackType | None]] = []
    claimed: dict[str, Path] = {}
    for path in files:
        try:
            result = import_netbox_file(path, args.kind)
        except CatalogError as exc:
            skipped.append((shown(path), exc.format().removeprefix(f"{path}: ")))
            continue
        if shown(path) != path:
            # read from standard input: no file to point the source at
            first = result.device_type.source[0]
            result.device_type.source[0] = first.model_copy(
                update={"url": None, "title": f"{first.title} (read from standard input)"})
        entry = result.device_type
        if entry.slug in claimed:
            skipped.append((shown(path), f"slug {entry.slug} is also in {claimed[entry.slug]}, imported first"))
            continue
        target = out_dir / f"{entry.slug}.yaml"
        old = existing.get(entry.slug)
        if old is None and target.exists():
            old = _read_existing(target)
        if (old is not None or target.exists()) and not args.replace:
            origin = existing.origins.get(entry.slug, target)
            where = "the bundled catalog" if _is_bundled(origin) else str(origin)
            skipped.append((shown(path), f"slug {entry.slug} is already in {where}; importing would change "
                                  f"{entry_changes(old, entry) if old is not None else 'the file'} "
                                  "(add --replace to replace it)"))
            continue
        claimed[entry.slug] = shown(path)
        planned.append((result, target, old))
    if planned:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CatalogError(f"cannot create the folder: {exc.strerror}", file=out_dir) from None
    imported = []
    for result, target, old in planned:
        entry = result.device_type
        text = "# Imported by 'designer catalog import'; figures marked unknown need a datasheet.\n"
        text += yaml.safe_dump(entry_to_yaml_mapping(entry), sort_keys=False, allow_unicode=True)
        write_atomic(target, text.encode("utf-8"))
        imported.append(_import_record(result, target, old))
    if getattr(args, "json", False):
        json.dump({"imported": imported, "skipped": [{"file": str(p), "reason": r} for p, r in skipped]},
                  sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        _print_import(imported, skipped)
    return 2 if skipped else 0


def _import_files(paths: list[str]) -> tuple[list[Path], list[tuple[Path, str]]]:
    files: list[Path] = []
    skipped: list[tuple[Path, str]] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted((p for p in path.rglob("*") if p.suffix.lower() in (".yaml", ".yml") and p.is_file()),
                           key=lambda p: str(p).lower())
            if not found:
                skipped.append((path, "no .yaml or .yml files in this folder"))
            files += found
        elif path.is_file():
            files.append(path)
        else:
            skipped.append((path, "no such file or folder (check the path)"))
    return list(dict.fromkeys(files)), skipped


def _read_existing(target: Path) -> DeviceType | RackType | None:
    try:
        return parse_entry(read_yaml(target), target)
    except CatalogError:
        return None


def _is_bundled(origin: Path) -> bool:
    try:
        return Path(origin).resolve().is_relative_to(catalog_dir().resolve())
    except OSError:
        return False


def _figures(entry: DeviceType | RackType) -> dict[str, object]:
    figures: dict[str, object] = {
        "kind": "rack" if isinstance(entry, RackType) else entry.kind,
        "u_height": entry.u_height,
        "weight_kg": entry.weight_kg,
        "list_price": entry.list_price.amount if entry.list_price else None,
        "sources": len(entry.source),
    }
    if isinstance(entry, DeviceType):
        figures.update({
            "airflow": entry.airflow,
            "power.typical_w": entry.power.typical_w,
            "power.max_w": entry.power.max_w,
            "psu.count": entry.psu.count,
            "psu.redundancy": entry.psu.redundancy,
            "ports": port_summary(entry) or "none",
            "breakouts": sum(len(g.breakout) for g in entry.port_groups),
            "gpus": entry.gpu_count,
        })
    return figures


def entry_changes(old: DeviceType | RackType, new: DeviceType | RackType) -> str:
    """What replacing ``old`` with ``new`` changes, e.g. ``power.max_w 1720 -> unknown``."""
    before, after = _figures(old), _figures(new)
    changes = [f"{key} {_show_value(before.get(key))} -> {_show_value(value)}"
               for key, value in after.items() if before.get(key) != value]
    return "; ".join(changes) if changes else "nothing but its sources and comments"


def _show_value(value: object) -> str:
    if value is None:
        return "unknown"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _import_record(result: ImportResult, target: Path, old: DeviceType | RackType | None) -> dict:
    entry = result.device_type
    return {
        "slug": entry.slug, "original_slug": result.original_slug, "kind": entry.kind, "file": str(target),
        "source": next((r.url for r in entry.source if r.url and r.url.startswith("file://")), None),
        "replaced": entry_changes(old, entry) if old is not None else None,
        "unknown": result.unknown, "guessed": result.guessed, "notes": result.notes,
        "skipped_interfaces": result.skipped_interfaces, "ports": port_summary(entry) or "no ports",
        "u_height": entry.u_height,
    }


def _print_import(imported: list[dict], skipped: list[tuple[Path, str]]) -> None:
    for row in imported:
        print(f"imported {row['slug']} ({row['kind']}, {row['u_height']} U, {row['ports']}) -> {row['file']}")
        if row["replaced"] is not None:
            print(f"  replaced the existing entry: {row['replaced']}")
        if row["unknown"]:
            print(f"  unknown (not in netbox format): {', '.join(row['unknown'])}")
        if row["guessed"]:
            print(f"  guessed, please review: {'; '.join(row['guessed'])}")
        for note in row["notes"]:
            print(f"  note: {note}")
        if row["skipped_interfaces"]:
            print(f"  interfaces skipped (type not understood): {', '.join(row['skipped_interfaces'])}")
    for path, reason in skipped:
        print(f"skipped {path}: {reason}")
    print(f"{len(imported)} imported, {len(skipped)} skipped")
