"""The estimates' assumptions: English sentences (``estimates.assumptions``, a public
contract) and the same notes as keys and figures (``estimates.assumption_keys``), said in
English or Chinese from those keys, so the two never drift."""

from __future__ import annotations

import json
import re
import string

import pytest

from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.notes import NOTE_TEMPLATES, PUE_SOURCES
from designer.estimates.summary import planning_estimates
from designer.fabric.generate import GenerateSpec, generate
from designer.model import Device, DeviceType, GpuSpec, PortGroup, PowerSpec, Room, StorageSpec
from designer.model.estimates import DesignPrice, WorkloadInputs
from designer.model.io import load_design
from designer.i18n import Translator
from designer.estimates.notes_zh import ESTIMATE_NOTES_ZH, PUE_SOURCES_ZH
from designer.resources import example_design
from factories import SOURCE, server_type, small_design

CJK = re.compile(r"[\u4e00-\u9fff]")


def _two_rooms(second_pue: float | None):
    design = small_design()
    design.site.rooms[0].pue = 1.25
    design.site.rooms.append(Room(name="Hall 2", width_mm=12000, depth_mm=8000, pue=second_pue))
    design.racks[1].room = "Hall 2"
    return design


def _inputs():
    design = small_design()
    design.estimates.cost.pue = 1.15
    design.estimates.cost.depreciation_years = 4
    design.estimates.communication.alpha_inter_us = 4.5
    design.estimates.communication.link_efficiency = 0.85
    design.estimates.scaling.step_compute_s = 0.25
    design.estimates.scaling.overlap = 0.5
    return design


def _no_gpus():
    design = small_design()
    design.devices = [d for d in design.devices if d.name == "leaf1"]
    design.links = []
    return design


def _no_compute_fabric():
    design = small_design()
    design.fabrics[0].role = "storage"
    return design


def _mixed_servers():
    design = small_design()
    other = server_type("test-server-b").model_copy(
        update={"gpus": GpuSpec(count=4, model="GPU", memory_gb=80, interconnect_bidir_gbytes_s=600)})
    design.device_types.append(other)
    design.devices[1] = design.devices[1].model_copy(update={"device_type": "test-server-b"})
    return design


def _storage_unpublished():
    design = small_design()
    design.device_types.append(DeviceType(
        slug="test-storage", manufacturer="Test", model="Storage", kind="storage", u_height=2,
        power=PowerSpec(max_w=2000), storage=StorageSpec(read_gbytes_s=None, write_gbytes_s=None),
        port_groups=[PortGroup(name="data", prefix="d", count=2, speed_gbps=200, role="storage")], source=SOURCE,
    ))
    design.devices.append(Device(name="st1", device_type="test-storage", rack="R02", position_u=30))
    return design


def _uncabled(catalog):
    design = load_design(example_design(), catalog)
    design.links = [link for link in design.links if link.fabric != "compute"]
    return design


def _roce(catalog):
    # issue 12: a RoCE v2 fabric, one cable without a length and no response time for 400 GbE
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-sn5600"), catalog)
    first = next(i for i, link in enumerate(design.links) if link.fabric == "compute")
    design.links[first] = design.links[first].model_copy(update={"length_m": None})
    design.estimates.roce.response_bits_by_speed_gbps = {"100": 201728.0}
    return design


def _price_list():
    # review 44: a design price in another currency, and one for a slug nothing has
    design = small_design()
    design.estimates.cost.prices = {"test-server": DesignPrice(amount=5, currency="EUR"),
                                    "nope-slug": DesignPrice(amount=5)}
    return design


def _layout_given(**layout):
    # review 44: a layout the user gave (Llama 2 7B's shape on the 32 GPUs of small_design)
    design = small_design()
    design.estimates.workload = WorkloadInputs(layers=32, hidden_size=4096, attention_heads=32, **layout)
    return design


def _memory_unknown():
    design = small_design()
    server = design.device_types[0]
    design.device_types[0] = server.model_copy(update={"gpus": server.gpus.model_copy(update={"memory_gb": None})})
    return design


SCENARIOS = {
    "example": lambda catalog: load_design(example_design(), catalog),
    "small": lambda catalog: small_design(),
    "two_rooms_one_pue": lambda catalog: _two_rooms(None),
    "two_rooms": lambda catalog: _two_rooms(1.5),
    "inputs": lambda catalog: _inputs(),
    "no_gpus": lambda catalog: _no_gpus(),
    "no_compute_fabric": lambda catalog: _no_compute_fabric(),
    "mixed": lambda catalog: _mixed_servers(),
    "storage_unpublished": lambda catalog: _storage_unpublished(),
    "uncabled": _uncabled,
    "roce": _roce,
    "price_list": lambda catalog: _price_list(),
    # every rule broken, and 3 x 5 x 7 = 105 GPUs of 32
    "layout_rules": lambda catalog: _layout_given(tensor_parallel=3, pipeline_parallel=5, data_parallel=7),
    # TP 2 fits; DP 16 does not divide 1,000 sequences: DP 10 on 20 GPUs
    "gpus_idle": lambda catalog: small_design_with_batch(1000),
    "memory_unknown": lambda catalog: _memory_unknown(),
    # servers joined into 16-GPU NVLink domains (an external NVLink switch system)
    "scale_up_domain": lambda catalog: _scale_up_domain(16),
    # a domain that does not divide the GPUs: the largest of whole servers that does (review 54)
    "scale_up_rounded": lambda catalog: _scale_up_domain(12),
    # the example on another vendor's GPUs (AMD Instinct, Infinity Fabric): the notes naming NCCL or
    # NVLink take their ``.other_stack`` form (designer/catalog/software_stack.py)
    "other_stack": lambda catalog: _other_stack(catalog),
}


def _other_stack(catalog):
    design = load_design(example_design(), catalog)
    design.device_types = [t.model_copy(update={"gpus": t.gpus.model_copy(update={
        "model": "AMD Instinct MI300X", "interconnect": "AMD Infinity Fabric (XGMI)"})}) if t.gpus else t
        for t in design.device_types]
    design.estimates.communication.scale_up_gpus = 16
    return design


def _scale_up_domain(gpus: int):
    design = small_design()
    design.estimates.communication.scale_up_gpus = gpus
    return design


def small_design_with_batch(sequences: int):
    design = small_design()
    design.estimates.workload = WorkloadInputs(layers=32, hidden_size=4096, attention_heads=32,
                                               global_batch_sequences=sequences)
    return design


@pytest.fixture(scope="module")
def estimates(typed_estimates):
    """Each scenario's ``estimates``, through JSON as a script (or the PDF export) reads them."""
    return {name: json.loads(json.dumps(block.as_dict())) for name, block in typed_estimates.items()}


@pytest.fixture(scope="module")
def typed_estimates(catalog):
    """Each scenario's estimates as ``planning_estimates`` returns them (the window's panel reads these)."""
    out = {}
    for name, make in SCENARIOS.items():
        design = make(catalog)
        checker = Checker(design, catalog.cabling)
        out[name] = planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))
    return out


# The sentences the report said before the assumptions had keys, word for word (the contract).
COMMON = [
    "energy is counted for the utilised hours at the typical power of every device; idle draw is not counted",
    "maintenance is a share of the whole CAPEX per year",
    "the cloud alternative rents the same GPU count for the same utilised hours; its storage, network and egress "
    "charges are not included",
    "all-reduce inside a server runs at half the GPU's bidirectional NVLink bandwidth; between servers at the GPU's "
    "share of its server's compute ports, divided by the worst leaf oversubscription when above 1",
    "tree all-reduce is NCCL's pipelined double binary tree: 2 x ceil(log2 n) latency steps and each byte twice over "
    "the slowest link",
    "capacity tiers: hot = dataset x hot share + checkpoints kept; warm = rest of the dataset; cold = archive copies "
    "x (dataset + checkpoints kept)",
]
DEFAULT_MODEL = ("all-reduce: alpha-beta model, 2 us per step inside a server and 6 us across the fabric; collectives "
                 "reach 90% of the fabric's link bandwidth; the reduction arithmetic is not counted")
DEFAULT_SCALING = ("scaling is weak scaling: 1 s of compute per step at any size, 0% of the all-reduce hidden behind "
                   "it; an oversubscription ratio applies at every multi-server point")
DEPRECIATION_5 = "straight-line depreciation over 5 years, on hardware, installation and facility alike"
NO_NVLINK = "test-server: GPU interconnect bandwidth unpublished; taken as 0 (no all-reduce inside it)"
PARTICULAR = {
    "example": ["PUE 1.30 (room Hall 1)", DEPRECIATION_5, DEFAULT_MODEL, DEFAULT_SCALING],
    "small": ["PUE 1.30 (assumed: no PUE given for the rooms)", NO_NVLINK],
    "two_rooms_one_pue": ["PUE 1.27 (rooms Hall 1, Hall 2, by load; 1.3 assumed for Hall 2)"],
    "two_rooms": ["PUE 1.37 (rooms Hall 1, Hall 2, by load)"],
    "inputs": [
        "PUE 1.15 (cost inputs)",
        "straight-line depreciation over 4 years, on hardware, installation and facility alike",
        "all-reduce: alpha-beta model, 2 us per step inside a server and 4.5 us across the fabric; collectives reach "
        "85% of the fabric's link bandwidth; the reduction arithmetic is not counted",
        "scaling is weak scaling: 0.25 s of compute per step at any size, 50% of the all-reduce hidden behind it; an "
        "oversubscription ratio applies at every multi-server point",
    ],
    "no_gpus": ["no GPU servers: no collective communication to estimate"],
    "no_compute_fabric": ["no compute fabric: GPUs in different servers cannot exchange gradients", NO_NVLINK],
    "mixed": ["several GPU server types: 8 GPUs per server (as test-server), each bandwidth the slowest type's"],
    "storage_unpublished": ["storage read bandwidth unpublished for test-storage: counted as 0",
                            "storage write bandwidth unpublished for test-storage: checkpoint time unknown"],
    "uncabled": ["compute fabric compute has no servers cabled yet: the estimates assume every compute port cabled "
                 "at its speed, non-blocking"],
    "price_list": [
        "design prices in another currency than the project's USD are not converted: test-server (EUR) counted as "
        "unpriced",
        "design prices for nope-slug: no such part in the design or the catalog, so they price nothing (check the "
        "slug)",
    ],
    "layout_rules": [
        "tensor parallelism 3 does not divide the 32 attention heads (Megatron-LM needs it to)",
        "tensor parallelism 3 does not divide the sequence length 4096 (sequence parallelism splits the sequence "
        "over the tensor-parallel ranks)",
        "pipeline parallelism 5 does not divide the 32 layers (Megatron-LM puts as many layers in every stage)",
        "the global batch of 1,024 sequences is not a multiple of data parallelism 7 x micro-batch 1 (Megatron-LM "
        "needs it to)",
        "the parallel layout tensor 3 x pipeline 5 x data 7 needs 105 GPUs and the design has 32: no step time or "
        "time to train is stated",
    ],
    "gpus_idle": [
        "the layout uses 20 of the 32 GPUs: data parallelism 16 would not divide the global batch of 1,000 sequences "
        "(micro-batch 1); a global batch of 992 would use 32 GPUs",
    ],
    "memory_unknown": [
        "GPU: GPU memory unknown, so whether the model fits is unknown; the layout is the smallest the other rules "
        "allow",
    ],
}


NCCL_EXAMPLE = [
    # the storage tiers the user has not entered yet
    "no per-node storage read tiers entered: the SuperPOD RA's Good / Better / Best table (RA-11333-001 Table 6) was "
    "not available to transcribe with its source; enter its figures in storage.read_tiers_per_node_gbytes_s",
    "collectives as NCCL runs them (its own cost model, src/graph/tuning.cc): one ring per NIC, 47 GB/s per NIC (94% "
    "of its line rate; NVIDIA states 46-48 GB/s per NDR 400G NIC, nccl-tests issue 290) and 370 GB/s of NVLink per "
    "GPU (82% of its line rate, nccl-tests issue 212), divided by the worst leaf oversubscription when above 1; busbw "
    "as nccl-tests defines it",
    "NVLink SHARP (NVLS): the NVSwitches reduce; all-reduce algbw 275 GB/s per GPU (about 275 of 450 GB/s on 8 H100, "
    "a busbw of about 480 GB/s, nccl-tests issue 212)",
    "in-network reduction (SHARP) on nvidia-qm9700: the fabric reduces between the nodes; NCCL needs the SHARP plugin "
    "and NCCL_COLLNET_ENABLE=1 for it",
    "all-to-all reaches one NIC's bandwidth per GPU across nodes (NCCL does not aggregate NICs for it, nccl-tests "
    "issue 267); its latency is assumed: one ring base latency and one hop over the slowest link",
    # and the sizing from the workload
    "workload sizing: model states 16 bytes per parameter (ZeRO, Rajbhandari et al. 2020), activations as Korthikanti "
    "et al. 2022, training FLOPs 6 x parameters x tokens (Kaplan et al. 2020), at 40% model FLOPs utilisation (Llama "
    "3 reached 38-43% on H100)",
    # review 44: derived shapes are rounded as published models are (Llama 2 7B's: 32 x 4,096, 32 heads)
    "model shape derived from the parameter count: 32 layers, hidden size 4096, 32 attention heads",
    "parallel layout: tensor 2 x pipeline 1 x data 64",
]


def _fields(template) -> set[str]:
    forms = template.values() if isinstance(template, dict) else [template]
    return {name.split(".")[0].split("[")[0] for form in forms
            for _text, name, _spec, _conv in string.Formatter().parse(form) if name}


def test_every_assumption_key_has_english_and_chinese_templates_with_the_same_fields():
    assert set(ESTIMATE_NOTES_ZH) == set(NOTE_TEMPLATES)
    assert set(PUE_SOURCES_ZH) == set(PUE_SOURCES)
    for key, english in NOTE_TEMPLATES.items():
        assert _fields(ESTIMATE_NOTES_ZH[key]) == _fields(english), key
        assert CJK.search(str(ESTIMATE_NOTES_ZH[key])) and str(ESTIMATE_NOTES_ZH[key]).endswith("。"), key
        # the built-in CID font (STSong-Light, used when no TrueType CJK font is installed) shows µ as a
        # missing glyph: the Chinese says 微秒
        assert "µ" not in str(ESTIMATE_NOTES_ZH[key]), key


def test_the_scenarios_say_every_assumption(estimates):
    said = {item["key"] for block in estimates.values() for item in block["assumption_keys"]}
    assert said == set(NOTE_TEMPLATES)


def test_english_from_key_and_params_equals_the_english_sentence(estimates):
    en = Translator("en")
    for name, block in estimates.items():
        keys, sentences = block["assumption_keys"], block["assumptions"]
        assert len(keys) == len(sentences), name
        assert all(set(item) == {"key", "params"} for item in keys), name
        assert [en.assumption(item) for item in keys] == sentences, name
        assert en.assumptions(block) == sentences, name


def test_the_english_sentences_stay_word_for_word(estimates):
    assert all(isinstance(s, str) for block in estimates.values() for s in block["assumptions"])
    for name, particular in PARTICULAR.items():
        sentences = estimates[name]["assumptions"]
        for sentence in COMMON + particular:
            assert sentence in sentences, (name, sentence)
    example = estimates["example"]["assumptions"]
    assert example == [
        "PUE 1.30 (room Hall 1)", COMMON[0], DEPRECIATION_5, COMMON[1], COMMON[2],
        "bill-of-materials parts without a price: 1; they count as zero, so the CAPEX is partial",
        DEFAULT_MODEL, COMMON[3], COMMON[4], DEFAULT_SCALING, COMMON[5],
        # issue 12: the collectives as NCCL runs them add their assumptions after the old ones
        *NCCL_EXAMPLE,
    ]


def test_chinese_says_every_assumption_in_chinese_with_its_figures(estimates):
    zh = Translator("zh")
    for name, block in estimates.items():
        said = zh.assumptions(block)
        assert len(said) == len(block["assumptions"]), name
        for text, english in zip(said, block["assumptions"]):
            assert CJK.search(text) and "{" not in text and text != english, (name, text)
    two_rooms = zh.assumptions(estimates["two_rooms_one_pue"])
    assert "电源使用效率 PUE 为 1.27（按机房 Hall 1、Hall 2 的负载加权；Hall 2 未给出 PUE，按 1.3 计）。" in two_rooms
    inputs = zh.assumptions(estimates["inputs"])
    assert "按 4 年直线折旧，硬件、安装与机房改造费用均按此折旧。" in inputs
    # shares the way the proposal writes them elsewhere (Translator.pct)
    assert any("集合通信可达到网络链路带宽的 85 %" in text and "跨网络每步时延 4.5 微秒" in text for text in inputs)
    assert any("每步计算 0.25 秒，All-reduce 的 50 % 与计算重叠" in text for text in inputs)
    unpublished = zh.assumptions(estimates["storage_unpublished"])
    assert "test-storage 未公布存储写带宽，检查点写入时间未知。" in unpublished


def test_a_report_without_keys_keeps_its_english_sentences(estimates):
    old = {"assumptions": list(estimates["example"]["assumptions"])}  # a report from before the keys
    assert Translator("zh").assumptions(old) == old["assumptions"]
    unknown = {"key": "tco.from_a_later_version", "params": {}}
    assert Translator("zh").assumption(unknown, "as written") == "as written"
    with pytest.raises(KeyError):
        Translator("zh").assumption(unknown)


def test_the_window_says_the_assumptions_in_its_language(typed_estimates):
    from designer.ui.estimates_panel import render_html

    block = typed_estimates["example"]
    chinese = render_html(block, Translator("zh"))
    assert "<h3>假设</h3>" in chinese
    assert "按 5 年直线折旧，硬件、安装与机房改造费用均按此折旧" in chinese
    assert DEPRECIATION_5 not in chinese
    english = render_html(block, Translator("en"))
    assert "<h3>Assumptions</h3>" in english and DEPRECIATION_5 in english
