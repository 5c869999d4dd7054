"""The rail / scalable-unit drawing (issue 16, item 6): one scalable unit of the compute fabric,
its servers' ports as one line per cabled port in the rail's colour, to the leaf the design
cables it to; nothing drawn without a compute fabric or for a one-switch fabric."""

from __future__ import annotations

import dataclasses
import io

import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Line, String

from designer.model.index import DesignIndex
from designer.model.io import load_design
from designer.report.drawings.scalable_unit import RAIL_COLOURS, RAIL_LINE_W, unit_drawing, unit_plan, uplink_text
from designer.report.fonts import font_set
from designer.i18n import Translator
from designer.report.pdf import proposal_pdf
from designer.report.pdf.context import ProposalContext
from designer.report.svg_export import drawings
from designer.resources import example_design
from tests.conftest import run_cli
from tests.factories import small_design

WIDTH = 761.9  # the landscape frame


def _walk(node):
    yield node
    for child in getattr(node, "contents", []) or []:
        yield from _walk(child)


def rail_lines(drawing) -> list[Line]:
    """The drawing's rail lines: thin lines in a rail colour (the legend's swatches are thick)."""
    return [n for n in _walk(drawing) if isinstance(n, Line) and n.strokeColor in RAIL_COLOURS
            and n.strokeWidth == RAIL_LINE_W]


def texts(drawing) -> set[str]:
    return {n.text for n in _walk(drawing) if isinstance(n, String)}


def cabled_ports(design, servers: set[str], leaves: set[str]) -> list[tuple[str, str, str]]:
    """(server, server port, leaf) of every design link between the unit's servers and leaves."""
    found = []
    for link in design.links:
        for near, far in ((link.a, link.b), (link.b, link.a)):
            if near.device in servers and far.device in leaves:
                found.append((near.device, near.port, far.device))
    return found


def _generated(catalog, tmp_path_factory, *args):
    out = tmp_path_factory.mktemp("su") / "x.json"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--switch", "nvidia-qm9700", *args, "-o", str(out))
    assert result.code == 0, result
    return load_design(out, catalog)


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


@pytest.fixture(scope="module")
def large(catalog, tmp_path_factory):
    return _generated(catalog, tmp_path_factory, "--nodes", "128")


def _drawn(design, lang="en"):
    plan = unit_plan(DesignIndex.build(design))
    assert plan is not None
    return plan, unit_drawing(plan, WIDTH, Translator(lang), font_set(lang))


def test_example_unit_one_line_per_rail_port(example):
    plan, drawing = _drawn(example)
    assert plan.number == 1 and plan.units == 1 and len(plan.servers) == 16
    assert plan.leaves == ["cmp-leaf01", "cmp-leaf02", "cmp-leaf03", "cmp-leaf04"]
    cabled = cabled_ports(example, set(plan.servers), set(plan.leaves))
    assert len(cabled) == 16 * 8
    lines = rail_lines(drawing)
    assert len(lines) == len(cabled) == 128
    assert len({line.strokeColor for line in lines}) == 8  # one colour per rail
    # each colour once per server: 16 lines of each of the 8 rails
    assert sorted(sum(1 for l in lines if l.strokeColor == c) for c in RAIL_COLOURS[:8]) == [16] * 8
    shown = texts(drawing)
    assert set(plan.leaves) <= shown and set(plan.servers) <= shown
    # 16 servers on 64-port leaves: two rails share a leaf, rail 1 and 2 on leaf01 (NIC 1, 2 -> osfp1, osfp2)
    assert "rail 1 → cmp-leaf01" in shown and "rail 2 → cmp-leaf01" in shown and "rail 8 → cmp-leaf04" in shown
    assert "16 × 400G to each of 2 spine switches (32 in all)" in shown


def test_large_rail_optimised_unit(large):
    plan, drawing = _drawn(large)
    assert plan.rail_optimized and plan.units == 4
    assert plan.servers == [f"node{n:03d}" for n in range(1, 33)]
    leaves = [f"cmp-leaf{n:02d}" for n in range(1, 9)]
    assert plan.leaves == leaves
    cabled = cabled_ports(large, set(plan.servers), set(leaves))
    lines = rail_lines(drawing)
    assert len(lines) == len(cabled) == 32 * 8
    assert {line.strokeColor for line in lines} == set(RAIL_COLOURS[:8])
    # rail k lands on leaf k only, as the design cables NIC k (osfp k) of every server
    for rail in range(8):
        assert plan.rail_leaves(rail) == [leaves[rail]]
        assert {leaf for server, port, leaf in cabled if port == f"osfp{rail + 1}"} == {leaves[rail]}
    shown = texts(drawing)
    assert set(leaves) <= shown
    assert {f"rail {k + 1} → {leaves[k]}" for k in range(8)} <= shown
    assert "2 × 400G to each of 16 spine switches (32 in all)" in shown
    assert plan.uplink_count == 8 * 32
    assert "16 × spine: cmp-spine01 – cmp-spine16" in shown


def test_lines_end_at_the_cabled_leaf(large):
    """Every rail line starts on its server's box and ends on the leaf box the design cables that port to."""
    plan, drawing = _drawn(large)
    boxes = {}
    for node in _walk(drawing):
        if isinstance(node, String) and node.text in plan.leaves:
            boxes[node.text] = node.x  # the leaf's label sits at the box's centre
    cabled = cabled_ports(large, set(plan.servers), set(plan.leaves))
    lines = rail_lines(drawing)
    by_colour_leaf = {}
    for link in plan.links:
        by_colour_leaf.setdefault(RAIL_COLOURS[link.rail], set()).add(link.leaf)
    for line in lines:
        (leaf,) = by_colour_leaf[line.strokeColor]
        nearest = min(boxes, key=lambda name: abs(boxes[name] - line.x2))
        assert nearest == leaf
    assert len(lines) == len(cabled)


def test_not_rail_optimised_draws_each_servers_leaves(catalog, tmp_path_factory):
    design = _generated(catalog, tmp_path_factory, "--nodes", "20", "--no-rail-optimized")
    plan, drawing = _drawn(design)
    assert not plan.rail_optimized
    cabled = cabled_ports(design, set(plan.servers), set(plan.leaves))
    assert cabled and len(rail_lines(drawing)) == len(cabled)
    assert {(l.server, l.port, l.leaf) for l in plan.links} == set(cabled)
    assert "Server ports" in texts(drawing)


def test_nothing_drawn_for_one_switch_or_no_compute_fabric(catalog, example):
    assert unit_plan(DesignIndex.build(small_design())) is None  # the compute fabric is one leaf
    no_compute = example.model_copy(deep=True)
    compute = {f.name for f in no_compute.fabrics if f.role == "compute"}
    no_compute.fabrics = [f for f in no_compute.fabrics if f.role != "compute"]
    no_compute.links = [l for l in no_compute.links if l.fabric not in compute]
    assert unit_plan(DesignIndex.build(no_compute)) is None
    ctx = ProposalContext.prepare(no_compute, catalog, "en")
    assert not any(name.startswith("scalable-unit") for name, _ in drawings(ctx))


def test_proposal_and_svg_carry_the_unit(catalog, example):
    text = "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(proposal_pdf(example, catalog, "en"))).pages)
    assert "One scalable unit" in text and "Compute fabric: scalable unit 1 of 1" in text
    ctx = ProposalContext.prepare(example, catalog, "zh")
    names = [name for name, _ in drawings(ctx)]
    assert names.count("scalable-unit-1.svg") == 1


def test_chinese_words(large):
    _plan, drawing = _drawn(large, "zh")
    shown = texts(drawing)
    assert "计算网络：第 1 个可扩展单元（共 4 个）" in shown
    assert "轨道 1 → cmp-leaf01" in shown
    assert "至 16 台脊交换机各 2 × 400G（共 32 条）" in shown


def test_chinese_su_page_has_no_stray_english(catalog, large):
    """The unit's page of the Chinese proposal: every Latin word a name, a part number or a unit."""
    from tests.zh_words import name_words, stray

    pages = PdfReader(io.BytesIO(proposal_pdf(large, catalog, "zh"))).pages
    found = [p.extract_text() or "" for p in pages if "一个可扩展单元" in (p.extract_text() or "")]
    assert len(found) == 1  # one page
    assert "轨道 8 → cmp-leaf08" in found[0]
    assert stray(found[0], name_words(large, catalog)) == []


def test_leaves_cabled_unlike_each_other_are_said_one_by_one(large):
    plan, _drawing = _drawn(large)
    t = Translator("en")
    fewer = {**plan.uplinks, "cmp-leaf02": plan.uplinks["cmp-leaf02"][:4]}  # leaf02 to 4 spines only
    uneven = dataclasses.replace(plan, uplinks=fewer)
    lines = uplink_text(uneven, t)
    assert lines[0] == "cmp-leaf01: 32 × 400G to 16 switches"
    assert lines[1] == "cmp-leaf02: 8 × 400G to 4 switches"
    drawing = unit_drawing(uneven, WIDTH, t, font_set("en"))
    assert "…" in texts(drawing)  # eight leaves, three shown
    assert uneven.uplink_count == 7 * 32 + 8


@pytest.mark.parametrize("servers", [32, 64, 128])
def test_server_names_stay_readable(large, servers):
    """A unit of many servers (64 in an SN5600 unit) keeps its names at 6 pt or more: when a
    slot is too narrow for every name, every k-th server is named, the first and last always."""
    plan = unit_plan(DesignIndex.build(large))
    names = [f"node{n:03d}" for n in range(1, servers + 1)]
    wide = dataclasses.replace(plan, servers=names, links=[])
    drawing = unit_drawing(wide, WIDTH, Translator("en"), font_set("en"))
    drawn = [n for n in _walk(drawing) if isinstance(n, String) and n.text in names]
    assert drawn and min(n.fontSize for n in drawn) >= 6.0
    shown = {n.text for n in drawn}
    assert {names[0], names[-1]} <= shown
    if servers <= 64:  # a slot of 556 / 64 = 8.7 pt holds a 6-pt name
        assert shown == set(names)
    else:
        assert len(shown) < servers  # not every name: they would not fit at 6 pt


def test_rack_scale_rails_are_the_trays_nic_ranks(catalog):
    """A GB200 NVL72's 72 compute ports are 18 trays x 4 NICs: the drawing's rails are the 4
    NIC ranks (NIC k of every tray on the rail-k leaf), not 72 rails of one port each."""
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-gb200-nvl72", gpus=1152, switch="nvidia-qm9700",
                                   server_max_kw=132, server_liquid_share=0.85, server_weight_kg=1200,
                                   rack_type="rack-42u-600-vertiv-vr3300", rack_power_kw=140, cooling="liquid"),
                      catalog)
    plan, drawing = _drawn(design)
    assert plan.rails == 4
    assert len(plan.links) == 72  # one system's trays x NICs
    assert {rail: plan.rail_leaves(rail) for rail in range(4)} == {
        rail: [leaf] for rail, leaf in enumerate(sorted({link.leaf for link in plan.links}))}
    assert len(rail_lines(drawing)) == 72
