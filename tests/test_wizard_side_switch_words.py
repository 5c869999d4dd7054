"""Refusals the wizard could only show in the command line's English (review 54): a storage
fabric no catalog switch serves, and a server without compute ports, now said in the
window's language with its fields; the command line keeps its words and options."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.errors import GenerationError
from designer.fabric.generate import GenerateSpec, generate
from designer.i18n import Translator

pytest.importorskip("PySide6")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _refusal(catalog, **spec) -> GenerationError:
    with pytest.raises(GenerationError) as caught:
        generate(GenerateSpec(**spec), catalog)
    return caught.value


def test_a_storage_fabric_no_switch_serves(catalog):
    from designer.ui.words_generate import generation_problem

    exc = _refusal(catalog, server="huawei-atlas-800t-a2", nodes=4, switch="nvidia-qm9700",
                   server_max_kw=5.5, server_weight_kg=75.0, storage="weka-wekapod-nitro-8", storage_nodes=1)
    assert exc.key == "no_storage_switch" and exc.figures["fabric"] == "storage"
    assert "--storage-switch" in exc.format()  # the command line names its option
    en, zh = generation_problem(exc, Translator("en")), generation_problem(exc, Translator("zh"))
    assert "--" not in en and "No InfiniBand switch" in en and '"Compute switch"' in en and "25G" in en
    assert "--" not in zh and "存储网络" in zh and "“计算网络交换机”" in zh and "25G" in zh
    assert "storage" not in zh and "infiniband" not in zh


def test_a_server_without_compute_ports(catalog):
    from designer.ui.words_generate import generation_problem

    exc = _refusal(catalog, server="lenovo-sr685a-v3-h200", nodes=4, switch="nvidia-qm9700",
                   server_max_kw=10.0, server_weight_kg=100.0)
    assert exc.key == "server_no_compute"
    zh = generation_problem(exc, Translator("zh"))
    assert "lenovo-sr685a-v3-h200" in zh and "“服务器”" in zh and "compute" not in zh
    assert '"Server"' in generation_problem(exc, Translator("en"))


def test_zh_capacity_refusals_count_gpus_with_kuai():
    from designer.ui.words_generate import GENERATION_WORDS

    for key, words in GENERATION_WORDS.items():
        assert "个 GPU" not in words["zh"], key  # GPUs are counted with 块, as everywhere else


def test_the_management_weight_hint_names_no_refused_option(catalog):
    exc = _refusal(catalog, server="nvidia-dgx-h100", nodes=4, switch="nvidia-qm9700",
                   management_server="nvidia-dgx-h100", management_server_weight_kg=20.0)
    assert "give the weight once" not in exc.format() and "leave out --management-server-weight-kg" in exc.format()
