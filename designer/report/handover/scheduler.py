"""What the schedulers and the bring-up tools need beyond ``topology.conf``.

- **Scalable units.** A scalable unit (SU) is the servers that share a home leaf (the leaf
  ``slurm.home_leaves`` puts them under; in a rail-optimized fabric a unit's servers all
  reach the same rail leaves), numbered from 1 in the order of those leaves' names. The
  unit's switches are the leaves its servers are cabled to.
- **UFM rack-to-SU CSV.** NVIDIA UFM Cable Validation Tool, "Optional Files": a CSV that
  maps racks to layout categories named by its column headers (the example maps racks to
  SUs, line units, rows and data halls). Columns here: ``Rack``, ``SU``, ``Row``, ``DH``
  (the room); a rack is in the SU of most of its servers, a network rack in the SU of most
  of its leaves, blank when it holds neither.
- **gres.conf** (slurm.schedmd.com/gres.conf.html): ``NodeName=<hostlist> Name=gpu
  Type=<model> Count=<n> File=/dev/nvidia[0-<n-1>]`` per GPU model and count, and as comments
  the ``slurm.conf`` node lines that declare the GRES (``Gres=gpu:<type>:<n>``). A node is a
  Slurm host (``slurm.gpu_hosts``): a GPU server, or each compute tray of a rack-scale system
  (an NVL72's 18 trays of 4 GPUs, ``node001-tray[01-18]``), never the 72-GPU rack as one node.
- **topology/block** (slurm.schedmd.com/topology.conf.html, topology/block):
  ``BlockName=<name> Nodes=<hostlist>`` per NVLink domain (``BlockSizes`` left to its default:
  the base block and its power-of-two multiples). A domain is the report's scale-up domain
  (``scale_up``: the catalog's ``gpus.scale_up_domain``, 72 for an NVL72 rack), or
  ``estimates.communication.scale_up_gpus`` where the design sets it; it makes blocks where it
  is wider than one host. The hosts of a rack, in U and tray order, fill domains of ``domain
  GPUs / GPUs per host`` nodes: one block of 18 trays per NVL72. Refused when there is no
  such domain (8-GPU servers: the tree plugin is then the one).
- **Kubernetes node labels** for topology-aware scheduling, with the keys of NVIDIA's
  Topograph (github.com/NVIDIA/topograph, docs/k8s.md):
  ``network.topology.nvidia.com/accelerator`` (the NVLink domain: the block name, else the
  server itself), ``.../leaf`` (its home leaf), ``.../spine`` (its pod), ``.../core``
  (the fabric's core), plus ``.../scalable-unit``. A YAML or JSON map
  ``{node: {label: value}}``, to apply with ``kubectl label``.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from dataclasses import dataclass

from designer.catalog.software_stack import stack_for_type
from designer.errors import ExportError
from designer.fabric.scale_up import interconnect_name
from designer.model.index import DesignIndex
from designer.report.handover.fabric_view import natural
from designer.report.handover.slurm import Host, gpu_hosts, home_leaves, host_leaf_links, hostlist

LABEL_PREFIX = "network.topology.nvidia.com/"


@dataclass
class ScalableUnit:
    number: int
    leaf: str  # the home leaf
    servers: list[str]
    leaves: list[str]  # every leaf its servers are cabled to


def scalable_units(index: DesignIndex, what: str = "scalable units", *,
                   trays: bool = False) -> tuple[object, list[ScalableUnit]]:
    """The units of servers (``trays``: of Slurm nodes, a rack-scale system's compute trays)."""
    fabric, home, _unplaced = home_leaves(index, what=what, trays=trays)
    graph = fabric.topology.graph
    leaves_of_tier = set(fabric.topology.of_tier("leaf"))
    tray_leaves = host_leaf_links(index, fabric, gpu_hosts(index)) if trays else {}
    units = []
    for n, leaf in enumerate(sorted(home, key=natural), start=1):
        servers = sorted(home[leaf], key=natural)
        if trays:
            leaves = sorted({s for server in servers for s in tray_leaves.get(server, {})}, key=natural)
        else:
            leaves = sorted({s for server in servers for s in graph.endpoint_switches.get(server, [])
                             if s in leaves_of_tier}, key=natural)
        units.append(ScalableUnit(n, leaf, servers, leaves))
    if not units:
        raise ExportError(f"no GPU server is cabled to the {fabric.name} fabric, so there are no {what}",
                          hint="cable the servers' compute ports (designer new does)")
    return fabric, units


def rack_su_csv(index: DesignIndex) -> bytes:
    _fabric, units = scalable_units(index, "scalable units for the rack-to-SU file")
    votes: dict[str, Counter] = {}
    for unit in units:
        for name in (*unit.servers, *unit.leaves):
            rack = index.devices[name].rack
            if rack:
                votes.setdefault(rack, Counter())[unit.number] += 1
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Rack", "SU", "Row", "DH"])
    racks = sorted(index.design.racks, key=lambda r: (natural(r.room), natural(r.row), natural(r.name)))
    for rack in racks:
        counts = votes.get(rack.name)
        su = ""
        if counts:
            best = max(counts.values())
            su = f"SU{min(n for n, c in counts.items() if c == best)}"
        writer.writerow([rack.name, su, rack.row, rack.room])
    return out.getvalue().encode("utf-8")


def _gpu_type(model: str) -> str:
    text = "".join(ch if ch.isalnum() else "_" for ch in model.lower()).strip("_")
    return text or "gpu"


def gres_conf(index: DesignIndex) -> str:
    types = {d.name: index.type_of(d) for d in index.design.devices}
    by_type: dict[tuple[str, int], list[str]] = {}
    vendor_of: dict[tuple[str, int], str] = {}  # each model's accelerator vendor (its device files)
    trays = False
    for host in gpu_hosts(index):
        gpus = types[host.device].gpus
        assert gpus is not None  # a GPU server's
        key = (_gpu_type(gpus.model), host.gpus)
        by_type.setdefault(key, []).append(host.name)
        vendor_of.setdefault(key, stack_for_type(types[host.device]).vendor)
        trays = trays or host.tray is not None
    if not by_type:
        raise ExportError("the design has no GPU server, so there is no gres.conf to write",
                          hint="add GPU servers or leave out --gres")
    lines = [
        f"# Slurm gres.conf for {index.design.name or 'the design'}; written by Cluster Designer.",
        "# Declare the same GRES in slurm.conf (GresTypes=gpu), one line per node model:",
    ]
    if trays:
        lines.insert(1, "# A rack-scale system's nodes are its compute trays (<system>-trayNN), each with its GPUs.")
    for (gpu, count), nodes in sorted(by_type.items()):
        lines.append(f"#   NodeName={hostlist(nodes)} Gres=gpu:{gpu}:{count}")
    # the device files are NVIDIA's /dev/nvidiaN; AMD GPUs are found by Slurm's RSMI plugin
    # ("AutoDetect=rsmi enables autodetection of AMD GPUs through their proprietary RSMI
    # library", slurm.schedmd.com/gres.html), which fills in their files; no Slurm plugin
    # detects Huawei Ascend NPUs, and their device files are not in our sources: count only
    vendors = set(vendor_of.values())
    if "amd" in vendors:
        lines.append("# AMD GPUs: Slurm's RSMI plugin finds their device files; check that the Type below is the one "
                     "it reports (slurmd -G).")
        lines.append("AutoDetect=rsmi")
    if "huawei" in vendors:
        lines.append("# Ascend NPUs: counts only (no Slurm plugin detects them); add File= with the NPU device files "
                     "of the Ascend driver to bind jobs to NPUs.")
    for (gpu, count), nodes in sorted(by_type.items()):
        head = f"NodeName={hostlist(nodes)} Name=gpu Type={gpu} Count={count}"
        if vendor_of[(gpu, count)] != "nvidia":
            lines.append(head)
        else:
            lines.append(f"{head} File=/dev/nvidia[0-{count - 1}]" if count > 1 else f"{head} File=/dev/nvidia0")
    return "\n".join(lines) + "\n"


def domain_gpus(index: DesignIndex, device_type) -> int:
    """GPUs in one NVLink domain of ``device_type``'s hosts: the design's
    ``estimates.communication.scale_up_gpus`` where set, else the report's scale-up domain
    (``device_type.scale_up_gpus``: 72 for an NVL72, 8 for an HGX server)."""
    return index.design.estimates.communication.scale_up_gpus or device_type.scale_up_gpus


def nvlink_domains(index: DesignIndex) -> list[list[str]]:
    """Hosts in NVLink domains wider than one host, rack by rack in U (and tray) order; [] when
    none. An NVL72 rack is one domain of its 18 compute trays."""
    devices = index.devices
    by_rack: dict[str, list[tuple[Host, int]]] = {}
    for host in gpu_hosts(index):
        device = devices[host.device]
        gpus = domain_gpus(index, index.type_of(device))
        if gpus > host.gpus:
            by_rack.setdefault(device.rack or "", []).append((host, gpus))
    domains = []
    for rack in sorted(by_rack, key=natural):
        hosts = sorted(by_rack[rack], key=lambda h: (devices[h[0].device].position_u or 0,
                                                       natural(h[0].device), h[0].tray or 0))
        per_domain = max(1, hosts[0][1] // hosts[0][0].gpus)
        for start in range(0, len(hosts), per_domain):
            domains.append([h.name for h, _gpus in hosts[start:start + per_domain]])
    return domains


def block_conf(index: DesignIndex) -> str:
    domains = nvlink_domains(index)
    if not domains:
        raise ExportError(
            "the design has no NVLink domain wider than one server, so there is no topology/block file to write",
            hint="servers joined by an external NVLink switch system: set estimates.communication.scale_up_gpus "
                 "to the GPUs in one domain; otherwise use --slurm (tree plugin)")
    types = {d.device_type: index.type_of(d) for d in index.design.devices if index.type_of(d).is_gpu_server}
    sizes = sorted({domain_gpus(index, t) for t in types.values()})
    # the domain's links as its catalog entry names them (HCCS for Ascend, Infinity Fabric for AMD)
    links = sorted({interconnect_name(t.gpus.interconnect if t.gpus else None) or "scale-up" for t in types.values()})
    chips = sorted({stack_for_type(t).accelerator + "s" for t in types.values()})  # an Ascend's are NPUs
    lines = [
        f"# Slurm topology.conf (topology/block) for {index.design.name or 'the design'}; written by Cluster Designer.",
        f"# One block per {'/'.join(links)} domain of {'/'.join(str(n) for n in sizes)} {'/'.join(chips)}"
        " (a rack-scale system: its compute trays).",
    ]
    lines += [f"BlockName=block{n} Nodes={hostlist(nodes)}" for n, nodes in enumerate(domains, start=1)]
    return "\n".join(lines) + "\n"


def node_labels(index: DesignIndex) -> dict[str, dict[str, str]]:
    fabric, units = scalable_units(index, "node labels", trays=True)
    topo = fabric.topology
    homes = {unit.leaf for unit in units}
    pods = [p for p in topo.pods if p & homes] or [homes]
    pod_of: dict[str, int] = {}
    # numbered as topology.conf numbers its pod switches (slurm.topology_conf)
    for n, pod in enumerate(sorted(pods, key=lambda p: natural(min(p & homes, key=natural))), start=1):
        for leaf in pod:
            pod_of[leaf] = n
    block_of = {name: f"block{n}" for n, nodes in enumerate(nvlink_domains(index), start=1) for name in nodes}
    has_core = bool(topo.of_tier("core"))
    labels: dict[str, dict[str, str]] = {}
    for unit in units:
        home = unit.leaf
        for server in unit.servers:
            entry = {
                LABEL_PREFIX + "accelerator": block_of.get(server, server),
                LABEL_PREFIX + "leaf": home,
                LABEL_PREFIX + "spine": f"{fabric.name}-pod{pod_of.get(home, 1)}",
                LABEL_PREFIX + "scalable-unit": f"su{unit.number}",
            }
            if has_core:
                entry[LABEL_PREFIX + "core"] = f"{fabric.name}-core"
            labels[server] = entry
    return {name: labels[name] for name in sorted(labels, key=natural)}


def node_labels_text(index: DesignIndex, as_json: bool) -> str:
    labels = node_labels(index)
    if as_json:
        return json.dumps(labels, indent=2, ensure_ascii=False) + "\n"
    import yaml

    header = ("# Kubernetes node labels for topology-aware scheduling (NVIDIA Topograph keys);\n"
              "# written by Cluster Designer. Apply with: kubectl label node NODE KEY=VALUE ...\n")
    return header + yaml.safe_dump(labels, sort_keys=False, allow_unicode=True)
