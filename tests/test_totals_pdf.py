"""No partial totals in the proposal: an unpriced part turns every total it belongs to into
"≥ x" with the parts it leaves out, an unpriced line reads "price unknown" (never a zero),
and no break-even is stated from an incomplete CAPEX. English and Chinese.

The design is tests/test_totals_estimates.priced(): hardware 420,000 (4 servers at 100,000,
2 racks at 2,000, 32 cables at 500) plus the switch test-switch, unpriced unless given 30,000;
installation 30,000.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from designer.model.estimates import Stage
from designer.i18n import Translator
from designer.report.incomplete import break_even_text, incomplete_note, total_text
from designer.report.pdf import proposal_pdf
from test_totals_estimates import priced


def sections(data: bytes, lang: str) -> dict[str, str]:
    """Section key -> the text of its pages (up to the next section)."""
    t = Translator(lang)
    reader = PdfReader(io.BytesIO(data))
    pages = [page.extract_text() or "" for page in reader.pages]
    starts = sorted((reader.get_destination_page_number(item), item.title) for item in reader.outline)
    keys = {t(k): k for k in ("sec_summary", "sec_bom", "sec_costs")}
    out = {}
    for i, (start, title) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(pages)
        name = title.split("  ", 1)[-1]  # "8  Bill of materials"
        out[keys.get(name, name)] = "\n".join(pages[start:max(end, start + 1)])
    return out


@pytest.fixture(scope="module")
def incomplete(catalog):
    design = priced()
    design.stages = [Stage(name="One", racks=["R02"]), Stage(name="Two", racks=["R01", "R02"])]
    return design


@pytest.fixture(scope="module")
def english(incomplete, catalog):
    return sections(proposal_pdf(incomplete, catalog, "en"), "en")


@pytest.fixture(scope="module")
def chinese(incomplete, catalog):
    return sections(proposal_pdf(incomplete, catalog, "zh"), "zh")


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_summary_marks_the_hardware_cost_and_capex_and_states_no_break_even(english):
    summary = flat(english["sec_summary"])
    # 420,000 -> "USD 420.0 k"; CAPEX 450,000 -> "USD 450.0 k"
    assert "≥ USD 420.0 k; incomplete: 1 part unpriced (64-port switch)" in summary
    assert "CAPEX total ≥ USD 450.0 k" in summary
    assert "Break-even utilisation not stated: CAPEX incomplete" in summary
    # and among the risks
    assert "Costs: incomplete: 1 part unpriced (64-port switch); the hardware total, CAPEX and TCO are lower bounds." \
        in summary


def test_bom_says_price_unknown_never_zero_and_marks_subtotal_and_total(english):
    bom = flat(english["sec_bom"])
    # procurement columns: manufacturer, description, part number, quantity, prices
    assert re.search(r"Test 64-port switch to be confirmed 1 price unknown price unknown", bom)
    # the switches section holds nothing priced: its subtotal is unknown, not "USD 0.00"
    assert "Subtotal Switches price unknown" in bom
    assert "USD 0.00" not in bom
    assert "Subtotal Servers USD 400,000" in bom  # a complete section stays a plain figure, no cents
    assert "Total ≥ USD 420,000 incomplete: 1 part unpriced (64-port switch)" in bom


def test_costs_mark_every_figure_that_holds_the_capex(english):
    costs = flat(english["sec_costs"])
    assert "Hardware (bill of materials) ≥ USD 420,000" in costs
    assert "Installation USD 30,000" in costs  # an input, complete
    assert "CAPEX total ≥ USD 450,000; incomplete: 1 part unpriced (64-port switch)" in costs
    assert "Maintenance per year ≥ USD 36,000" in costs  # 8 % of the partial CAPEX
    # cloud: 2.5 x 32 GPUs x 8,760 h x 0.7 x 3 = 1,471,680, no parts in it
    assert "Cloud: 32 GPUs at USD 2.50 per GPU-hour USD 1,471,680" in costs
    assert "Build: depreciation in the horizon + OPEX ≥ USD" in costs
    assert "Break-even utilisation not stated: CAPEX incomplete" in costs
    # the chart's title, one line; the parts are named in the table above it
    assert "build is a lower bound (CAPEX incomplete, see above)" in costs
    # growth stages: One (R02: 202,000, all priced) plain; Two (420,000 without the switch) marked
    assert "USD 202,000" in costs and "≥ USD 420,000" in costs
    assert "Two: incomplete: 1 part unpriced (64-port switch)" in costs
    assert "One: incomplete" not in costs


def test_chinese_says_the_same(chinese):
    summary, bom, costs = (flat(chinese[k]) for k in ("sec_summary", "sec_bom", "sec_costs"))
    # 420,000 -> 42.0 万美元; 450,000 -> 45.0 万美元
    assert "≥ 42.0 万美元；不完整：1 项部件无价格（64-port switch）" in summary
    assert "≥ 45.0 万美元" in summary
    assert "不予给出：资本支出不完整" in summary
    assert "价格未知" in bom and "≥ 420,000 美元" in bom
    assert not re.search(r"(?<![\d,.])0\.00 美元", bom)  # no zero for the unpriced switch
    assert "≥ 450,000 美元；不完整：1 项部件无价格（64-port switch）" in costs
    assert "不予给出：资本支出不完整" in costs


def test_a_complete_capex_reads_as_plain_figures_with_its_break_even(catalog):
    parts = sections(proposal_pdf(priced(switch=30_000), catalog, "en"), "en")
    text = flat("\n".join(parts.values()))
    # 480,000 CAPEX; break-even 403,200 / (2,102,400 - 169,890.74) = 20.9 % -> "21 %"
    assert "CAPEX total USD 480,000" in text
    assert "Break-even utilisation 21 %" in text
    assert "≥ USD" not in text and "incomplete:" not in text
    bom = flat(parts["sec_bom"])
    assert "Test 64-port switch to be confirmed 1 USD 30,000 USD 30,000" in bom
    assert "Total USD 450,000" in bom and "450,000.00" not in bom


def test_the_wording_helpers():
    en, zh = Translator("en"), Translator("zh")
    assert total_text(en, 1234.5, "USD") == "USD 1,234"
    assert total_text(en, 1234.5, "USD", complete=False) == "≥ USD 1,234"
    assert total_text(en, 0.0, "USD", complete=False) == "price unknown"
    assert total_text(zh, 0.0, "USD", complete=False) == "价格未知"
    assert total_text(zh, 450_000, "USD", complete=False, short=True) == "≥ 45.0 万美元"
    six = [f"p{i}" for i in range(6)]
    assert incomplete_note(en, six) == "incomplete: 6 parts unpriced (p0, p1, p2, p3 … +2)"
    assert incomplete_note(zh, six) == "不完整：6 项部件无价格（p0、p1、p2、p3 等另 2 项）"
    assert break_even_text(en, 0.2086, "stated") == "21 %"
    assert break_even_text(en, None, "capex_incomplete") == "not stated: CAPEX incomplete"
    assert break_even_text(en, None, "never") == "building never wins"
    assert break_even_text(en, None, None) == "building never wins"  # an older report without the status
