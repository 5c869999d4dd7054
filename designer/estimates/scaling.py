"""Data-parallel scaling: how much of each added server's compute turns into training.

Weak scaling: every GPU computes a step of the same size whatever the server count,
then the gradients (parameters x bytes per gradient) are all-reduced with the fastest
algorithm of ``collective``:

    step = compute + (1 - overlap) x allreduce(gradient bytes)
    efficiency = compute / step

The curve runs from 1 server through the powers of two to the design's server count,
at the fabric's measured leaf oversubscription and, for comparison, at 1:1 and 2:1.
A ratio applies at every multi-server point, as if the servers always sat on
different leaves (the worst placement a scheduler can give a job).
"""

from __future__ import annotations

from dataclasses import replace

from designer.estimates.collective import CommPath, allreduce_times_s, fastest
from designer.estimates.nccl import NcclSystem, best
from designer.estimates.notes import Note, note
from designer.estimates.results import NcclEfficiency, ScalingEstimate, ScalingPoint
from designer.model.estimates import ScalingInputs
from designer.model.units import BYTES_PER_MB, from_billions


def node_counts(nodes: int) -> list[int]:
    """1, 2, 4, ... up to ``nodes``, and ``nodes`` itself."""
    if nodes < 1:
        return []
    counts = []
    n = 1
    while n <= nodes:
        counts.append(n)
        n *= 2
    if counts[-1] != nodes:
        counts.append(nodes)
    return counts


def step_s(compute_s: float, allreduce_s: float, overlap: float) -> float:
    return compute_s + (1.0 - overlap) * allreduce_s


def efficiency(
    path: CommPath, gradient_bytes: float, compute_s: float, overlap: float
) -> tuple[float | None, str | None]:
    """(efficiency, algorithm) of one step on ``path``; None when the all-reduce cannot be estimated."""
    times = allreduce_times_s(path, gradient_bytes)
    best = fastest(times)
    if best is None:
        return None, None
    return compute_s / step_s(compute_s, times[best], overlap), best


def scaling_notes(inputs: ScalingInputs) -> list[Note]:
    return [note("scaling.weak", step_compute_s=inputs.step_compute_s, overlap=inputs.overlap)]


def nccl_efficiency(system: NcclSystem | None, nodes: int, gradient_bytes: float, compute_s: float,
                    overlap: float) -> tuple[float | None, str | None]:
    """(efficiency, algorithm) with the all-reduce as NCCL runs it (``nccl.py``) on ``nodes``."""
    if system is None:
        return None, None
    sized = replace(system, nodes=nodes, sharp=system.sharp and nodes > 1)
    if sized.ranks <= 1:
        return 1.0, None
    pick = best(sized, "all_reduce", gradient_bytes)
    if pick is None:
        return None, None
    return compute_s / step_s(compute_s, pick[2], overlap), pick[0]


def scaling_estimate(inputs: ScalingInputs, path: CommPath, system: NcclSystem | None = None) -> ScalingEstimate:
    """The report's ``scaling`` block; with ``system`` each point also says its efficiency with
    the all-reduce as NCCL runs it (``efficiency_nccl``, ``algorithm_nccl``)."""
    gradient_bytes = from_billions(inputs.model_parameters_billion) * inputs.bytes_per_gradient
    points = []
    for nodes in node_counts(path.nodes):
        measured, algorithm = efficiency(path.at(nodes=nodes), gradient_bytes, inputs.step_compute_s, inputs.overlap)
        one, _ = efficiency(path.at(nodes=nodes, oversubscription=1.0), gradient_bytes, inputs.step_compute_s,
                            inputs.overlap)
        two, _ = efficiency(path.at(nodes=nodes, oversubscription=2.0), gradient_bytes, inputs.step_compute_s,
                            inputs.overlap)
        by_nccl = None
        if system is not None and system.gpus_per_node == path.gpus_per_node:
            nccl, nccl_algorithm = nccl_efficiency(system, nodes, gradient_bytes, inputs.step_compute_s,
                                                   inputs.overlap)
            by_nccl = NcclEfficiency(_r(nccl), nccl_algorithm)
        points.append(ScalingPoint(
            nodes=nodes,
            gpus=nodes * path.gpus_per_node,
            algorithm=algorithm,
            efficiency=_r(measured),
            efficiency_1to1=_r(one),
            efficiency_2to1=_r(two),
            nccl=by_nccl,
        ))
    return ScalingEstimate(
        model_parameters_billion=inputs.model_parameters_billion,
        bytes_per_gradient=inputs.bytes_per_gradient,
        gradient_mb=round(gradient_bytes / BYTES_PER_MB, 3),
        step_compute_s=inputs.step_compute_s,
        overlap=inputs.overlap,
        oversubscription=round(path.oversubscription, 3),
        points=points,
    )


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 4)
