"""The proposal's per-rack table, split over pages, never leaves one rack alone on the last
page (a widow under the repeated header): a split that would take one row less on its page."""

from __future__ import annotations

import pytest

from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections import facility


@pytest.fixture(scope="module")
def example(catalog):
    from designer.model.io import load_design
    from designer.resources import example_design

    return load_design(example_design(), catalog)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_racks_table_keeps_its_last_two_rows_together(example, catalog, lang):
    ctx = ProposalContext.prepare(example, catalog, lang)
    racks = ctx.report.racks
    assert len(racks) >= 4
    width = ctx.portrait[0]
    whole = facility._racks(ctx, racks)
    _, height = whole.wrap(width, 100_000)
    heights = whole._rowHeights
    splits = 0
    # every page height from the header and two rows up to the whole table
    for avail in range(int(heights[0] + heights[1] + heights[2]), int(height)):
        parts = facility._racks(ctx, racks).split(width, avail)
        if len(parts) < 2:
            continue
        splits += 1
        first, rest = parts
        assert len(first._cellvalues) + len(rest._cellvalues) - 1 == len(racks) + 1
        assert len(rest._cellvalues) - 1 >= 2, f"{avail} pt: one rack alone after the header"
        if avail == int(heights[0] + heights[1] + heights[2]):
            # a third page: the range follows the rows into the split-off rest
            for again in range(int(heights[0] + heights[1] + heights[2]), int(rest.wrap(width, 100_000)[1])):
                pieces = rest.split(width, again)
                if len(pieces) == 2:
                    splits += 1
                    assert len(pieces[1]._cellvalues) - 1 >= 2, f"{avail}, {again} pt: one rack alone"
    assert splits


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_racks_are_never_one_on_each_page(example, catalog, lang):
    """Review by helper-42: with room for the header and one rack, a two-rack table went one
    rack to a page; it goes on to the next page whole."""
    ctx = ProposalContext.prepare(example, catalog, lang)
    racks = ctx.report.racks[:2]
    width = ctx.portrait[0]
    whole = facility._racks(ctx, racks)
    _, height = whole.wrap(width, 100_000)
    heights = whole._rowHeights
    for avail in range(int(heights[0] + heights[1]), int(height)):
        assert len(facility._racks(ctx, racks).split(width, avail)) != 2, f"{avail} pt: split 1 + 1"
