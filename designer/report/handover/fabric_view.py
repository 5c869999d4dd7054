"""The compute fabric as the hand-over files see it: its switches by tier, its pods and
each link with both ends. Shared by the Slurm, UFM and DOT writers."""

from __future__ import annotations

import re
from dataclasses import dataclass

from designer.errors import ExportError
from designer.fabric.graph import build_fabric_graph, fabric_links
from designer.fabric.topology import Topology, build_topology
from designer.model.index import DesignIndex


@dataclass
class ComputeFabric:
    name: str
    protocol: str
    topology: Topology


def compute_fabrics(index: DesignIndex, what: str) -> list[ComputeFabric]:
    """Every compute fabric (a plane per fabric), in name order; refuses a design without one."""
    grouped = fabric_links(index)
    found = []
    for fabric in sorted(index.design.fabrics, key=lambda f: natural(f.name)):
        if fabric.role != "compute":
            continue
        graph = build_fabric_graph(index, fabric.name, grouped.get(fabric.name, []))
        found.append(ComputeFabric(fabric.name, fabric.protocol, build_topology(index, graph)))
    if not found:
        raise ExportError(f"the design has no compute fabric, so there is no {what} to write",
                          hint="add a fabric with role compute (designer new builds one)")
    return found


def natural(text: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))
