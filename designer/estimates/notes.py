"""The assumptions behind the estimates, as template keys and raw figures.

Like the findings' messages (``designer/checks/messages.py``), an estimate states what it
assumed as a ``Note``: a key of ``NOTE_TEMPLATES`` and its figures. The report renders
each note in English once, as ``estimates.assumptions`` (a list of sentences), and
carries the same notes, in the same order, as ``estimates.assumption_keys``
(``[{"key", "params"}]``), so the proposal and the window can say them in another
language without parsing figures out of English: the Chinese templates are in
``notes_zh.py``, and both are registered with ``designer.i18n`` (kind ``notes``) when this
module is imported.

Templates use the findings' formatter (``designer.i18n.templates``): ``str.format`` fields,
and ``names(items)`` for a list of names (joined ", " in English). The English sentences are a public contract:
a template here must keep rendering exactly what the report said before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from designer.i18n import Template, TemplateFormatter, names, register

__all__ = ["NOTE_TEMPLATES", "PUE_SOURCES", "Note", "english", "for_stack", "names", "note", "pue_source_english"]

# Where the cost model's PUE comes from (``tco.design_pue``); also the report's ``tco.pue_source``.
PUE_SOURCES: dict[str, str] = {
    "inputs": "cost inputs",
    "default": "assumed: no PUE given for the rooms",
    "room": "room {room}",
    "rooms": "rooms {rooms}, by load",
    "rooms_partial": "rooms {rooms}, by load; {default} assumed for {missing}",
}

NOTE_TEMPLATES: dict[str, Template] = {
    # -- cost of ownership (tco.py) --------------------------------------------
    **{f"tco.pue.{source}": "PUE {pue:.2f} (" + text + ")" for source, text in PUE_SOURCES.items()},
    "tco.energy": "energy is counted for the utilised hours at the typical power of every device; "
                  "idle draw is not counted",
    "tco.depreciation": "straight-line depreciation over {years} years, on hardware, installation and facility alike",
    "tco.maintenance": "maintenance is a share of the whole CAPEX per year",
    "tco.cloud": "the cloud alternative rents the same GPU count for the same utilised hours; its storage, network "
                 "and egress charges are not included",
    # one form for any count: the sentence predates the templates and is kept word for word
    "tco.capex_partial": "bill-of-materials parts without a price: {count}; they count as zero, so the CAPEX is partial",
    # -- the design's price list (bom.py) ----------------------------------------
    "bom.price_other_currency": "design prices in another currency than the project's {currency} are not converted: "
                                "{parts} counted as unpriced",
    "bom.price_unknown_part": "design prices for {parts}: no such part in the design or the catalog, so they price "
                              "nothing (check the slug)",
    # -- collective communication (collective.py) ------------------------------
    "allreduce.model": "all-reduce: alpha-beta model, {alpha_intra_us:g} us per step inside a server and "
                       "{alpha_inter_us:g} us across the fabric; collectives reach {link_efficiency:.0%} of the "
                       "fabric's link bandwidth; the reduction arithmetic is not counted",
    "allreduce.bandwidths": "all-reduce inside a server runs at half the GPU's bidirectional NVLink bandwidth; "
                            "between servers at the GPU's share of its server's compute ports, divided by the worst "
                            "leaf oversubscription when above 1",
    "allreduce.tree": "tree all-reduce is NCCL's pipelined double binary tree: 2 x ceil(log2 n) latency steps and "
                      "each byte twice over the slowest link",
    "allreduce.no_gpu_servers": "no GPU servers: no collective communication to estimate",
    "allreduce.nvlink_unpublished": "{part}: GPU interconnect bandwidth unpublished; taken as 0 "
                                    "(no all-reduce inside it)",
    "allreduce.no_compute_fabric": "no compute fabric: GPUs in different servers cannot exchange gradients",
    "allreduce.fabric_uncabled": "compute fabric {fabric} has no servers cabled yet: the estimates assume every "
                                 "compute port cabled at its speed, non-blocking",
    "allreduce.scale_up_domain": "NVLink domains of {domain_gpus} GPUs as the design sets them "
                                 "(estimates.communication.scale_up_gpus): {domains} domain(s) of the {gpus} GPUs "
                                 "are the collectives' nodes",
    "allreduce.scale_up_domain_rounded": "estimates.communication.scale_up_gpus = {given} does not divide the "
                                         "{gpus} GPUs ({servers} servers of {gpus_per_server}): counted as "
                                         "{domains} domain(s) of {domain_gpus} GPUs; set it to a divisor of {gpus}",
    "allreduce.mixed_servers": "several GPU server types: {gpus_per_server} GPUs per server (as {part}), "
                               "each bandwidth the slowest type's",
    # -- collectives as NCCL runs them (nccl.py) --------------------------------
    "collectives.model": "collectives as NCCL runs them (its own cost model, src/graph/tuning.cc): one ring per NIC, "
                         "{nic_achieved_gbytes_s:g} GB/s per NIC ({nic_efficiency:.0%} of its line rate; NVIDIA states "
                         "46-48 GB/s per NDR 400G NIC, nccl-tests issue 290) and {nvlink_achieved_gbytes_s:g} GB/s of "
                         "NVLink per GPU ({nvlink_efficiency:.0%} of its line rate, nccl-tests issue 212), divided by "
                         "the worst leaf oversubscription when above 1; busbw as nccl-tests defines it",
    "collectives.nvls": "NVLink SHARP (NVLS): the NVSwitches reduce; all-reduce algbw {nvls_algbw_gbytes_s:g} GB/s per "
                        "GPU (about 275 of 450 GB/s on 8 H100, a busbw of about 480 GB/s, nccl-tests issue 212)",
    "collectives.no_nvls": "no NVLink SHARP (NVLS): the GPUs are not joined by NVLink 4 or later through NVSwitches",
    "collectives.sharp": "in-network reduction (SHARP) on {switches}: the fabric reduces between the nodes; NCCL needs "
                         "the SHARP plugin and NCCL_COLLNET_ENABLE=1 for it",
    "collectives.no_sharp": "no in-network reduction (SHARP): not every switch of the compute fabric offers it",
    "collectives.all_to_all": "all-to-all reaches one NIC's bandwidth per GPU across nodes (NCCL does not aggregate "
                              "NICs for it, nccl-tests issue 267); its latency is assumed: one ring base latency and "
                              "one hop over the slowest link",
    # -- the same, on another vendor's accelerators (for_stack): NVIDIA's model and measured
    # figures, said as NVIDIA's and applied as an assumption, never claimed for RCCL or HCCL --
    "allreduce.bandwidths.other_stack": "all-reduce inside a server runs at half the GPU's bidirectional {link} "
                                        "bandwidth; between servers at the GPU's share of its server's compute "
                                        "ports, divided by the worst leaf oversubscription when above 1",
    "allreduce.tree.other_stack": "tree all-reduce is modelled as NVIDIA's NCCL pipelined double binary tree, "
                                  "assumed for {library}: 2 x ceil(log2 n) latency steps and each byte twice over "
                                  "the slowest link",
    "allreduce.scale_up_domain.other_stack": "{link} domains of {domain_gpus} GPUs as the design sets them "
                                             "(estimates.communication.scale_up_gpus): {domains} domain(s) of the "
                                             "{gpus} GPUs are the collectives' nodes",
    "collectives.model.other_stack": "collectives estimated with NVIDIA's NCCL cost model (src/graph/tuning.cc), "
                                     "applied to {library} as an assumption: one ring per NIC, "
                                     "{nic_achieved_gbytes_s:g} GB/s per NIC ({nic_efficiency:.0%} of its line rate) "
                                     "and {nvlink_achieved_gbytes_s:g} GB/s of {link} per GPU ({nvlink_efficiency:.0%} "
                                     "of its line rate), divided by the worst leaf oversubscription when above 1; "
                                     "both shares are NVIDIA's measured figures on NVIDIA hardware (46-48 GB/s per "
                                     "NDR 400G NIC, nccl-tests issue 290; NVIDIA's GPU interconnect, nccl-tests "
                                     "issue 212), not measured for {library}; busbw by nccl-tests' definition",
    "collectives.no_nvls.other_stack": "no in-switch reduction inside the {link} domain is counted (NVIDIA's NVLS "
                                       "is for NVSwitch systems)",
    "collectives.sharp.other_stack": "in-network reduction (SHARP) on {switches}: the fabric reduces between the "
                                     "nodes, as NVIDIA documents it for its own library; whether {library} uses it "
                                     "is not stated here",
    "collectives.all_to_all.other_stack": "all-to-all reaches one NIC's bandwidth per GPU across nodes (as NVIDIA's "
                                          "NCCL does, nccl-tests issue 267; assumed for {library}); its latency is "
                                          "assumed: one ring base latency and one hop over the slowest link",
    # -- sizing from the workload (workload.py) --------------------------------
    "workload.model": "workload sizing: model states {bytes_per_parameter:g} bytes per parameter (ZeRO, Rajbhandari "
                      "et al. 2020), activations as Korthikanti et al. 2022, training FLOPs 6 x parameters x tokens "
                      "(Kaplan et al. 2020), at {mfu:.0%} model FLOPs utilisation (Llama 3 reached 38-43% on H100)",
    "workload.shape_derived": "model shape derived from the parameter count: {layers} layers, hidden size "
                              "{hidden_size}, {attention_heads} attention heads",
    "workload.peak_unknown": "{gpu}: peak dense FLOPS unknown; enter workload.peak_tflops_per_gpu for the time to "
                             "train",
    "workload.layout": "parallel layout: tensor {tensor_parallel} x pipeline {pipeline_parallel} x data "
                       "{data_parallel}",
    "workload.memory_unknown": "{gpu}: GPU memory unknown, so whether the model fits is unknown; the layout is the "
                               "smallest the other rules allow",
    "workload.layout_exceeds_design": "the parallel layout tensor {tensor_parallel} x pipeline {pipeline_parallel} x "
                                      "data {data_parallel} needs {gpus_needed:,} GPUs and the design has {gpus:,}: no "
                                      "step time or time to train is stated",
    "workload.gpus_idle": "the layout uses {gpus_used:,} of the {gpus:,} GPUs: data parallelism {data_parallel_all:,} "
                          "would not divide the global batch of {global_batch:,} sequences (micro-batch "
                          "{micro_batch}); a global batch of {global_batch_all:,} would use {gpus_all:,} GPUs",
    "workload.rule.heads": "tensor parallelism {tensor_parallel} does not divide the {attention_heads} attention heads "
                           "(Megatron-LM needs it to)",
    "workload.rule.sequence": "tensor parallelism {tensor_parallel} does not divide the sequence length "
                              "{sequence_length} (sequence parallelism splits the sequence over the tensor-parallel "
                              "ranks)",
    "workload.rule.layers": "pipeline parallelism {pipeline_parallel} does not divide the {layers} layers "
                            "(Megatron-LM puts as many layers in every stage)",
    "workload.rule.batch": "the global batch of {global_batch:,} sequences is not a multiple of data parallelism "
                           "{data_parallel:,} x micro-batch {micro_batch} (Megatron-LM needs it to)",
    # -- lossless RoCE v2 (roce.py) ---------------------------------------------
    "roce.headroom": "PFC headroom per port and lossless priority: 2 x {mtu_bytes} bytes + twice the cable's delay "
                     "({cable_delay_ns_per_m:g} ns per m) at the link rate + the PAUSE frame and the IEEE 802.3 "
                     "response time, summed per switch",
    "roce.buffer_unpublished": "{parts}: packet buffer not in the catalog; enter it in roce.switch_buffer_mb to "
                               "compare the headroom with it",
    "roce.response_unknown": "no PAUSE response time for {speeds} ports: their headroom is not counted",
    "roce.no_length": "{count} RoCE switch ports have no cable length: counted as 0 m",
    # -- data-parallel scaling (scaling.py) ------------------------------------
    "scaling.weak": "scaling is weak scaling: {step_compute_s:g} s of compute per step at any size, "
                    "{overlap:.0%} of the all-reduce hidden behind it; an oversubscription ratio applies at "
                    "every multi-server point",
    # -- storage (storage.py) --------------------------------------------------
    "storage.tiers": "capacity tiers: hot = dataset x hot share + checkpoints kept; warm = rest of the dataset; "
                     "cold = archive copies x (dataset + checkpoints kept)",
    "storage.tiers_unset": "no per-node storage read tiers entered: the SuperPOD RA's Good / Better / Best table "
                           "(RA-11333-001 Table 6) was not available to transcribe with its source; enter its figures "
                           "in storage.read_tiers_per_node_gbytes_s",
    "storage.read_unpublished": "storage read bandwidth unpublished for {parts}: counted as 0",
    "storage.write_unpublished": "storage write bandwidth unpublished for {parts}: checkpoint time unknown",
}


@dataclass(frozen=True)
class Note:
    """One assumption of the estimates: a key of ``NOTE_TEMPLATES`` and its raw figures
    (JSON values: numbers, strings and ``names`` lists)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def english(self) -> str:
        return english(self.key, self.params)

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


def note(key: str, **params: Any) -> Note:
    if key not in NOTE_TEMPLATES:
        raise KeyError(f"estimate note {key!r} is not in designer.estimates.notes.NOTE_TEMPLATES")
    return Note(key, params)


# the notes that say NVIDIA's words, and their form on another vendor's accelerators
OTHER_STACK = "other_stack"
STACK_NOTES = ("allreduce.bandwidths", "allreduce.tree", "allreduce.scale_up_domain", "collectives.model",
               "collectives.no_nvls", "collectives.sharp", "collectives.all_to_all")


def for_stack(notes: list[Note], library: str, link: str | None, nvidia: bool) -> list[Note]:
    """The notes as said for the design's accelerators (``designer/catalog/software_stack.py``):
    unchanged on NVIDIA's; elsewhere the notes that name NCCL or NVLink take their
    ``.other_stack`` form, with the collective library and the scale-up link's name."""
    if nvidia:
        return notes
    extra = {"library": library, "link": link or "scale-up"}
    return [Note(f"{n.key}.{OTHER_STACK}", {**n.params, **extra}) if n.key in STACK_NOTES else n for n in notes]


_ENGLISH = TemplateFormatter()


def english(key: str, params: dict[str, Any]) -> str:
    return _ENGLISH.render(NOTE_TEMPLATES[key], params)


def pue_source_english(source: str, params: dict[str, Any]) -> str:
    return _ENGLISH.render(PUE_SOURCES[source], params)


# The assumptions in both languages, registered with the translator (designer/i18n).
from designer.estimates.notes_zh import ESTIMATE_NOTES_ZH  # noqa: E402

register("estimates.notes", {key: {"en": template, "zh": ESTIMATE_NOTES_ZH.get(key)}
                             for key, template in NOTE_TEMPLATES.items()}, kind="notes")
