"""All planning estimates of a design as one record: the report's ``estimates`` key is its ``as_dict()``.

``assumptions`` says every assumption behind the figures in English (a public contract);
``assumption_keys`` holds the same assumptions, in the same order, as ``{"key", "params"}``
(``designer/estimates/notes.py``) for a report in another language.

Reads the fabric analyses the checks already hold (``ctx.fabric_analysis``) and the
bill of materials the caller built, so nothing is analysed or priced twice.
"""

from __future__ import annotations

from dataclasses import replace

from designer.catalog import Catalog
from designer.catalog.software_stack import design_stack
from designer.checks.context import CheckContext
from designer.estimates.bom import Bom
from designer.estimates.collective import (
    allreduce_estimate,
    cluster_path,
    compute_oversubscription,
    main_gpu,
    model_notes,
)
from designer.estimates.nccl import cluster_system, collectives_block, nccl_allreduce, system_notes
from designer.estimates.notes import for_stack
from designer.estimates.results import PlanningEstimates
from designer.estimates.roce import roce_estimate
from designer.estimates.scaling import scaling_estimate, scaling_notes
from designer.estimates.stages import stage_figures, switch_tiers
from designer.estimates.storage import checkpoint_from_workload, storage_estimate
from designer.estimates.tco import tco_estimate
from designer.estimates.workload import catalog_fit, workload_estimate
from designer.model.loads import LoadSum
from designer.model.units import mb_to_bytes


def planning_estimates(ctx: CheckContext, catalog: Catalog, bom: Bom, load: LoadSum | None = None
                       ) -> PlanningEstimates:
    """``load``: the design's ``design_load``, when the caller has made it (the report has)."""
    design, index = ctx.design, ctx.index
    inputs = design.estimates
    analyses = [ctx.fabric_analysis(f.name) for f in design.fabrics]
    tco, tco_notes = tco_estimate(design, index, bom, load, ctx.rack_load)
    path, comm_notes = cluster_path(design, index, analyses)
    _ratio, compute_fabric = compute_oversubscription(analyses)
    storage, storage_notes = storage_estimate(ctx, inputs.storage, inputs.scaling)
    system, sharp_switches = cluster_system(design, index, path, compute_fabric)
    message_bytes = mb_to_bytes(inputs.communication.message_mb)
    allreduce = replace(allreduce_estimate(inputs.communication, path, compute_fabric),
                        nccl=nccl_allreduce(system, message_bytes))
    gpu_model, gpu_memory = main_gpu(index)
    workload, workload_notes = workload_estimate(inputs.workload, system, gpu_model, gpu_memory,
                                                 catalog_fit(inputs.workload, list(catalog.device_types.values())))
    roce, roce_notes = roce_estimate(design, index)
    # one list of notes, said in English for ``assumptions`` and kept as keys and figures for
    # ``assumption_keys`` (same order), so the proposal can say them in the reader's language
    stack = design_stack(index.type_of(device) for device in design.devices)
    notes = for_stack([
        *tco_notes,
        *model_notes(inputs.communication),
        *comm_notes,
        *scaling_notes(inputs.scaling),
        *storage_notes,
        *system_notes(system, sharp_switches),
        *workload_notes,
        *roce_notes,
    ], stack.library, path.scale_up_link, stack.is_nvidia)  # NCCL's words on NVIDIA's GPUs only
    bytes_per_checkpoint = workload["bytes_per_parameter"]["weights"] + workload["bytes_per_parameter"]["optimizer"]
    storage = replace(storage, checkpoint_from_workload=checkpoint_from_workload(
        inputs.workload.parameters_billion, bytes_per_checkpoint, storage.write_available_gbytes_s))
    return PlanningEstimates(
        currency=design.project.currency,
        notes=notes,
        tco=tco,
        allreduce=allreduce,
        collectives=collectives_block(system, message_bytes),
        scaling=scaling_estimate(inputs.scaling, path, system),
        storage=storage,
        workload=workload,
        roce=roce,
        stages=stage_figures(design, index, catalog, switch_tiers(index, analyses)),
    )
