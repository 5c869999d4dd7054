"""The PDF proposal: contents, figures equal to the report and BOM, Chinese, bad input."""

from __future__ import annotations

import io
import math
import re

import pytest
from pypdf import PdfReader

from conftest import run_cli
from designer.errors import ExportError
from designer.estimates.bom import build_bom
from designer.model.io import load_design, save_design
from designer.report import exports, fonts
from designer.i18n import Translator
from designer.report.pdf import SECTION_KEYS, proposal_pdf
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections import elevations
from designer.resources import example_design
from factories import small_design


def pdf_text(data: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def outline_pages(data: bytes) -> dict[str, int]:
    """Section title -> 1-based page, from the PDF's bookmarks."""
    reader = PdfReader(io.BytesIO(data))
    return {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


@pytest.fixture(scope="module")
def english(example, catalog):
    return proposal_pdf(example, catalog, "en")


@pytest.fixture(scope="module")
def chinese(example, catalog):
    return proposal_pdf(example, catalog, "zh")


def test_every_rack_name_appears(english, example):
    text = "\n".join(pdf_text(english))
    for rack in example.racks:
        assert re.search(rf"\b{re.escape(rack.name)}\b", text), rack.name


def test_bom_total_in_the_pdf_equals_build_bom(english, example, catalog):
    bom = build_bom(example, catalog)
    t = Translator("en")
    pages = pdf_text(english)
    bom_page = outline_pages(english)["8  Bill of materials"]
    bom_text = "\n".join(pages[bom_page - 1:])
    # the WEKApod has no price: the total is a lower bound and says what it leaves out
    # whole units from USD 1,000 (no cents on USD 300,000), the unpriced part by its product name
    assert re.search(rf"\bTotal\s+≥ {re.escape(t.money(bom.total, bom.currency, 0))}", bom_text)
    assert "incomplete: 1 part unpriced (WEKApod Nitro data platform appliance)" in re.sub(r"\s+", " ", bom_text)
    for section in ("servers", "switches"):
        assert t.money(bom.section_total(section), bom.currency, 0) in bom_text
    # an unpriced part is marked, not silently zero
    assert bom.unpriced and "price unknown" in bom_text


def test_contents_list_every_section_and_match_the_bookmarks(english):
    t = Translator("en")
    pages = pdf_text(english)
    outline = outline_pages(english)
    assert [title.split("  ", 1)[1] for title in outline] == [t(k) for k in SECTION_KEYS]
    contents = pages[1]
    for title, page in outline.items():
        assert title.split("  ", 1)[1] in contents, title
        assert title.split("  ", 1)[1] in pages[page - 1], title  # the heading is on the page named
    # the dot leaders end in the page numbers, in section order
    assert [int(n) for n in re.findall(r"\.\s*(\d+)\s*$", contents, re.M)] == list(outline.values())


def test_elevation_pages_hold_several_racks_each(english, example, catalog):
    ctx = ProposalContext.prepare(example, catalog, "en")
    per_page = elevations.per_page(ctx)
    assert per_page >= 3
    outline = list(outline_pages(english).items())
    starts = [page for _title, page in outline]
    i = [title for title, _p in outline].index("4  Rack elevations")
    assert starts[i + 1] - starts[i] == math.ceil(len(example.racks) / per_page)


def test_page_numbers_count_the_pages(english):
    pages = pdf_text(english)
    total = len(pages)
    assert f"Page {total} of {total}" in pages[-1]
    assert f"Page 3 of {total}" in pages[2]
    assert "Page" not in pages[0]  # the cover has no footer


def test_summary_lists_figures_from_the_report(english, example):
    from designer.report.json_report import build_report

    totals = build_report(example)["totals"]
    start = outline_pages(english)["1  Executive summary"]
    summary = "\n".join(pdf_text(english)[start - 1:start + 1])  # a page of prose, then the tables
    assert f"{totals['power_max_kw']:,.1f} kW" in summary
    assert f"{totals['facility_power_kw']:,.1f} kW" in summary
    assert "25.6 Tb/s" in summary  # compute fabric bisection: 25,600 Gb/s
    assert "The checks found no errors." in summary


def test_chinese_proposal_has_chinese_headings_and_embeds_its_font(chinese):
    text = "\n".join(pdf_text(chinese))
    for heading in ("执行摘要", "物料清单", "机柜立面图", "网络拓扑", "目录", "价格未知"):
        assert heading in text, heading
    assert "Bill of materials" not in text
    reader = PdfReader(io.BytesIO(chinese))
    names = set()
    for page in reader.pages[:3]:
        for font in (page["/Resources"].get("/Font") or {}).values():
            names.add(str(font.get_object()["/BaseFont"]))
    assert any("WenQuanYi" in n or "STSong" in n or "Noto" in n for n in names), names


def test_chinese_numbers_and_dates_follow_the_locale():
    t = Translator("zh")
    assert t.date("2025-03-07") == "2025年3月7日"
    assert t.money_short(40_704_000, "USD") == "4,070.4 万美元"
    assert t.money_short(6.8e8, "CNY") == "6.80 亿元"
    assert Translator("en").money_short(40_704_000, "USD") == "USD 40.7 M"


def test_a_design_with_errors_still_exports_with_the_errors_first(catalog):
    design = small_design(budget_kw=5.0)  # two 10.2 kW servers on a 5 kW budget
    data = proposal_pdf(design, catalog, "en")
    pages = pdf_text(data)
    outline = outline_pages(data)
    # a page of prose (here longer: twelve errors), then the tables
    summary = "\n".join(pages[outline["1  Executive summary"] - 1:outline["2  Design inputs and assumptions"] - 1])
    assert "Errors to resolve before ordering" in summary
    assert summary.index("Errors to resolve") < summary.index("Key figures")
    # in the customer's words: the finding's title, its check code only in the engineering appendix
    assert "Rack power over budget" in summary and "RACK_POWER_OVER_BUDGET" not in summary


def test_estimates_render_with_the_reports_figures_and_two_charts(example, catalog, english):
    from designer.model.estimates import Stage
    from designer.report.json_report import report_parts

    staged = example.model_copy(deep=True)
    staged.stages = [Stage(name="Phase 1", date="2027-03-01", racks=["A01", "A02"]),
                     Stage(name="Phase 2", date="2027-09-01", racks=[r.name for r in staged.racks])]
    report = report_parts(staged, catalog=catalog)
    tco = report.as_dict()["estimates"]["tco"]  # the figure as `report --json` says it
    text = "\n".join(pdf_text(proposal_pdf(staged, catalog, "en", report=report)))
    for expected in ("Total cost of ownership", "Break-even utilisation", "not stated: CAPEX incomplete",
                     "Cost against utilisation", "Scaling efficiency against GPUs", "All-reduce estimates",
                     "hierarchical", "Storage sizing", "Checkpoint size", "Growth stages", "Phase 1", "Phase 2"):
        assert expected in text, expected
    assert f"{tco['cloud_total']:,.0f}" in text, "the cloud total as the report has it"
    assert "Not estimated for this design." not in text


def test_sources_appendix_names_every_device_types_documents(example, catalog):
    # catalog provenance is the integrator's edition's
    text = "\n".join(pdf_text(proposal_pdf(example, catalog, "en", internal=True))).replace("\n", "")
    for device_type in example.device_types:
        for source in device_type.source:
            if source.url:
                assert source.url[:40] in text, source.url


def test_large_design_splits_floor_plan_and_tables(catalog, tmp_path):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", gpus=1024, switch="nvidia-qm9700", racks_per_row=2),
                      catalog)
    data = proposal_pdf(design, catalog, "en")
    pages = pdf_text(data)
    text = "\n".join(pages)
    for rack in design.racks:
        assert rack.name in text
    outline = outline_pages(data)
    # the per-rack table runs over several pages, each with its header
    facility = [p for p in pages[outline["6  Power, cooling and weight"] - 1:outline["7  Findings and checklist"] - 1]]
    assert len(facility) >= 2 and all(re.search(r"Budget\s+kW", p) for p in facility)


# ---------------------------------------------------------------- bad input


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir())


def test_unwritable_path_exits_2_and_leaves_no_file(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    result = run_cli("export", example_design(), "--pdf", blocker / "out.pdf")
    assert result.code == 2, result
    assert "error:" in result.err and "not-a-folder" in result.err
    assert _leftovers(tmp_path) == ["not-a-folder"]
    result = run_cli("export", example_design(), "--pdf", tmp_path / "missing" / "out.pdf")
    assert result.code == 2 and "does not exist" in result.err
    result = run_cli("export", example_design(), "--pdf", tmp_path)  # a folder, not a file
    assert result.code == 2 and "is a folder" in result.err


def test_failure_while_writing_leaves_no_partial_file(tmp_path, monkeypatch):
    import designer.report.pdf as pdf_package

    def broken(ctx):
        raise ExportError("layout failed", hint="test")

    monkeypatch.setattr(pdf_package, "render", broken)
    result = run_cli("export", example_design(), "--pdf", tmp_path / "out.pdf")
    assert result.code == 2 and "layout failed" in result.err
    assert _leftovers(tmp_path) == []


def test_missing_chinese_font_is_a_clear_error(tmp_path, monkeypatch, catalog):
    monkeypatch.setattr(fonts, "bundled_variable_font", lambda: None)  # without the font package
    monkeypatch.setattr(fonts, "CJK_FONT_FILES", [])
    monkeypatch.setattr(fonts, "CID_FONT", "No-Such-CID-Font")
    fonts.clear_cache()
    try:
        with pytest.raises(ExportError, match="no font for Chinese text") as info:
            exports.export_documents(load_design(example_design(), catalog), catalog, pdf=tmp_path / "zh.pdf",
                                     lang="zh")
        assert "fonts-wqy-microhei" in info.value.format()
        assert _leftovers(tmp_path) == []
    finally:
        fonts.clear_cache()


def test_named_font_that_cannot_be_used_exits_2(tmp_path, monkeypatch):
    monkeypatch.setenv("DESIGNER_CJK_FONT", str(tmp_path / "nope.ttf"))
    fonts.clear_cache()
    try:
        result = run_cli("export", example_design(), "--pdf", tmp_path / "zh.pdf", "--lang", "zh")
    finally:
        fonts.clear_cache()
    assert result.code == 2, result
    assert "nope.ttf" in result.err and "DESIGNER_CJK_FONT" in result.err
    assert _leftovers(tmp_path) == []


def test_cli_writes_the_pdf(tmp_path):
    out = tmp_path / "proposal.pdf"
    result = run_cli("export", example_design(), "--pdf", out, "--lang", "zh")
    assert result.code == 0, result
    assert f"wrote {out}" in result.out
    assert out.read_bytes().startswith(b"%PDF")
    assert "执行摘要" in pdf_text(out.read_bytes())[2]


def test_chinese_names_in_an_english_proposal_use_a_font_that_shows_them(tmp_path, catalog):
    design = small_design()
    design.project.customer = "北京示例人工智能实验室"
    design.racks[0].name = "机柜-R01"
    for device in design.devices:
        if device.rack == "R01":
            device.rack = "机柜-R01"
    path = tmp_path / "d.json"
    save_design(design, path)
    data = proposal_pdf(load_design(path, catalog), catalog, "en")
    text = "\n".join(pdf_text(data))
    assert "北京示例人工智能实验室" in text and "机柜-R01" in text


def test_chinese_proposal_says_the_findings_in_chinese(example, catalog):
    from designer.report.json_report import build_report

    design = example.model_copy(deep=True)
    next(r for r in design.racks if r.name == "A01").power_budget_kw = 40.0
    report = build_report(design, catalog=catalog)
    draw = next(r for r in report["racks"] if r["name"] == "A01")["power_max_kw"]
    assert draw > 40.0

    def flat(data: bytes) -> str:  # table cells wrap lines anywhere
        return re.sub(r"\s+", "", "\n".join(pdf_text(data)))

    chinese = flat(proposal_pdf(design, catalog, "zh", internal=True))  # with the engineering appendix
    sentence = f"机柜 A01 最大功耗 {draw:.1f} kW，超出 40.0 kW 预算 {draw - 40:.1f} kW"
    # in the summary's errors and top risks, in the findings and in the engineering appendix
    assert chinese.count(re.sub(r"\s+", "", sentence)) == 4
    assert re.sub(r"\s+", "", "建议：将 1 台 nvidia-dgx-h100（每台 10.2 kW）移至其他机柜，或提高功率预算") in chinese
    for finding in report["findings"]:  # no finding, nor its hint, is left in English
        assert re.sub(r"\s+", "", finding["message"]) not in chinese, finding["message"]
        assert re.sub(r"\s+", "", finding["hint"]) not in chinese, finding["hint"]
    english = flat(proposal_pdf(design, catalog, "en", internal=True))
    assert f"RackA01draws{draw:.1f}kWatmaximum,{draw - 40:.1f}kWoverits40.0kWbudget" in english


def test_chinese_proposal_says_the_estimates_assumptions_in_chinese(example, catalog, chinese, english):
    from designer.report.json_report import build_report

    estimates = build_report(example, catalog=catalog)["estimates"]
    keys = [item["key"] for item in estimates["assumption_keys"]]
    depreciation = estimates["assumptions"][keys.index("tco.depreciation")]
    assert depreciation == "straight-line depreciation over 5 years, on hardware, installation and facility alike"

    def flat(data: bytes) -> str:  # paragraphs wrap lines anywhere
        return re.sub(r"\s+", "", "\n".join(pdf_text(data)))

    zh = flat(chinese)
    assert "按5年直线折旧，硬件、安装与机房改造费用均按此折旧" in zh
    assert "电源使用效率PUE为1.30（取自机房Hall1）" in zh
    for sentence in estimates["assumptions"]:  # none is left in English
        assert re.sub(r"\s+", "", sentence) not in zh, sentence
    en = flat(english)
    # said as the report says it, with any catalog part by its product name (the customer's words)
    from designer.report.pdf.context import ProposalContext

    words = ProposalContext.prepare(example, catalog, "en").customer_words
    assert all(re.sub(r"\s+", "", words(sentence)) in en for sentence in estimates["assumptions"])


def test_with_the_built_in_cid_font_no_character_falls_outside_its_map(monkeypatch, catalog, example):
    """Without a TrueType CJK font the proposal uses STSong-Light, whose Unicode map lacks
    '•', '·' and '²' (readers draw a missing glyph): they are swapped for ones it has."""
    monkeypatch.setattr(fonts, "bundled_variable_font", lambda: None)  # without the font package
    monkeypatch.setattr(fonts, "CJK_FONT_FILES", [])
    fonts.clear_cache()
    try:
        assert fonts.cjk_font() == ("STSong-Light", None)
        pages = pdf_text(proposal_pdf(example, catalog, "zh"))
    finally:
        fonts.clear_cache()
    text = "".join(pages)
    assert "执行摘要" in text
    assert not {"•", "·", "²"} & set(text)
    assert "●" in text, "the assumptions' bullets"


def test_unpublished_figures_are_named_in_words(example, catalog):
    # the unknown-figure notes are in the integrator's edition (engineering appendix)
    zh, en = ("".join(pdf_text(proposal_pdf(example, catalog, lang, internal=True))) for lang in ("zh", "en"))
    assert "最大功耗：nvidia-sn2201" in zh and "（以典型功耗代替）" in zh
    assert "Maximum power: nvidia-sn2201" in en
    assert "power_max_w" not in zh and "power_max_w" not in en
