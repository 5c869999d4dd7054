"""No partial totals in the window: the estimates panel marks every total that leaves out an
unpriced part ("≥ x", "incomplete: N parts unpriced (…)") and states no break-even from an
incomplete CAPEX, in English and Chinese. Figures: tests/test_totals_estimates.priced()."""

from __future__ import annotations

import re

import pytest

from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.summary import planning_estimates
from designer.model.estimates import Stage
from designer.i18n import Translator
from test_totals_estimates import priced

pytest.importorskip("PySide6")
from designer.ui.estimates_panel import render_html  # noqa: E402


def plain(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup).replace("&nbsp;", " ")).replace("&gt;", ">")


def panel_estimates(design, catalog):
    """The estimates as the window's panel computes them (``EstimatesPanel.refresh``)."""
    checker = Checker(design, catalog.cabling)
    return planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))


@pytest.fixture(scope="module")
def estimates(catalog):
    design = priced()
    design.stages = [Stage(name="One", racks=["R02"]), Stage(name="Two", racks=["R01", "R02"])]
    return panel_estimates(design, catalog)


def test_the_panel_marks_incomplete_totals_and_states_no_break_even(estimates):
    text = plain(render_html(estimates, Translator("en")))
    assert "CAPEX ≥ USD 450,000" in text
    assert "incomplete: 1 part unpriced (test-switch)" in text
    assert "OPEX per year ≥ USD" in text
    assert "Build, 3 years ≥ USD" in text
    assert "Cloud, 3 years USD 1,471,680" in text  # 2.5 x 32 x 8,760 x 0.7 x 3: no parts in it
    assert "Break-even utilisation not stated: CAPEX incomplete" in text
    # the by-utilisation table: every build figure a lower bound; the cloud column plain
    assert text.count("≥ USD") >= 3 + 10
    assert "USD 0" not in text.replace("USD 0.", "")  # nothing unpriced shows as a zero
    # stages: One is fully priced (202,000), Two leaves the switch out
    assert "One 16 " in text and "USD 202,000" in text
    assert "≥ USD 420,000" in text and "Two: incomplete: 1 part unpriced (test-switch)" in text
    assert "One: incomplete" not in text


def test_no_lower_bound_is_bolded_as_cheaper_than_the_cloud(estimates):
    markup = render_html(estimates, Translator("en"))
    # (a sum's spaces are non-breaking: it stays on one line in a narrow dock)
    assert "<b>≥&nbsp;USD" in markup
    assert not re.search(r"<b>≥(?: |&nbsp;)[^<]*</b></td><td align=right>USD", markup)


def test_in_chinese(estimates):
    text = plain(render_html(estimates, Translator("zh")))
    assert "≥ 450,000 美元" in text
    assert "不完整：1 项部件无价格（test-switch）" in text
    assert "不予给出：资本支出不完整" in text


def test_a_complete_capex_shows_plain_totals_and_its_break_even(catalog):
    estimates = panel_estimates(priced(switch=30_000), catalog)
    text = plain(render_html(estimates, Translator("en")))
    assert "CAPEX USD 480,000" in text
    assert "Break-even utilisation 21 %" in text  # 403,200 / (2,102,400 - 169,890.74), tests/test_totals_estimates
    assert "≥" not in text and "incomplete" not in text
