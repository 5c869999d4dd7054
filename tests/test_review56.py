"""Review 56's defects: storage leaves that the spine spreading left without a link to some
spines, and max-flow looping for ever on a path of unbounded arcs."""

from __future__ import annotations

import math

from designer.fabric.build_side import _spine_layout
from designer.fabric.maxflow import max_flow_value


def test_a_leaf_whose_ports_hold_the_rounding_keeps_a_link_to_every_spine():
    spines, rows = _spine_layout([26] * 8 + [2, 2], [28] * 8 + [32, 32], 64)
    assert spines == 5
    assert rows[-1] == [1] * 5 and rows[-2] == [1] * 5  # rounded up: one to each spine
    for row, want, cap in zip(rows[:8], [26] * 8, [28] * 8):  # spread: their own uplinks only
        assert sum(row) == want and max(row) - min(row) <= 1 and sum(row) <= cap
    assert all(sum(row[j] for row in rows) <= 64 for j in range(spines))


def test_the_reviewed_reserved_design_reaches_every_spine_from_each_storage_leaf(catalog):
    from designer.fabric.generate import generate
    from designer.fabric.generate_spec import GenerateSpec
    from designer.model.index import DesignIndex

    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=129,
                                   storage_fabric="reserved", reserved_storage_ports=4), catalog)
    index = DesignIndex.build(design)
    kinds = {d.name: d.tier for d in design.devices}
    spines = {d.name for d in design.devices if d.fabric == "storage" and d.tier == "spine"}
    reached: dict[str, set[str]] = {}
    for link in design.links:
        if link.fabric != "storage":
            continue
        a, b = link.a.device, link.b.device
        if kinds.get(a) == "leaf" and b in spines:
            reached.setdefault(a, set()).add(b)
        elif kinds.get(b) == "leaf" and a in spines:
            reached.setdefault(b, set()).add(a)
    assert spines and reached and index
    assert all(found == spines for found in reached.values())


def test_a_path_of_unbounded_arcs_is_an_unbounded_flow():
    assert max_flow_value({"s": {"t": math.inf}}, "s", "t") == math.inf
    assert max_flow_value({"s": {"a": math.inf}, "a": {"t": 5.0}}, "s", "t") == 5.0


def test_the_wizard_names_every_tier_pick_switch_is_asked_for(catalog):
    from designer.errors import GenerationError
    from designer.fabric.build_fabrics import pick_switch
    from designer.i18n import Translator
    from designer.ui.words_generate import generation_problem

    for what, en, zh in (("spine", "compute (spine tier)", "计算（Spine 层）"),
                         ("in-band core", "in-band management (core tier)", "带内管理（核心层）"),
                         ("oob-aggregation", "out-of-band management (aggregation tier)", "带外管理（汇聚层）")):
        try:
            pick_switch(catalog, "ethernet", 7.0, None, what)  # no catalog switch has 7G ports
        except GenerationError as exc:
            text = generation_problem(exc, Translator("zh"))
            assert zh in text and what not in text, text
            assert f"for the {en} fabric" in generation_problem(exc, Translator("en"))
        else:
            raise AssertionError(f"a 7G {what} switch was found")
