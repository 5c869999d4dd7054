"""The executive summary opens with a page of prose from the design (issue 16, item 3):
objective, solution, headline price with what it excludes, top three risks with mitigations,
next steps; its figures are the report's and the BOM's."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from designer.estimates.bom import build_bom
from designer.model.io import load_design
from designer.i18n import Translator
from designer.report.incomplete import total_text
from designer.report.json_report import build_report
from designer.report.pdf import proposal_pdf
from designer.resources import example_design


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module", params=["en", "zh"])
def prose(request, example, catalog) -> tuple[str, str]:
    data = proposal_pdf(example, catalog, request.param)
    reader = PdfReader(io.BytesIO(data))
    t = Translator(request.param)
    start = next(reader.get_destination_page_number(item) for item in reader.outline
                 if item.title.endswith(t("sec_summary")))
    return request.param, reader.pages[start].extract_text()


def test_prose_page_has_every_part_before_the_tables(prose):
    lang, page = prose
    t = Translator(lang)
    positions = [page.index(t(key)) for key in ("exec_objective", "exec_solution", "exec_price", "exec_risks",
                                               "exec_next")]
    assert positions == sorted(positions)
    assert t("key_figures") not in page  # the tables start on the next page


def test_prose_figures_are_the_reports(prose, example, catalog):
    lang, page = prose
    t = Translator(lang)
    report = build_report(example, catalog=catalog)
    bom = build_bom(example, catalog)
    flat = _flat(page)
    totals = report["totals"]
    for figure in (t.int(totals["gpus"]), f"{t.num(totals['power_max_kw'])}kW", f"{t.int(totals['weight_kg'])}kg",
                   f"{t.num(totals['facility_power_kw'])}kW"):
        assert _flat(figure) in flat, figure
    # the headline price is the BOM total, marked as a lower bound and naming what it leaves out
    assert _flat(total_text(t, bom.total, bom.currency, not bom.unpriced, short=True)) in flat
    assert "WEKApodNitro" in flat
    cables = sum(line.quantity for line in bom.lines if line.section == "cables")
    assert _flat(t.int(cables)) in flat


def test_top_three_risks_each_have_a_mitigation(prose):
    lang, page = prose
    word = "Mitigation:" if lang == "en" else "应对："
    assert page.count(word) == 3
    assert re.search(r"^1\.", page, re.M) and re.search(r"^3\.", page, re.M)


def test_prose_says_what_the_price_excludes(prose):
    lang, page = prose
    flat = _flat(page)
    if lang == "en":
        assert _flat("excludes tax, shipping, installation services, software licences and support") in flat
    else:
        assert "不含税费、运输、安装服务、软件许可与技术支持" in flat


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scope_delivery_and_sign_off_section(example, catalog, lang):
    """The integrator's sections (issue 16, item 4), filled from the design where it can be."""
    t = Translator(lang)
    data = proposal_pdf(example, catalog, lang)
    reader = PdfReader(io.BytesIO(data))
    start = next(reader.get_destination_page_number(item) for item in reader.outline
                 if item.title.endswith(t("sec_delivery")))
    text = _flat("\n".join(page.extract_text() for page in reader.pages[start:]))
    for key in ("dl_scope", "dl_software", "dl_install", "dl_terms", "dl_revisions", "dl_sign",
                "dl_test_burnin", "dl_test_nccl", "dl_test_storage"):
        # the all-reduce test names the design's collective library (NCCL on the example's DGX)
        assert _flat(t(key, library="NCCL") if key == "dl_test_nccl" else t(key)) in text, key
    bom = build_bom(example, catalog)
    cables = sum(line.quantity for line in bom.lines if line.section == "cables")
    assert _flat(t.int(cables)) in text
    assert "ExampleAILab" in text and _flat(example.project.revision) in text
    # the growth stages' dates are the delivery schedule
    for stage in example.stages:
        if stage.date:
            assert _flat(stage.date) in text
    assert "InfiniBand" in text  # the fabric manager for the InfiniBand fabrics
