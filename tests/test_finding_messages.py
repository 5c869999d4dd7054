"""Finding messages as keys and figures: the English catalog the rules use, and the
Chinese one the proposal renders (the exact English texts are asserted in test_checks)."""

from __future__ import annotations

import ast
import string

from conftest import ROOT
from designer.checks.messages import TEMPLATES, english, msg, names

RULE_MODULES = [ROOT / "designer" / "checks" / f"{m}_rules.py" for m in ("rack", "room", "link", "fabric", "design")]


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
