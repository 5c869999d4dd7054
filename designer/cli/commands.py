"""The commands' handlers: check, report, schema, new, export, poc, and catalog (in
``catalog_commands``); each returns the exit code."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from designer.cli.common import STDIO, _base_dir, _load, _print_json, _write_stdout, hold_to_exit, load_catalog_warned
from designer.errors import DesignerError
from designer.i18n.templates import counted


def _cmd_report(args: argparse.Namespace) -> int:
    from designer.checks.engine import Checker
    from designer.model.index import DesignIndex
    from designer.report.json_report import report_parts
    from designer.report.text import format_report

    design, catalog = _load(args)
    # the index and checks report_parts would make itself, made here to be held to the exit
    index = DesignIndex.build(design)
    checker = Checker(design, catalog.cabling, index)
    report = report_parts(design, index, checker, catalog)
    hold_to_exit(design, index, checker, report)
    if args.json:
        _print_json(report.as_dict())
    else:
        sys.stdout.write(format_report(report))
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from designer.checks.engine import Checker
    from designer.report.text import format_findings

    design, catalog = _load(args)
    checker = Checker(design, catalog.cabling)
    findings = [f.as_dict() for f in checker.findings()]
    hold_to_exit(design, checker)
    if args.json:
        _print_json(findings)
    else:
        sys.stdout.write(format_findings(findings, design.name))
    return 1 if any(f["severity"] == "error" for f in findings) else 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from designer.model.design import Design

    schema = Design.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Cluster Designer project file"
    _print_json(schema)
    return 0


def _cmd_new(args: argparse.Namespace) -> int:
    from designer.fabric.generate import GenerateSpec, generate_with_notes
    from designer.fabric.plan import parse_ratio
    from designer.model.io import save_design

    to_stdout = args.output == STDIO
    if to_stdout and args.json:
        raise DesignerError("-o - and --json both want standard output", field="--json",
                            hint="write the design to a file with -o FILE, or leave out --json")
    output = Path(args.output)
    if not to_stdout and output.exists() and not args.force:
        raise DesignerError("already exists", file=output, hint="choose another name or add --force")

    def ratio(option: str, text: str) -> float:
        try:
            return parse_ratio(text)
        except DesignerError as exc:
            raise DesignerError(f"{option} {text}: {exc.message}", hint=exc.hint) from None

    spec = GenerateSpec(
        server=args.server,
        switch=args.switch,
        nodes=args.nodes,
        gpus=args.gpus,
        oversubscription=ratio("--oversubscription", args.oversubscription),
        rail_optimized=args.rail_optimized,
        tiers=args.tiers,
        storage=args.storage,
        storage_nodes=args.storage_nodes,
        storage_ports_per_server=args.storage_ports_per_server,
        storage_oversubscription=(ratio("--storage-oversubscription", args.storage_oversubscription)
                                  if args.storage_oversubscription else None),
        storage_fabric=args.storage_fabric,
        reserved_storage_ports=args.reserved_storage_ports,
        reserved_storage_port_gbps=args.reserved_storage_port_gbps,
        inband_ports_per_server=args.inband_ports_per_server,
        inband_oversubscription=(ratio("--inband-oversubscription", args.inband_oversubscription)
                                 if args.inband_oversubscription else None),
        management_nodes=args.management_nodes,
        management_server=args.management_server,
        ufm_appliances=args.ufm_appliances,
        ufm_appliance=args.ufm_appliance,
        in_rack_copper=args.in_rack_copper,
        oob_aggregation_switch=args.oob_aggregation_switch,
        rack_power_kw=args.rack_power_kw,
        cooling=args.cooling,
        name=args.name,
        customer=args.customer,
        author=args.author,
        rack_type=args.rack_type,
        network_rack_type=args.network_rack_type,
        storage_switch=args.storage_switch,
        inband_switch=args.inband_switch,
        oob_switch=args.oob_switch,
        pdu=args.pdu,
        racks_per_row=args.racks_per_row,
        floor_load_kg_m2=args.floor_load_kg_m2,
        room_power_kw=args.room_power_kw,
        room_cooling_kw=args.room_cooling_kw,
        coolant_supply_c=args.coolant_supply_c,
        pue=args.pue,
        server_max_kw=args.server_max_kw,
        server_weight_kg=args.server_weight_kg,
        server_liquid_share=args.server_liquid_share,
        server_liquid_supply_max_c=args.server_liquid_supply_max_c,
        management_server_weight_kg=args.management_server_weight_kg,
    )
    catalog = load_catalog_warned(args.catalog)
    design, notes = generate_with_notes(spec, catalog)
    if to_stdout:
        from designer.model.io import dumps_design
        from designer.model.design import FORMAT_VERSION

        design.format_version = FORMAT_VERSION
        _write_stdout(dumps_design(design).encode("utf-8"))
    else:
        save_design(design, output)
    summary = _new_summary(design, notes, STDIO if to_stdout else str(output))
    if args.json:
        _print_json(summary)
        return 0
    out = sys.stderr if to_stdout else sys.stdout
    others = summary["servers"] - summary["gpu_servers"]
    # rack-scale systems: the same words, their compute trays (the hosts) after the GPUs
    trays = f", in {counted(summary['compute_trays'], 'compute tray')}" if summary["compute_trays"] else ""
    servers = f"{counted(summary['gpu_servers'], 'GPU server')} ({counted(summary['gpus'], 'GPU')}{trays})"
    print(
        f"wrote {'standard output' if to_stdout else summary['file']}: {servers}"
        f"{f' and {others} without GPUs (management)' if others else ''}, {counted(summary['switches'], 'switch')}, "
        f"{counted(summary['storage_nodes'], 'storage node')} in {counted(summary['racks'], 'rack')}, "
        f"{counted(summary['links'], 'link')}; {summary['power_max_kw']:,.1f} kW maximum", file=out)
    for fabric in summary["fabrics"]:
        sw = fabric["switches"]
        print(f"  {fabric['name']}: {counted(fabric['endpoints'], 'endpoint')}, {sw['leaf']} leaf / {sw['spine']} "
              f"spine / {sw['core']} core, {counted(fabric['leaf_spine_links'], 'leaf-spine link')}", file=out)
    if summary["uncabled"]:
        # the in-band fabric runs at the servers' fastest in-band speed; other ports are the user's to place
        print("  left uncabled (for the customer network, or to cable by hand):", file=out)
    for row in summary["uncabled"]:
        print(f"    {row['ports']} {row['group']} ports ({row['role']}, {row['speed_gbps']:g}G) "
              f"on {row['devices']} x {row['device_type']}", file=out)
    for note in summary["notes"]:
        print(f"  note: {note}", file=out)
    if summary["supplied_figures"]:
        from designer.model.supplied import describe, design_supplied_figures

        for fig in design_supplied_figures(design):
            print(f"  supplied: {describe(fig)}", file=out)
    return 0


def _new_summary(design, notes: list[str], file: str) -> dict:
    """What ``designer new`` prints, as data (``--json``): the same functions as the report's
    totals and fabric analysis, without the checks, cable counts and estimates it does not
    print (half of the time)."""
    from designer.fabric.analysis import fabric_counts
    from designer.fabric.generate import uncabled_port_groups
    from designer.fabric.graph import fabric_links
    from designer.model.index import DesignIndex
    from designer.model.loads import design_load
    from designer.model.supplied import design_supplied_figures

    index = DesignIndex.build(design)
    load = design_load(index)
    kinds = load.count_by_kind
    rack_scale = [t.rack_scale for t in map(index.type_of, design.devices) if t.rack_scale is not None]
    grouped = fabric_links(index)
    fabrics = []
    for fabric in (fabric_counts(index, f.name, grouped.get(f.name, [])) for f in design.fabrics):
        fabrics.append({"name": fabric.name, "endpoints": fabric.endpoints, "switches": fabric.switches.as_dict(),
                        "leaf_spine_links": fabric.links.leaf_spine})
    return {
        "file": file, "name": design.name, "servers": kinds.get("server", 0),
        "gpu_servers": load.gpu_servers,
        "gpus": load.gpus,
        "rack_scale_systems": len(rack_scale), "compute_trays": sum(r.compute_trays for r in rack_scale),
        "switches": kinds.get("switch", 0), "storage_nodes": kinds.get("storage", 0), "racks": len(design.racks),
        "links": len(design.links), "power_max_kw": round(load.power_max_kw, 3), "fabrics": fabrics,
        "uncabled": [dict(row) for row in uncabled_port_groups(design, index)], "notes": list(notes),
        "supplied_figures": [f.as_dict() for f in design_supplied_figures(design)],
    }


def _cmd_export(args: argparse.Namespace) -> int:
    from designer.model.index import DesignIndex
    from designer.report.handover.export import (
        HANDOVER_OUTPUTS, STDOUT, Job, build_handover, check_netbox_target, check_targets, option_name, write_netbox)

    handover = {o.key: getattr(args, o.key) for o in HANDOVER_OUTPUTS}
    documents = {"pdf": args.pdf, "bom": args.bom}
    if not any((args.svg, args.netbox, *handover.values(), *documents.values())):
        raise DesignerError("nothing to export", hint="add --pdf OUT, --bom OUT, --svg DIR, --netbox DIR, " + ", ".join(
            f"{option_name(o.key)} OUT" for o in HANDOVER_OUTPUTS))
    to_stdout = [k for k, v in {**handover, **documents}.items() if v == STDOUT]
    if len(to_stdout) > 1:
        raise DesignerError(f"{' and '.join(option_name(k) for k in to_stdout)} all name '-' (standard output)",
                            hint="send one output to '-', name files for the others")
    if to_stdout and args.json:
        raise DesignerError(f"{option_name(to_stdout[0])} - and --json both want standard output", field="--json",
                            hint="name a file for the output, or leave out --json")
    for key in ("svg", "netbox"):
        if getattr(args, key) == STDOUT:
            raise DesignerError(f"--{key} writes a folder, not one file", field=f"--{key}",
                                hint="name a folder")
    check_targets(label_scheme=args.label_scheme, su=args.su, **handover)
    if args.netbox:
        check_netbox_target(Path(args.netbox))
    design, catalog = _load(args)
    index = DesignIndex.build(design)
    written: list[dict] = []
    status = sys.stderr if to_stdout else sys.stdout

    def wrote(key: str, path: str, what: str, files: int = 1) -> None:
        written.append({"output": key, "path": path, "what": what, "files": files})
        if not args.json:
            where = "standard output" if path == STDOUT else path
            print(f"wrote {where}" if files == 1 else
                  f"wrote {files} files to {path} (import them in the order of their numbers)", file=status)

    if any(v is not None for v in handover.values()):
        from designer.report.exports import _write

        job = Job(index, catalog, label_scheme=args.label_scheme or Job.label_scheme, lang=args.lang, su=args.su)
        built = build_handover(job, **handover)  # every file made before the first is written
        what = {o.key: o.what for o in HANDOVER_OUTPUTS}
        for key, target, content in built:
            if target == STDOUT:
                _write_stdout(content)
            else:
                _write(Path(target), content)
            wrote(key, target, what[key])
    if args.netbox:
        files = write_netbox(index, catalog, args.netbox)
        wrote("netbox", args.netbox, "NetBox import", len(files))
    if args.pdf or args.bom or args.svg:
        from designer.report import exports

        for path in exports.export_documents(design, catalog, pdf=args.pdf, lang=args.lang, bom=args.bom,
                                             svg=args.svg, internal=args.internal, stdout=_write_stdout,
                                             spares_pct=args.spares_pct,
                                             base_dir=_base_dir(args.file), cable_schedule=args.cable_schedule,
                                             label_scheme=args.label_scheme,
                                             warn=lambda text: print(f"warning: {text}", file=sys.stderr)):
            key = ("pdf" if args.pdf and str(path) == str(Path(args.pdf)) else
                   "bom" if args.bom and str(path) == str(Path(args.bom)) else "svg")
            wrote(key, str(path), {"pdf": "proposal", "bom": "bill of materials", "svg": "SVG drawing"}[key])
    if args.json:
        _print_json({"file": args.file, "written": written})
    return 0


def _cmd_catalog(args: argparse.Namespace) -> int:
    from designer.cli import catalog_commands

    return catalog_commands.run(args)


def _cmd_poc(args: argparse.Namespace) -> int:
    from designer.poc.check import check_results, format_check
    from designer.poc.plan import PocContext, build_plan, format_plan

    if not 0 <= args.tolerance < 1:
        raise DesignerError(f"expected a share from 0 to 1; got {args.tolerance}", field="--tolerance")
    design, catalog = _load(args)
    poc = PocContext(design, catalog)
    plan = build_plan(design, catalog, args.tolerance, poc)
    if args.poc_command == "plan":
        _print_json(plan) if args.json else sys.stdout.write(format_plan(plan))
        return 0
    report = check_results(plan, poc, args.results)
    if args.json:
        _print_json(report)
        for error in report["errors"]:  # also said where a script's user sees them
            where = f"{error['file']}:{error['line']}" if error.get("line") else error["file"]
            print(f"error: {where}: {error['message']}", file=sys.stderr)
    else:
        sys.stdout.write(format_check(report))
    if args.pdf:
        from designer.poc.pdf import write_poc_pdf

        written = write_poc_pdf(args.pdf, design, catalog, report, args.lang)
        print(f"wrote {written}", file=sys.stderr if args.json else sys.stdout)
    return report["exit_code"]


_HANDLERS = {
    "catalog": _cmd_catalog,
    "check": _cmd_check,
    "report": _cmd_report,
    "schema": _cmd_schema,
    "new": _cmd_new,
    "export": _cmd_export,
    "poc": _cmd_poc,
}
