"""Where the NVLink (scale-up) domain ends (issue 11): the report's ``scale_up``, its text and
the proposal's topology section say it per GPU part — 8 GPUs in a DGX, 72 in an NVL72 rack."""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from designer.fabric.scale_up import interconnect_family, scale_up_domains
from designer.model.index import DesignIndex
from designer.model.io import load_design
from designer.report.pdf import proposal_pdf
from designer.resources import example_design
from tests.conftest import run_cli


def test_a_dgx_is_its_own_domain(catalog):
    [domain] = scale_up_domains(DesignIndex.build(load_design(example_design(), catalog)))
    assert domain == {"device_type": "nvidia-dgx-h100", "model": "NVIDIA DGX H100", "interconnect": "NVLink 4",
                      "gpus_per_domain": 8, "gpus_per_device": 8, "devices": 16, "domains": 16}


def test_an_nvl72_rack_is_one_domain_of_72(tmp_path):
    out = tmp_path / "nvl.json"
    made = run_cli("new", "--server", "nvidia-gb300-nvl72", "--nodes", "2", "--switch", "nvidia-q3400",
                   "--server-liquid-share", "0.85", "--server-weight-kg", "1200", "--rack-type", "rack-42u-600-vertiv-vr3300", "--rack-power-kw", "150", "-o", str(out))
    assert made.code == 0, made
    report = json.loads(run_cli("report", str(out), "--json").out)
    [domain] = report["scale_up"]
    assert (domain["gpus_per_domain"], domain["domains"], domain["interconnect"]) == (72, 2, "NVLink 5")
    assert "scale-up: NVLink 5 within each NVIDIA GB300 NVL72" in run_cli("report", str(out)).out


def test_the_interconnect_is_named_without_the_catalogs_notes():
    assert interconnect_family("NVLink 5 via 9 NVSwitch trays, one NVLink domain per rack") == "NVLink 5"
    assert interconnect_family("NVLink 4 (4x NVSwitch)") == "NVLink 4"
    assert interconnect_family("HCCS") == "HCCS"
    assert interconnect_family(None) is None


def test_the_proposal_says_where_the_domain_ends_in_both_languages(catalog):
    design = load_design(example_design(), catalog)
    for lang, words in (("en", "8 GPUs per domain"), ("zh", "每个域 8 块 GPU")):
        text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(proposal_pdf(design, catalog, lang))).pages)
        assert words in text.replace("\n", ""), lang


def test_the_proposal_counts_rack_scale_systems_not_servers(tmp_path, catalog):
    """An NVL72's model already says "rack-scale system": the executive summary counts "2 ×
    <model> (144 GPUs)" / "2 套 <model>", not "rack-scale system servers" / "台 … 服务器"."""
    out = tmp_path / "nvl.json"
    made = run_cli("new", "--server", "nvidia-gb300-nvl72", "--nodes", "2", "--switch", "nvidia-q3400",
                   "--server-liquid-share", "0.85", "--server-weight-kg", "1200", "--rack-type",
                   "rack-42u-600-vertiv-vr3300", "--rack-power-kw", "150", "-o", str(out))
    assert made.code == 0, made
    design = load_design(out, catalog)
    said = {"en": ["rack-scale system (144 GPUs)", "2 rack-scale systems (36 compute trays) with 144 GPUs",
                   "every compute tray of every rack-scale system under full load",
                   "Rack-scale systems (compute trays) 2 (36)", "over 144 GPUs (2 domains)"],
            "zh": ["2 套", "2 套机柜级系统、36 个计算托盘（共 144 块 GPU）", "每套机柜级系统的每个计算托盘满载运行", "机柜级系统（计算托盘） 2 (36)", "共 144 块 GPU（2 个域）"]}
    for lang in ("en", "zh"):
        reader = PdfReader(io.BytesIO(proposal_pdf(design, catalog, lang)))
        text = " ".join(page.extract_text() for page in reader.pages).replace("\n", " ")
        for words in said[lang]:
            assert words in text, (lang, words)
        assert "rack-scale system servers" not in text and "GPU servers" not in text and "2 servers" not in text
