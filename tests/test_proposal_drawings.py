"""Drawings that read (issue 16, item 6): one elevation per rack type for a large design, floor
plans whose labels stay at 6 pt or more with aisles and the room's size, chart series told
apart by more than colour, with axis titles."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import String

from designer.estimates.results import UtilizationPoint
from designer.model.io import load_design
from designer.report.drawings.charts import cost_chart
from designer.report.drawings.floorplan import MIN_FONT_PT, aisles, footprint, plan_sheets, sheet_drawing
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections import elevations
from designer.report.pdf.sections.floor import RESERVED_PT
from designer.resources import example_design
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def large(catalog, tmp_path_factory):
    out = tmp_path_factory.mktemp("large") / "x.json"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "128", "--switch", "nvidia-qm9700",
                     "-o", str(out))
    assert result.code == 0, result
    return ProposalContext.prepare(load_design(out, catalog), catalog, "en")


def _strings(node):
    if isinstance(node, String):
        yield node
    for child in getattr(node, "contents", []) or []:
        yield from _strings(child)


def test_large_design_draws_one_elevation_per_rack_type(large):
    racks = large.report.racks
    types = elevations.rack_types(large.index, racks)
    assert elevations.grouped(large)
    assert sum(len(group) for group in types) == len(racks)
    assert len(types) < len(racks) / 4
    assert elevations.page_count(large) <= -(-len(types) // elevations.per_page(large))
    # every rack of a type holds the same devices at the same places
    for group in types:
        signatures = {elevations.rack_signature(large.index, r["name"]) for r in group}
        assert len(signatures) == 1


def test_small_design_draws_every_rack(catalog):
    ctx = ProposalContext.prepare(load_design(example_design(), catalog), catalog, "en")
    assert not elevations.grouped(ctx)
    assert elevations.page_count(ctx) == -(-len(ctx.report.racks) // elevations.per_page(ctx))


def test_floor_labels_stay_at_six_points(large):
    room = large.report.rooms[0]
    width, height = large.landscape
    sheets = plan_sheets(large.index, room, (width, height - RESERVED_PT))
    assert len(sheets) > 1  # an overview and detail sheets
    labelled = [sheet for sheet in sheets if sheet.labelled]
    assert {box.rack.name for sheet in labelled for box in sheet.boxes} == {r.name for r in large.design.racks}
    for sheet in labelled:
        drawing = sheet_drawing(sheet, large.racks_by_name, large.landscape[0], large.t, large.fonts)
        sizes = [s.fontSize for s in _strings(drawing)]
        assert sizes and min(sizes) >= MIN_FONT_PT - 1e-6
        texts = {s.text for s in _strings(drawing)}
        assert "cold aisle" in texts and "hot aisle" in texts  # in the legend


def test_aisles_between_facing_rows(large):
    boxes = [footprint(r, large.index.rack_type_of(r)) for r in large.design.racks]
    kinds = [a.kind for a in aisles(boxes)]
    assert "cold" in kinds and "hot" in kinds
    for aisle in aisles(boxes):
        assert aisle.y1 > aisle.y0 and aisle.x1 > aisle.x0


def test_chart_series_differ_by_dash_and_have_axis_titles(large):
    rows = [UtilizationPoint(utilization=u / 10, build_total=100 + u, build_total_full_capex=None, cloud_total=20 * u,
                             complete=True) for u in range(1, 11)]
    chart = cost_chart(rows, 400, large.fonts, title="t", build="Build", cloud="Cloud", money=str,
                       x_title="GPU utilisation", y_title="Cost")
    plot = next(node for node in chart.contents if hasattr(node, "lines"))
    assert getattr(plot.lines[0], "strokeDashArray", None) is None  # the first series solid
    assert plot.lines[1].strokeDashArray  # the second dashed
    texts = {s.text for s in _strings(chart)}
    assert {"GPU utilisation", "Cost", "Build", "Cloud"} <= texts


def test_detail_sheets_share_the_racks_evenly(large):
    """Four rows of racks on two detail sheets are two and two, not three and one (a sheet
    holding a single row was a half-empty page at 128 nodes)."""
    room = large.report.rooms[0]
    width, height = large.landscape
    details = [s for s in plan_sheets(large.index, room, (width, height - RESERVED_PT)) if s.labelled]
    assert len(details) >= 2
    counts = [len(s.boxes) for s in details]
    assert min(counts) >= 0.5 * max(counts), counts
    for sheet in details:  # every rack of a sheet inside its window
        for box in sheet.boxes:
            assert sheet.x0 <= box.x0 and box.x1 <= sheet.x1 and sheet.y0 <= box.y0 and box.y1 <= sheet.y1


def test_rack_type_table_shares_the_last_elevation_page(large):
    """The last page of rack-type elevations has free columns: the table of types goes there
    instead of alone on a page of its own."""
    from reportlab.platypus import PageBreak, Table

    story = elevations.build(large)
    types = elevations.rack_types(large.index, large.report.racks)
    assert len(types) % elevations.per_page(large)  # the case: a last page with free columns
    body = story[next(i for i, f in enumerate(story) if type(f).__name__ == "SectionHeading"):]
    breaks = sum(isinstance(f, PageBreak) for f in body)
    assert breaks == elevations.page_count(large) - 1  # no page of its own for the table
    last = story[-1]
    assert isinstance(last, Table)
    texts = repr(last._cellvalues)
    assert "Racks of each type" in texts


def test_the_topology_drawing_has_a_legend(large):
    from designer.report.drawings.topology import topology_drawing

    fabric = next(f for f in large.report.fabrics if f.name == "compute")
    texts = {s.text for s in _strings(topology_drawing(large.index, fabric, large.portrait[0], large.t, large.fonts))}
    assert "switch" in texts and "endpoints (the devices cabled to the leaves, counted)" in texts


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_floor_legend_stays_on_the_sheet_clear_of_the_north_arrow(catalog, lang):
    """The load bands, "no budget" and the two aisles' swatches wrap into a second row rather
    than run past the page's edge (English) or through the north arrow (Chinese), as they did
    on the 127-node POD's floor plan at A4 portrait."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    design = load_design(example_design(), catalog)
    ctx = ProposalContext.prepare(design, catalog, lang)
    width, height = ctx.portrait
    room = ctx.report.rooms[0]
    sheet = next(s for s in plan_sheets(ctx.index, room, (width, height - RESERVED_PT)) if s.labelled)
    drawing = sheet_drawing(sheet, ctx.racks_by_name, width, ctx.t, ctx.fonts)
    north = next(s for s in _strings(drawing) if s.text == "N")
    legend = [s for s in _strings(drawing) if s.text in (ctx.t("cold_aisle"), ctx.t("hot_aisle"), ctx.t("no_budget"))]
    assert len(legend) == 3
    for item in legend:
        right = item.x + stringWidth(item.text, item.fontName, item.fontSize)
        assert right <= north.x - 4, (item.text, right, north.x)


def test_a_chart_title_never_runs_past_the_chart(large):
    """A drawing's title does not wrap: one too long for the chart is shrunk (to 7 pt) and cut
    with "…" rather than run off the page, as the TCO chart's did when it listed the unpriced
    parts (they are named in the table above it now)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    rows = [UtilizationPoint(utilization=u / 10, build_total=100 + u, build_total_full_capex=None, cloud_total=20 * u,
                             complete=True) for u in range(1, 11)]
    width = 400.0
    chart = cost_chart(rows, width, large.fonts, title="Cost against utilisation " * 12, build="build", cloud="cloud",
                       money=str)
    title = max(_strings(chart), key=lambda s: len(s.text))
    assert title.fontSize >= 7 and title.text.endswith("…")
    assert stringWidth(title.text, title.fontName, title.fontSize) <= width + 1e-6


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_input_table_stays_inside_the_frame(catalog, lang):
    """A table of the design inputs whose headers are wider than the frame keeps its values'
    widths and wraps its headers (review by helper-38: the English rooms table ran 15 pt
    past the right margin); no header word is split."""
    from designer.report.pdf.sections.inputs import grid

    ctx = ProposalContext.prepare(load_design(example_design(), catalog), catalog, lang)
    header = ["Room", "Size (m)", "Area (m²)", "Power capacity (kW)", "Air cooling (kW)", "Liquid cooling (kW)",
              "Floor rating (kg/m²)", "PUE", "Cold / hot aisle (mm)", "Another long heading (kW)"]
    rows = [["Hall 1", "12.6 × 11.4", "143.6", "not set", "not set", "not set", "not set", "not set",
             "1,200 / 1,200", "not set"]]
    table = grid(ctx, header, rows, numeric_from=1)
    width, _height = table.wrap(ctx.portrait[0], 10_000)
    assert width <= ctx.portrait[0] + 0.5
    assert table._colWidths[0] >= 20, "'Room' on one line"


def test_narrow_topology_boxes_show_the_model_number(catalog):
    """Review by helper-38: eight out-of-band leaves' boxes cut "Spectrum SN2201 (P2C airflow)"
    to "Spectrum S…"; a box too narrow for the product name shows its model number."""
    from designer.fabric.generate import GenerateSpec, generate
    from designer.report.drawings.topology import short_model, short_models, topology_drawing
    from designer.report.json_report import report_parts

    assert short_model("Spectrum SN2201 (P2C airflow)") == "SN2201"
    assert short_model("Quantum-2 QM9700 (MQM9700-NS2F, P2C airflow)") == "QM9700"
    assert short_model("Generic switch") == "Generic switch"
    # review by helper-39: a speed or a count is no model number; brackets nest
    assert short_model("Nexus 93180YC-FX3, 48x 25G + 6x 100G") == "93180YC-FX3"
    assert short_model("Generic 400G leaf switch") == "Generic 400G leaf switch"
    assert short_model("Switch (rev (2) b)") == "Switch"
    assert short_models("Spectrum SN2201 (P2C airflow) / Spectrum SN2201 (C2P airflow)") == "SN2201"
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=127, switch="nvidia-qm9700", rack_power_kw=42),
                      catalog)
    ctx = ProposalContext.prepare(design, catalog, "en")
    oob = next(f for f in report_parts(design, catalog=catalog).fabrics if f.name == "oob")
    texts = [s.text for s in _strings(topology_drawing(ctx.index, oob, ctx.portrait[0], ctx.t, ctx.fonts))]
    assert "SN2201" in texts
    assert not [text for text in texts if text.startswith("Spectrum S") and text.endswith("…")]
