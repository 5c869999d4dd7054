"""The ``designer`` command's argument parser: every command, its options and their help."""

from __future__ import annotations

import argparse

from designer import __version__
from designer.errors import DesignerError


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
    p_check = poc_sub.add_parser("check", help="check nccl-tests, rccl-tests, HCCL Test, perftest and fio outputs; "
                                                            "exit 1 on a failure")
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
    new.add_argument("--switch", metavar="SLUG",
                     help="compute fabric switch, e.g. nvidia-qm9700 (needed for two servers or more)")
    new.add_argument("--server-max-kw", type=float, metavar="KW",
                     help="server maximum power where the vendor publishes none (stored as supplied by the user)")
    new.add_argument("--server-weight-kg", type=float, metavar="KG",
                     help="server weight where the vendor publishes none (stored as supplied by the user)")
    new.add_argument("--server-liquid-share", type=float, metavar="SHARE",
                     help="share of a liquid-cooled server's heat removed by liquid (0-1) where the vendor "
                          "publishes none (stored as supplied by the user)")
    new.add_argument("--server-liquid-supply-max-c", type=float, metavar="C",
                     help="the warmest coolant supply (degrees C) a liquid-cooled server takes, where the vendor "
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
    new.add_argument("--storage-oversubscription", metavar="RATIO",
                     help="storage fabric server-leaf down:up (default: the server's RA's, 4:3 for DGX "
                          "(RA-11333-001), 5:3 for DGX GB200 (RA-11338-001); storage systems at 1:1)")
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
    new.add_argument("--management-server", metavar="SLUG",
                     help="management node type (default: the one the server's reference design names, "
                          "else generic-management-server-x86)")
    new.add_argument("--management-server-weight-kg", type=float, metavar="KG",
                     help="management node weight where its type publishes none, as the default generic "
                          "server (stored as supplied by the user)")
    new.add_argument("--ufm-appliances", type=int, metavar="N",
                     help="UFM appliances per InfiniBand fabric (default 2, an HA pair; 0 for none)")
    new.add_argument("--ufm-appliance", default="nvidia-ufm-enterprise-appliance", metavar="SLUG",
                     help="UFM appliance type")
    new.add_argument("--in-rack-copper", action="store_true",
                     help="copper (DAC) between switches and to the UFM appliances where it reaches in one "
                          "rack, instead of the multimode optics the DGX SuperPOD RA cables on InfiniBand "
                          "(cheaper, less power; stored in the design's fabrics)")
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
    new.add_argument("--coolant-supply-c", type=float, metavar="C",
                     help="coolant temperature the room's CDUs supply to the racks (degrees C; --cooling liquid)")
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
