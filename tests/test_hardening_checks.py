"""A fabric with no links gets a finding (issue 18, checks)."""

from __future__ import annotations

from designer.checks import run_checks
from designer.checks.findings import CODES
from designer.model.io import load_design

from conftest import ROOT

EXAMPLE = ROOT / "resources" / "examples" / "dgx-h100-16-node.json"


def _without_links(design, catalog):
    return [f for f in run_checks(design, catalog.cabling) if f.code == "FABRIC_WITHOUT_LINKS"]


def test_a_fabric_without_links_is_a_warning(catalog):
    design = load_design(EXAMPLE, catalog)
    assert not _without_links(design, catalog), "every fabric of the example is cabled"
    design.links = [link for link in design.links if link.fabric != "storage"]
    found = _without_links(design, catalog)
    assert len(found) == 1
    finding = found[0].as_dict()
    assert finding["severity"] == "warning" and finding["objects"] == ["storage"]
    assert finding["message"].startswith("Fabric storage has no links")
    assert finding["key"] == "fabric_without_links" and finding["hint_key"] == "hint.cable_or_remove_fabric"
    assert "FABRIC_WITHOUT_LINKS" in CODES


def test_the_finding_is_said_in_chinese(catalog):
    from designer.checks.messages_zh import FINDINGS_ZH
    from designer.report.i18n_proposal import CODE_TITLES

    assert "fabric_without_links" in FINDINGS_ZH and "hint.cable_or_remove_fabric" in FINDINGS_ZH
    assert CODE_TITLES["FABRIC_WITHOUT_LINKS"]["zh"]


def test_the_readme_lists_the_code():
    assert "`FABRIC_WITHOUT_LINKS`" in (ROOT / "README.md").read_text()
