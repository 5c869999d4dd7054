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
  Type=<model> Count=<n> File=/dev/nvidia[0-<n-1>]`` per server model, and as comments
  the ``slurm.conf`` node lines that declare the GRES (``Gres=gpu:<type>:<n>``).
- **topology/block** (slurm.schedmd.com/topology.conf.html, topology/block):
  ``BlockName=<name> Nodes=<hostlist>`` per NVLink domain (``BlockSizes`` left to its default). A domain
  spans several servers only where the design says so: the GPUs in one NVLink domain
  (``estimates.communication.scale_up_gpus``, 72 for an NVL72 rack) above a server's GPU
  count. The servers of a rack, in U order, fill domains of ``scale_up_gpus / GPUs per
  server`` nodes. Refused when there is no such domain (the tree plugin is then the one).
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

from designer.errors import ExportError
from designer.model.index import DesignIndex
from designer.report.handover.fabric_view import natural
from designer.report.handover.slurm import home_leaves, hostlist

LABEL_PREFIX = "network.topology.nvidia.com/"


@dataclass
class ScalableUnit:
    number: int
    leaf: str  # the home leaf
    servers: list[str]
    leaves: list[str]  # every leaf its servers are cabled to


def scalable_units(index: DesignIndex, what: str = "scalable units") -> tuple[object, list[ScalableUnit]]:
    fabric, home, _unplaced = home_leaves(index, what=what)
    graph = fabric.topology.graph
    leaves_of_tier = set(fabric.topology.of_tier("leaf"))
    units = []
    for n, leaf in enumerate(sorted(home, key=natural), start=1):
        servers = sorted(home[leaf], key=natural)
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
    by_type: dict[tuple[str, int], list[str]] = {}
    for device in index.design.devices:
        device_type = index.type_of(device)
        if device_type.kind == "server" and device_type.gpus is not None:
            key = (_gpu_type(device_type.gpus.model), device_type.gpus.count)
            by_type.setdefault(key, []).append(device.name)
    if not by_type:
        raise ExportError("the design has no GPU server, so there is no gres.conf to write",
                          hint="add GPU servers or leave out --gres")
    lines = [
        f"# Slurm gres.conf for {index.design.name or 'the design'}; written by Cluster Designer.",
        "# Declare the same GRES in slurm.conf (GresTypes=gpu), one line per node model:",
    ]
    for (gpu, count), nodes in sorted(by_type.items()):
        lines.append(f"#   NodeName={hostlist(nodes)} Gres=gpu:{gpu}:{count}")
    for (gpu, count), nodes in sorted(by_type.items()):
        lines.append(f"NodeName={hostlist(nodes)} Name=gpu Type={gpu} Count={count} "
                     f"File=/dev/nvidia[0-{count - 1}]" if count > 1 else
                     f"NodeName={hostlist(nodes)} Name=gpu Type={gpu} Count=1 File=/dev/nvidia0")
    return "\n".join(lines) + "\n"


def nvlink_domains(index: DesignIndex) -> list[list[str]]:
    """Servers in NVLink domains wider than one server, rack by rack in U order; [] when none."""
    domain_gpus = index.design.estimates.communication.scale_up_gpus
    if not domain_gpus:
        return []
    by_rack: dict[str, list] = {}
    for device in index.design.devices:
        device_type = index.type_of(device)
        if device_type.kind == "server" and device_type.gpu_count and domain_gpus > device_type.gpu_count:
            by_rack.setdefault(device.rack or "", []).append(device)
    domains = []
    for rack in sorted(by_rack, key=natural):
        devices = sorted(by_rack[rack], key=lambda d: (d.position_u or 0, natural(d.name)))
        per_domain = max(1, domain_gpus // index.type_of(devices[0]).gpu_count)
        for start in range(0, len(devices), per_domain):
            domains.append([d.name for d in devices[start:start + per_domain]])
    return domains


def block_conf(index: DesignIndex) -> str:
    domains = nvlink_domains(index)
    if not domains:
        raise ExportError(
            "the design has no NVLink domain wider than one server, so there is no topology/block file to write",
            hint="set estimates.communication.scale_up_gpus (e.g. 72 for NVL72 racks), or use --slurm (tree plugin)")
    lines = [
        f"# Slurm topology.conf (topology/block) for {index.design.name or 'the design'}; written by Cluster Designer.",
        f"# One block per NVLink domain of {index.design.estimates.communication.scale_up_gpus} GPUs.",
    ]
    lines += [f"BlockName=block{n} Nodes={hostlist(nodes)}" for n, nodes in enumerate(domains, start=1)]
    return "\n".join(lines) + "\n"


def node_labels(index: DesignIndex) -> dict[str, dict[str, str]]:
    fabric, units = scalable_units(index, "node labels")
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
