"""Finding messages as keys and figures: the English catalog the rules use, and the
Chinese one the proposal renders (the exact English texts are asserted in test_checks)."""

from __future__ import annotations

import ast
import string

from conftest import ROOT
from designer.checks.messages import TEMPLATES, english, msg, names

# every rule module, those added later too (roce_rules.py, issue 12)
RULE_MODULES = sorted((ROOT / "designer" / "checks").glob("*_rules.py"))


def _fields(template: str | dict[str, str]) -> set[str]:
    forms = template.values() if isinstance(template, dict) else [template]
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}


def test_every_key_a_rule_names_is_in_the_catalog_and_every_template_is_used():
    named, constants = set(), set()
    for path in RULE_MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg" and node.args:
                named |= {c.value for c in ast.walk(node.args[0]) if isinstance(c, ast.Constant)}
    assert named - set(TEMPLATES) == set()
    assert set(TEMPLATES) - constants == set(), "templates no rule uses"


def test_plural_forms_are_complete_and_agree():
    for key, template in TEMPLATES.items():
        if isinstance(template, dict):
            assert set(template) == {"one", "other"}, key
            # a part's slug and its English plural are the one field that differs between forms
            slug = {"part", "part_plural"}
            assert _fields(template["one"]) - slug == _fields(template["other"]) - slug, key


def test_counts_lists_and_ratios_render_as_the_english_always_has():
    ports = [f"p{n}" for n in range(1, 10)]
    assert english(msg("port_double_connected", device="leaf", count=9, ports=names(ports, 6))) == (
        "leaf: 9 ports with more than one cable (p1, p2, p3, p4, p5, p6 and 3 more)")
    assert english(msg("port_double_connected", device="leaf", count=1, ports=names(["p1"], 6))) == (
        "leaf: 1 port with more than one cable (p1)")
    assert english(msg("switch_ports_exhausted", fabric="f", count=5, switches=names(ports[:5], 4))).endswith(
        "(p1, p2, p3, p4 ...)")
    assert english(msg("oversubscription_above_target", fabric="f", tier="spine", worst=1.5, count=1,
                       target=1.0)) == "Fabric f: spine oversubscription reaches 1.5:1 (1 spine switch), above the 1:1 target"


# ---------------------------------------------------------------- Chinese


def _sample_params(template: str | dict[str, str]) -> dict:
    """Figures of the kind each field's English format spec expects."""
    forms = template.values() if isinstance(template, dict) else [template]
    params: dict = {}
    for form in forms:
        for _, name, spec, _ in string.Formatter().parse(form):
            if not name:
                continue
            if spec in ("and_more", "ellipsis"):
                params[name] = names(["sw-a", "sw-b", "sw-c"], 2)
            elif spec == "ratio":
                params[name] = 2.0
            elif spec:
                params[name] = 1234.5
            else:
                params[name] = {"count": 2, "tier": "leaf"}.get(name, f"<{name}>")
    return params


def test_every_message_key_has_a_chinese_template_with_the_same_fields():
    from designer.checks.messages_zh import FINDINGS_ZH

    assert set(FINDINGS_ZH) == set(TEMPLATES)
    for key, template in TEMPLATES.items():
        extra = _fields(FINDINGS_ZH[key]) - _fields(template)
        assert extra == set(), (key, extra)
        assert "part_plural" not in _fields(FINDINGS_ZH[key]), key  # English only


def test_every_chinese_template_renders_in_chinese():
    from designer.checks.messages_zh import FINDINGS_ZH
    from designer.i18n import Translator

    t = Translator("zh")
    for key, template in TEMPLATES.items():
        params = _sample_params(template)
        text = t.finding_message({"message": "english", "key": key, "params": params})
        assert "{" not in text and "}" not in text, (key, text)
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text), (key, text)
        for name in _fields(FINDINGS_ZH[key]):  # names and lists arrive whole
            value = params[name]
            if isinstance(value, str) and value.startswith("<"):
                assert value in text, (key, name, text)
            if isinstance(value, dict):
                assert "sw-a、sw-b 等" in text, (key, text)


def test_chinese_numbers_lists_and_terms():
    from designer.i18n import Translator

    zh, en = Translator("zh"), Translator("en")
    finding = {
        "message": "Fabric compute: leaf oversubscription reaches 2:1 (4 leaf switches), above the 1:1 target",
        "key": "oversubscription_above_target",
        "params": {"fabric": "compute", "tier": "leaf", "worst": 2.0, "count": 4, "target": 1.0},
        "hint": "add uplinks on cmp-leaf01 or move endpoints off it",
        "hint_key": "hint.add_uplinks", "hint_params": {"switch": "cmp-leaf01"},
    }
    # the generator's fabric names said in words (report/i18n_terms.py); a user's name keeps "网络 …"
    assert zh.finding_message(finding) == "计算网络：叶层收敛比达到 2:1（4 台叶交换机），高于 1:1 的目标"
    assert zh.finding_hint(finding) == "在 cmp-leaf01 上增加上行链路，或将部分终端迁出"
    assert en.finding_message(finding) == finding["message"] and en.finding_hint(finding) == finding["hint"]
    spof = {"message": "…", "key": "spof_switch",
            "params": {"fabric": "oob", "count": 1234, "tier": "leaf", "names": names(["a", "b", "c"], 2),
                       "cut": 5678}}
    assert zh.finding_message(spof) == "带外管理网络：1,234 台叶交换机为单点故障（a、b 等），故障时共有 5,678 个终端断开"
    east = {**spof, "params": {**spof["params"], "fabric": "east"}}
    assert zh.finding_message(east).startswith("网络 east：")


def test_a_finding_without_a_key_stays_as_written():
    from designer.i18n import Translator

    old = {"message": "Rack A01 draws 46.0 kW", "hint": "move it"}  # a report from before the keys
    assert Translator("zh").finding_message(old) == "Rack A01 draws 46.0 kW"
    assert Translator("zh").finding_hint(old) == "move it"
    assert Translator("zh").finding_hint({"message": "m", "hint": None}) is None
