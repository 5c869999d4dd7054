"""`designer export --bom` says on standard error what the price list priced nothing for (a
slug no part has, a price in another currency), as the proposal's assumptions do (review,
helper-45: the BOM export said nothing)."""

from __future__ import annotations

import json

from conftest import ROOT, run_cli

EXAMPLE = ROOT / "resources/examples/dgx-h100-16-node.json"


def test_bom_export_warns_of_prices_that_priced_nothing(tmp_path):
    data = json.loads(EXAMPLE.read_bytes())
    data.setdefault("estimates", {}).setdefault("cost", {})["prices"] = {
        "nope-slug": {"amount": 5}, "nvidia-dgx-h100": {"amount": 5, "currency": "EUR"}}
    design = tmp_path / "priced.json"
    design.write_text(json.dumps(data))
    result = run_cli("export", design, "--bom", tmp_path / "bom.csv")
    assert result.code == 0, result
    warnings = [line for line in result.err.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 2, result.err
    assert "nope-slug" in warnings[0] and "check the slugs" in warnings[0]
    assert "nvidia-dgx-h100 (EUR)" in warnings[1] and "unpriced" in warnings[1]


def test_a_clean_price_list_gives_no_warning(tmp_path):
    result = run_cli("export", EXAMPLE, "--bom", tmp_path / "bom.csv")
    assert result.code == 0 and "warning" not in result.err, result
