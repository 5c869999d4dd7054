"""One rule names a part for a reader, in the proposal and in the window's estimates panel
(``designer.report.product_names.PartNames``; review by helper-39)."""

from __future__ import annotations

from types import SimpleNamespace

from designer.report.product_names import PartNames, described_parts, entry_name


def _kind(slug: str, model: str) -> SimpleNamespace:
    return SimpleNamespace(slug=slug, model=model)


CATALOG = {"weka-wekapod-nitro-8": _kind("weka-wekapod-nitro-8",
                                         "WEKApod Nitro data platform appliance, 8-server base configuration"),
           "rack-42u-600": _kind("rack-42u-600", "iSEVEN Ri7 42U 600 mm x 1200 mm")}


def test_the_design_entry_first_then_the_bom_then_the_catalog_then_the_slug():
    names = PartNames([_kind("weka-wekapod-nitro-8", "Our WEKA pod")],
                      [("weka-wekapod-nitro-8", "WEKA"), ("osfp-800g-sr8", "800G OSFP SR8 module")], [CATALOG])
    assert names("weka-wekapod-nitro-8") == "Our WEKA pod"
    assert names("osfp-800g-sr8") == "800G OSFP SR8 module"
    assert names("rack-42u-600") == "iSEVEN Ri7 42U 600 mm x 1200 mm"
    assert names("no-such-part") == "no-such-part"


def test_a_slug_without_a_hyphen_is_named_like_any_other():
    # the proposal had kept only slugs with a hyphen (a filter meant for finding slugs in text)
    names = PartNames([_kind("wekapod", "WEKApod Nitro data platform appliance")], (), [CATALOG])
    assert names("wekapod") == "WEKApod Nitro data platform appliance"


def test_an_empty_or_blank_model_falls_through():
    names = PartNames([_kind("weka-wekapod-nitro-8", "   ")], [("weka-wekapod-nitro-8", "WEKA")], [CATALOG])
    assert names("weka-wekapod-nitro-8") == "WEKA"
    names = PartNames([_kind("weka-wekapod-nitro-8", "")], (), [CATALOG])
    assert names("weka-wekapod-nitro-8") == "WEKApod Nitro data platform appliance"
    assert entry_name("x", {"x": _kind("x", "  ")}) == "x"


def test_descriptions_are_found_in_every_missing_parts_block():
    block = {"capex": {"missing_parts": [{"part": "a-1", "description": "A one"}]},
             "tco": [{"missing_parts": [{"part": "b-2", "description": None}]}]}
    assert list(described_parts(block)) == [("a-1", "A one"), ("b-2", None)]
