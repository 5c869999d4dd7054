"""The ``designer`` command.

``designer [FILE]`` opens the window; ``designer COMMAND ...`` runs a core function
and prints its result. Exit codes: 0 fine, 1 the design has errors (``check``),
2 the input could not be used (the message says why; never a traceback).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from pathlib import Path
from typing import Any
from collections.abc import Sequence

from designer import __version__
from designer.errors import DesignerError

COMMANDS = ("catalog", "check", "report", "schema", "new", "export", "poc")


def _catalog_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--catalog",
        action="append",
        default=[],
        metavar="PATH",
        help="add catalog entries from a YAML file or folder (repeatable)",
    )


class _JsonErrorParser(argparse.ArgumentParser):
    """With ``--json`` a usage error is a DesignerError too, so it comes out as JSON."""

    def error(self, message: str):  # noqa: D102 - argparse's hook
        raise DesignerError(message, hint=f"see '{self.prog} --help'")


def build_parser(json_errors: bool = False) -> argparse.ArgumentParser:
    parser = (_JsonErrorParser if json_errors else argparse.ArgumentParser)(
        prog="designer",
        description="Plan AI GPU training clusters: racks, fabric, power, cooling and the proposal.",
        epilog="Run 'designer [FILE]' without a command to open the designer window.",
    )
    parser.add_argument("--version", action="version", version=f"Cluster Designer {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    catalog = sub.add_parser("catalog", help="list, show and import hardware catalog entries")
    catalog_sub = catalog.add_subparsers(dest="catalog_command", metavar="ACTION", required=True)
    c_list = catalog_sub.add_parser("list", help="list catalog entries")
    c_list.add_argument("--kind", choices=["server", "switch", "storage", "pdu", "rack", "other"])
    c_list.add_argument("--json", action="store_true", help="print JSON")
    _catalog_option(c_list)
    c_show = catalog_sub.add_parser("show", help="show one entry with its sources")
    c_show.add_argument("slug")
    c_show.add_argument("--json", action="store_true", help="print JSON")
    _catalog_option(c_show)
    c_import = catalog_sub.add_parser(
        "import", help="import netbox devicetype-library YAML files or folders into the user catalog"
    )
    c_import.add_argument("paths", nargs="+", metavar="PATH", help="files, or folders searched for *.yaml / *.yml")
    c_import.add_argument("-o", "--output", metavar="DIR", help="write entries here (default: the user catalog)")
    c_import.add_argument(
        "--kind", choices=["server", "switch", "storage", "pdu", "other"], help="kind, when it cannot be told"
    )
    c_import.add_argument("--replace", action="store_true",
                          help="replace entries that already exist (bundled or imported); without it they are skipped")
    c_import.add_argument("--json", action="store_true", help="print the summary as JSON")
    _catalog_option(c_import)

    check = sub.add_parser("check", help="check a design; exit 1 when it has errors")
    check.add_argument("file")
    check.add_argument("--json", action="store_true", help="print findings as JSON")
    _catalog_option(check)

    report = sub.add_parser("report", help="report a design's figures")
    report.add_argument("file")
    report.add_argument("--json", action="store_true", help="print the full report as JSON")
    _catalog_option(report)

    poc = sub.add_parser("poc", help="POC acceptance: the test plan, and results checked against it")
    poc_sub = poc.add_subparsers(dest="poc_command", metavar="ACTION", required=True)
    p_plan = poc_sub.add_parser("plan", help="write the acceptance test plan with expected figures")
    p_plan.add_argument("file")
    p_plan.add_argument("--json", action="store_true", help="print the plan as JSON")
    p_plan.add_argument("--tolerance", type=float, default=0.10, help="share below expected that passes (0.10)")
    _catalog_option(p_plan)
    p_check = poc_sub.add_parser("check", help="check nccl-tests, perftest and fio outputs; exit 1 on a failure")
    p_check.add_argument("file")
    p_check.add_argument("results", nargs="+", metavar="RESULTS")
    p_check.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    p_check.add_argument("--tolerance", type=float, default=0.10, help="share below expected that passes (0.10)")
    p_check.add_argument("--pdf", metavar="OUT", help="also write the proposal with the results as its last appendix")
    p_check.add_argument("--lang", choices=["en", "zh"], default="en", help="language of that PDF (default en)")
    _catalog_option(p_check)

    schema = sub.add_parser("schema", help="print the JSON Schema of the project file")
    _catalog_option(schema)

    _new_parser(sub)

    export = sub.add_parser("export", help="export a design: PDF proposal, BOM, SVG drawings, hand-over files",
                            description="Export a design. FILE '-' reads the design from standard input; an OUT "
                                        "of '-' writes that one file to standard output.")
    export.add_argument("file")
    export.add_argument("--graphml", metavar="OUT", help="topology for yEd (laid out), Gephi or networkx")
    export.add_argument("--pdf", metavar="OUT", help="the customer proposal")
    export.add_argument("--lang", choices=["en", "zh"], default="en",
                        help="language of the proposal, the cable schedule PDF and the draw.io pages (default en)")
    export.add_argument("--bom", metavar="OUT", help="bill of materials, .csv or .xlsx")
    export.add_argument("--spares-pct", metavar="PCT", type=_spares_pct,
                        help="spare cables and optics in the BOM and proposal, percent of the installed count "
                        "(rounded up per line; default: the project's spares_pct, else none)")
    export.add_argument("--svg", metavar="DIR", help="rack elevations, floor plan and topology as SVG files")
    export.add_argument("--cables", metavar="OUT", help="cable schedule with end labels, .csv, .xlsx or .pdf")
    export.add_argument("--label-scheme", metavar="TEMPLATE",
                        help="cable end label (default {room}.{rack}-{u}:{port}; fields site, room, row, rack, u, "
                             "device, port)")
    export.add_argument("--slurm", metavar="OUT", help="Slurm topology.conf (tree plugin) of the compute fabric")
    export.add_argument("--slurm-block", metavar="OUT",
                        help="Slurm topology.conf for the block plugin: one block per NVLink domain")
    export.add_argument("--gres", metavar="OUT", help="Slurm gres.conf: the GPU servers with their GPU counts")
    export.add_argument("--k8s-labels", metavar="OUT",
                        help="Kubernetes node labels for topology-aware scheduling, .yaml or .json")
    export.add_argument("--topo", metavar="OUT",
                        help="UFM cable-validation .topo file of the InfiniBand compute fabric")
    export.add_argument("--rack-su", metavar="OUT", help="UFM cable validation's rack-to-SU map, .csv")
    export.add_argument("--dot", metavar="OUT", help="the compute fabric as DOT (NVIDIA Air, Graphviz)")
    export.add_argument("--air", metavar="OUT", help="the compute fabric as an NVIDIA Air JSON topology")
    export.add_argument("--su", type=int, metavar="N", help="--air and --dot: only scalable unit N (from 1)")
    export.add_argument("--drawio", metavar="OUT",
                        help="draw.io (diagrams.net) file: floor plan, elevations and tier topology")
    export.add_argument("--netbox", metavar="DIR", help="NetBox bulk-import CSVs and devicetype-library YAML")
    export.add_argument("--json", action="store_true", help="print what was written (and errors) as JSON")
    export.add_argument("--cable-schedule", action="store_true",
                        help="--pdf: end the proposal with the cable schedule (one row per cable, labels by "
                        "--label-scheme), for the installers")
    export.add_argument("--internal", action="store_true",
                        help="the integrator's edition of the PDF: adds the appendices of catalog sources and "
                        "engineering notes (check codes, fixes, catalog parts and price sources)")
    _catalog_option(export)
    return parser


def _spares_pct(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number; give a percentage such as 2 or 2.5") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text} is outside 0–100; give a percentage such as 2 or 2.5")
    return value


def _new_parser(sub) -> None:
    new = sub.add_parser(
        "new",
        help="generate a complete design (racks, fabrics, cables) from a few numbers",
        description="Generate a design: servers in racks within their power, weight and U budgets, a "
        "rail-optimized fat-tree compute fabric, storage, in-band and out-of-band fabrics, and every cable.",
    )
    new.add_argument("--server", required=True, metavar="SLUG", help="GPU server type, e.g. nvidia-dgx-h100")
    size = new.add_mutually_exclusive_group(required=True)
    size.add_argument("--nodes", type=int, metavar="N", help="number of servers")
    size.add_argument("--gpus", type=int, metavar="G", help="number of GPUs (rounded up to whole servers)")
    new.add_argument("--switch", required=True, metavar="SLUG", help="compute fabric switch, e.g. nvidia-qm9700")
    new.add_argument("--server-max-kw", type=float, metavar="KW",
                     help="server maximum power where the vendor publishes none (stored as supplied by the user)")
    new.add_argument("--server-weight-kg", type=float, metavar="KG",
                     help="server weight where the vendor publishes none (stored as supplied by the user)")
    new.add_argument("--server-liquid-share", type=float, metavar="SHARE",
                     help="share of a liquid-cooled server's heat removed by liquid (0-1) where the vendor "
                          "publishes none (stored as supplied by the user)")
    new.add_argument("--oversubscription", default="1:1", metavar="RATIO",
                     help="leaf down:up, e.g. 1:1, 2:1 (default 1:1)")
    rail = new.add_mutually_exclusive_group()
    rail.add_argument("--rail-optimized", dest="rail_optimized", action="store_true", default=True,
                      help="port i of every server in a scalable unit goes to that unit's rail-i leaf (default)")
    rail.add_argument("--no-rail-optimized", dest="rail_optimized", action="store_false",
                      help="all of a server's compute ports on one leaf")
    new.add_argument("--tiers", default="auto", choices=["auto", "1", "2", "3"], help="fabric tiers (default auto)")
    new.add_argument("--storage", metavar="SLUG", help="storage system type")
    new.add_argument("--storage-nodes", type=int, default=0, metavar="M", help="number of storage systems")
    new.add_argument("--storage-ports-per-server", type=int, metavar="N",
                     help="server storage ports cabled to the storage fabric (default: all)")
    new.add_argument("--storage-oversubscription", default="1:1", metavar="RATIO",
                     help="storage fabric server-leaf down:up (default: the RA's 4:3; storage systems at 1:1)")
    new.add_argument("--storage-fabric", choices=["auto", "reserved", "none"], default="auto",
                     help="auto: a storage fabric only when the design has storage systems (default); reserved: "
                          "build it ahead of them, holding --reserved-storage-ports; none: never")
    new.add_argument("--reserved-storage-ports", type=int, default=0, metavar="N",
                     help="storage-system ports the reserved storage fabric holds leaves for")
    new.add_argument("--reserved-storage-port-gbps", type=float, default=200.0, metavar="G",
                     help="their speed (default 200, NDR200 as in the DGX SuperPOD RA)")
    new.add_argument("--inband-ports-per-server", type=int, metavar="N",
                     help="server in-band ports cabled (default: the ports the server's RA cables)")
    new.add_argument("--inband-oversubscription", metavar="RATIO",
                     help="build the in-band network as a generic leaf-spine at this ratio "
                          "(default: the RA's MLAG leaf pairs under two cores)")
    new.add_argument("--management-nodes", type=int, default=4, metavar="N",
                     help="BCM/Slurm management nodes (default 4, as the DGX SuperPOD RA; 0 for none)")
    new.add_argument("--management-server", default="generic-management-server-x86", metavar="SLUG",
                     help="management node type")
    new.add_argument("--ufm-appliances", type=int, metavar="N",
                     help="UFM appliances per InfiniBand fabric (default 2, an HA pair; 0 for none)")
    new.add_argument("--ufm-appliance", default="nvidia-ufm-enterprise-appliance", metavar="SLUG",
                     help="UFM appliance type")
    new.add_argument("--rack-power-kw", type=float, default=40.0, metavar="KW",
                     help="power budget per rack (default 40)")
    new.add_argument("--cooling", choices=["air", "liquid"], default="air", help="how racks are cooled (default air)")
    new.add_argument("--rack-type", default="rack-42u-600", metavar="SLUG", help="rack for servers and storage")
    new.add_argument("--network-rack-type", default="rack-42u-800", metavar="SLUG", help="rack for switches")
    new.add_argument("--storage-switch", metavar="SLUG", help="storage fabric switch (default: chosen by port speed)")
    new.add_argument("--inband-switch", metavar="SLUG", help="in-band fabric switch (default: chosen by port speed)")
    new.add_argument("--oob-switch", default="nvidia-sn2201", metavar="SLUG",
                     help="out-of-band access switch, shared by neighbouring racks")
    new.add_argument("--oob-aggregation-switch", metavar="SLUG",
                     help="out-of-band aggregation switch where there is no in-band network to uplink to")
    new.add_argument("--pdu", metavar="SLUG", help="rack PDU type (default: chosen by rack budget)")
    new.add_argument("--racks-per-row", type=int, default=10, metavar="N", help="racks per row (default 10)")
    new.add_argument("--floor-load-kg-m2", type=float, metavar="KG", help="room floor load rating")
    new.add_argument("--room-power-kw", type=float, metavar="KW", help="room power capacity")
    new.add_argument("--room-cooling-kw", type=float, metavar="KW", help="room cooling capacity")
    new.add_argument("--pue", type=float, help="room power usage effectiveness")
    new.add_argument("--name", help="design name")
    new.add_argument("--customer", help="customer name")
    new.add_argument("--author", help="author name")
    new.add_argument("-o", "--output", required=True, metavar="FILE",
                     help="project file to write ('-': standard output, the summary then goes to standard error)")
    new.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    new.add_argument("--json", action="store_true",
                     help="print the summary (and errors) as JSON (not with -o -, which takes standard output)")
    _catalog_option(new)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if not _is_command(args_list):
            return _run_window(args_list)
        args = build_parser(json_errors=_wants_json(args_list)).parse_args(args_list)
        _collect_rarely()
        if args.command is None:
            build_parser().print_help()
            return 0
        handler = _HANDLERS[args.command]
        return handler(args)
    except DesignerError as exc:
        print(f"error: {exc.format()}", file=sys.stderr)
        if _wants_json(args_list):
            _print_json({"error": _error_json(exc)})
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


# Commands whose --json errors are JSON on standard output. ``check``, ``report`` and ``poc``
# keep an empty standard output on an error (their contract; the message is on stderr).
JSON_ERROR_COMMANDS = ("new", "export", "catalog")


def _wants_json(args: list[str]) -> bool:
    """``--json`` given to ``new``, ``export`` or ``catalog``: an error is JSON too (on
    standard output, as the result would have been; the one-line message still goes to
    standard error)."""
    if "--json" not in args or not _is_command(args):
        return False
    rest = list(args)
    while rest[:1] == ["--catalog"] and len(rest) >= 2:
        rest = rest[2:]
    return rest[:1] != [] and rest[0] in JSON_ERROR_COMMANDS


def _error_json(exc: DesignerError) -> dict:
    return {"message": exc.message, "file": exc.file, "field": exc.field, "hint": exc.hint,
            "exit_code": exc.exit_code, "text": exc.format()}


# A command runs once and exits: its objects (the design, its analyses) live until then
# and hold almost no reference cycles, so the cyclic collector's passes over them are
# wasted work (1-2 s of a 16,384-GPU report). It still runs, just rarely; reference
# counting frees everything else as it goes.
COLLECT_AFTER_ALLOCATIONS = 200_000


def _collect_rarely() -> None:
    _young, middle, oldest = gc.get_threshold()
    gc.set_threshold(COLLECT_AFTER_ALLOCATIONS, middle, oldest)


def _is_command(args: list[str]) -> bool:
    rest = list(args)
    while rest[:1] == ["--catalog"] and len(rest) >= 2:
        rest = rest[2:]
    if not rest:
        return False
    return rest[0] in COMMANDS or rest[0] in ("-h", "--help", "--version")


def _run_window(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="designer", description="Open the Cluster Designer window.")
    parser.add_argument("file", nargs="?", help="project file to open")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help="render the window off-screen with FILE and VIEW, write the picture and exit")
    parser.add_argument("--view", default="floor", metavar="VIEW", help="floor, rack:NAME or topology (default floor)")
    _catalog_option(parser)
    parsed = parser.parse_args(args)
    if parsed.file is not None and not Path(parsed.file).exists():
        raise DesignerError("no such file", file=parsed.file, hint="check the path")
    # Qt is imported only when the window is wanted: the commands run without it.
    from designer.ui.app import run_app

    return run_app(parsed)


# ---------------------------------------------------------------- commands


def _print_json(value: Any) -> None:
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


STDIO = "-"


def _read_stdin() -> bytes:
    stream = sys.stdin
    if stream is None:
        raise DesignerError("no standard input to read", file=STDIO, hint="name a file instead of '-'")
    return stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8")


def _base_dir(file: str) -> Path | None:
    """The project file's folder (relative paths in it, e.g. the company logo, are read
    from there); none for a design read from standard input."""
    return None if file == STDIO else Path(file).parent


def _write_stdout(content: bytes) -> None:
    """One file to standard output, as bytes where the stream takes them."""
    if hasattr(sys.stdout, "buffer"):
        sys.stdout.flush()
        sys.stdout.buffer.write(content)
        sys.stdout.buffer.flush()
    else:
        sys.stdout.write(content.decode("utf-8", errors="replace"))


def load_catalog_warned(paths):
    """The catalog, its loading warnings (raw devicetype-library files converted) on stderr."""
    from designer.catalog import load_catalog

    catalog = load_catalog(paths)
    for warning in catalog.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return catalog


def _load(args: argparse.Namespace):
    from designer.model.io import load_design

    catalog = load_catalog_warned(args.catalog)
    if args.file == STDIO:
        from designer.model.io import parse_design

        return parse_design(_read_stdin(), "<stdin>", catalog), catalog
    return load_design(args.file, catalog), catalog


def _cmd_report(args: argparse.Namespace) -> int:
    from designer.report.json_report import report_parts
    from designer.report.text import format_report

    design, catalog = _load(args)
    report = report_parts(design, catalog=catalog)
    if args.json:
        _print_json(report.as_dict())
    else:
        sys.stdout.write(format_report(report))
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from designer.checks import run_checks
    from designer.report.text import format_findings

    design, catalog = _load(args)
    findings = [f.as_dict() for f in run_checks(design, catalog.cabling)]
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
    if args.racks_per_row < 1:
        raise DesignerError(f"--racks-per-row {args.racks_per_row}: at least 1")
    spec = GenerateSpec(
        server=args.server,
        switch=args.switch,
        nodes=args.nodes,
        gpus=args.gpus,
        oversubscription=parse_ratio(args.oversubscription),
        rail_optimized=args.rail_optimized,
        tiers=args.tiers,
        storage=args.storage,
        storage_nodes=args.storage_nodes,
        storage_ports_per_server=args.storage_ports_per_server,
        storage_oversubscription=parse_ratio(args.storage_oversubscription),
        storage_fabric=args.storage_fabric,
        reserved_storage_ports=args.reserved_storage_ports,
        reserved_storage_port_gbps=args.reserved_storage_port_gbps,
        inband_ports_per_server=args.inband_ports_per_server,
        inband_oversubscription=parse_ratio(args.inband_oversubscription) if args.inband_oversubscription else None,
        management_nodes=args.management_nodes,
        management_server=args.management_server,
        ufm_appliances=args.ufm_appliances,
        ufm_appliance=args.ufm_appliance,
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
        pue=args.pue,
        server_max_kw=args.server_max_kw,
        server_weight_kg=args.server_weight_kg,
        server_liquid_share=args.server_liquid_share,
    )
    catalog = load_catalog_warned(args.catalog)
    design, notes = generate_with_notes(spec, catalog)
    if to_stdout:
        from designer.model.io import dumps_design
        from designer.model.io import FORMAT_VERSION

        design.format_version = FORMAT_VERSION
        _write_stdout(dumps_design(design).encode("utf-8"))
    else:
        save_design(design, output)
    summary = _new_summary(design, notes, STDIO if to_stdout else str(output))
    if args.json:
        _print_json(summary)
        return 0
    out = sys.stderr if to_stdout else sys.stdout
    print(
        f"wrote {'standard output' if to_stdout else summary['file']}: "
        f"{summary['servers']} servers ({summary['gpus']} GPUs), {summary['switches']} switches, "
        f"{summary['storage_nodes']} storage {'node' if summary['storage_nodes'] == 1 else 'nodes'} in "
        f"{summary['racks']} racks, {summary['links']} links; {summary['power_max_kw']:,.1f} kW maximum", file=out)
    for fabric in summary["fabrics"]:
        sw = fabric["switches"]
        print(f"  {fabric['name']}: {fabric['endpoints']} endpoints, {sw['leaf']} leaf / {sw['spine']} spine / "
              f"{sw['core']} core, {fabric['leaf_spine_links']} leaf-spine links", file=out)
    if summary["uncabled"]:
        # the in-band fabric runs at the servers' fastest in-band speed; other ports are the user's to place
        print("  left uncabled (for the customer network, or to cable by hand):", file=out)
    for row in summary["uncabled"]:
        print(f"    {row['ports']} {row['group']} ports ({row['role']}, {row['speed_gbps']:g}G) "
              f"on {row['devices']} x {row['device_type']}", file=out)
    for note in summary["notes"]:
        print(f"  note: {note}", file=out)
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

    index = DesignIndex.build(design)
    load = design_load(index)
    kinds = load.count_by_kind
    grouped = fabric_links(index)
    fabrics = []
    for fabric in (fabric_counts(index, f.name, grouped.get(f.name, [])) for f in design.fabrics):
        fabrics.append({"name": fabric.name, "endpoints": fabric.endpoints, "switches": fabric.switches.as_dict(),
                        "leaf_spine_links": fabric.links.leaf_spine})
    return {
        "file": file, "name": design.name, "servers": kinds.get("server", 0), "gpus": load.gpus,
        "switches": kinds.get("switch", 0), "storage_nodes": kinds.get("storage", 0), "racks": len(design.racks),
        "links": len(design.links), "power_max_kw": round(load.power_max_kw, 3), "fabrics": fabrics,
        "uncabled": [dict(row) for row in uncabled_port_groups(design)], "notes": list(notes),
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
                                             label_scheme=args.label_scheme):
            key = ("pdf" if args.pdf and str(path) == str(Path(args.pdf)) else
                   "bom" if args.bom and str(path) == str(Path(args.bom)) else "svg")
            wrote(key, str(path), {"pdf": "proposal", "bom": "bill of materials", "svg": "SVG drawing"}[key])
    if args.json:
        _print_json({"file": args.file, "written": written})
    return 0


def _cmd_catalog(args: argparse.Namespace) -> int:
    from designer import catalog_cli

    return catalog_cli.run(args)


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

if __name__ == "__main__":
    raise SystemExit(main())
