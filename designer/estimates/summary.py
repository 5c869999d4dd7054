"""All planning estimates of a design as one dict: the report's ``estimates`` key.

Reads the fabric analyses the checks already hold (``ctx.fabric_analysis``) and the
bill of materials the caller built, so nothing is analysed or priced twice.
"""

from __future__ import annotations

from typing import Any

from designer.catalog import Catalog
from designer.checks.context import CheckContext
from designer.estimates.bom import Bom
from designer.estimates.collective import allreduce_estimate, cluster_path, compute_oversubscription
from designer.estimates.scaling import scaling_estimate
from designer.estimates.stages import stage_figures, switch_tiers
from designer.estimates.storage import storage_estimate
from designer.estimates.tco import tco_estimate


def planning_estimates(ctx: CheckContext, catalog: Catalog, bom: Bom) -> dict[str, Any]:
    design, index = ctx.design, ctx.index
    inputs = design.estimates
    analyses = [ctx.fabric_analysis(f.name) for f in design.fabrics]
    tco, tco_notes = tco_estimate(design, index, bom)
    path, comm_notes = cluster_path(design, index, analyses)
    _ratio, compute_fabric = compute_oversubscription(analyses)
    storage, storage_notes = storage_estimate(ctx, inputs.storage, inputs.scaling)
    comm = inputs.communication
    assumptions = [
        *tco_notes,
        f"all-reduce: alpha-beta model, {comm.alpha_intra_us:g} us per step inside a server and "
        f"{comm.alpha_inter_us:g} us across the fabric; collectives reach {comm.link_efficiency:.0%} of the "
        "fabric's link bandwidth; the reduction arithmetic is not counted",
        "all-reduce inside a server runs at half the GPU's bidirectional NVLink bandwidth; between servers at "
        "the GPU's share of its server's compute ports, divided by the worst leaf oversubscription when above 1",
        "tree all-reduce is NCCL's pipelined double binary tree: 2 x ceil(log2 n) latency steps and each byte "
        "twice over the slowest link",
        *comm_notes,
        f"scaling is weak scaling: {inputs.scaling.step_compute_s:g} s of compute per step at any size, "
        f"{inputs.scaling.overlap:.0%} of the all-reduce hidden behind it; an oversubscription ratio applies at "
        "every multi-server point",
        *storage_notes,
    ]
    return {
        "currency": design.project.currency,
        "assumptions": assumptions,
        "tco": tco,
        "allreduce": allreduce_estimate(inputs.communication, path, compute_fabric),
        "scaling": scaling_estimate(inputs.scaling, path),
        "storage": storage,
        "stages": stage_figures(design, index, catalog, switch_tiers(index, analyses)),
    }
