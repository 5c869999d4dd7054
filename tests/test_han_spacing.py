"""Chinese text sets a space where a Latin word or figure from a field meets a Chinese
character of the template ("Example AI Lab 计划", "在 Hall 1 中"), as the templates write
their own figures ("共 {gpus} 块"); the templates' own text and Chinese values stay as they are."""

from __future__ import annotations

import pytest

from designer.i18n import Translator
from designer.i18n.templates import HanSpacing

import designer.report.i18n_proposal  # noqa: F401  (registers the proposal's words)


@pytest.mark.parametrize(("template", "values", "said"), [
    ("{customer}计划建设", {"customer": "Example AI Lab"}, "Example AI Lab 计划建设"),
    ("在{room}中", {"room": "Hall 1"}, "在 Hall 1 中"),
    ("在{room}中", {"room": "一号机房"}, "在一号机房中"),
    ("共 {gpus} 块", {"gpus": 128}, "共 128 块"),  # spaced already: not twice
    ("共{gpus}块", {"gpus": "1,024"}, "共 1,024 块"),
    ("设备 {device}：未接线", {"device": "dgx-01"}, "设备 dgx-01：未接线"),  # before a full-width mark: none
    ("（{part}）", {"part": "MCP1600"}, "（MCP1600）"),
    ("由{who}于{day}", {"who": "Li Wei", "day": "2026-12-02"}, "由 Li Wei 于 2026-12-02"),
    # review by helper-42: a Chinese phrase that starts or ends with a code takes none
    ("在{room}中", {"room": "3号机房"}, "在3号机房中"),
    ("在{room}中", {"room": "B1机房、A栋"}, "在B1机房、A栋中"),
    ("于{day}", {"day": "2026年12月2日"}, "于2026年12月2日"),
    ("{room}内", {"room": "机房B1"}, "机房B1内"),
    # ... and a Latin name that ends on its full stop or bracket takes one
    ("{customer}计划建设", {"customer": "Acme Co., Ltd."}, "Acme Co., Ltd. 计划建设"),
    ("与{customer}确认", {"customer": "Acme (EU)"}, "与 Acme (EU) 确认"),
    ("华为Atlas{n}", {"n": "800T"}, "华为Atlas800T"),  # the template's own text as written
])
def test_a_space_where_a_field_meets_a_chinese_character(template, values, said):
    assert HanSpacing().vformat(template, (), values) == said


def test_the_proposal_says_it_so_and_english_is_untouched():
    zh, en = Translator("zh"), Translator("en")
    text = zh("exec_objective_text", customer="Example AI Lab", gpus="128", rooms="Hall 1")
    assert text.startswith("Example AI Lab 计划建设") and "在 Hall 1 中" in text
    assert zh("exec_objective_text", customer="某某科技", gpus="128", rooms="一号机房").startswith("某某科技计划")
    assert en("exec_objective_text", customer="Example AI Lab", gpus="128", rooms="Hall 1").startswith(
        "Example AI Lab plans an AI training cluster of 128 GPUs")
