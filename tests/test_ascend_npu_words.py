"""An Ascend design's proposal says NPU where it speaks of the design's chips (Huawei's word
for them, ``designer.catalog.software_stack``): "16 NPU servers with 128 NPUs", not GPU,
in English and Chinese. NVIDIA's designs keep their words (the field defaults to GPU)."""

from __future__ import annotations

import pytest

from designer.fabric.generate import generate
from designer.fabric.generate_spec import GenerateSpec
from designer.i18n import Translator
from designer.report.pdf.context import ProposalContext
import designer.report.i18n_proposal  # noqa: F401  (registers the proposal's words)


@pytest.fixture(scope="module")
def ascend(catalog):
    return generate(GenerateSpec(server="huawei-atlas-800t-a2", switch="nvidia-sn5600", nodes=4,
                                 server_max_kw=5.6, server_weight_kg=60.0), catalog)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_proposal_of_an_ascend_design_says_npu(catalog, ascend, lang):
    ctx = ProposalContext.prepare(ascend, catalog, lang)
    assert ctx.t.chip == "NPU"
    assert ctx.t.count("n_gpus", 32) == ("32 NPUs" if lang == "en" else "32 块 NPU")
    assert "NPU" in ctx.t("servers") and "GPU" not in ctx.t("servers")
    assert "GPU" not in ctx.t.input_label("communication.message_mb")


def test_an_nvidia_design_keeps_its_words(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4), catalog)
    ctx = ProposalContext.prepare(design, catalog, "en")
    assert ctx.t.chip == "GPU"
    assert ctx.t.count("n_gpus", 32) == "32 GPUs" and ctx.t("servers") == "GPU servers (nodes)"


def test_a_translator_without_a_design_says_gpu_and_never_the_field():
    t = Translator("zh")
    assert t("gpus") == "GPU 数量" and "{chip}" not in t.input_label("storage.samples_per_second_per_gpu")
    assert Translator("en", chip="NPU")("cloud_total_line", gpus="8", price="USD 1") == \
        "Cloud: 8 NPUs at USD 1 per NPU-hour"
