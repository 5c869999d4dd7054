"""No partial totals: every estimate that sums prices says whether it is complete and which
parts it leaves out, and no break-even is stated from an incomplete CAPEX.

The design (tests/factories.small_design): 4 test servers in racks R01 and R02, one switch
(leaf1, in R01), 2 racks, 32 AOC 400G 5 m cables (every server port to leaf1). Prices set
here: server 100,000, rack 2,000, cable 500; the switch has none unless a test gives it one.
"""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.model.estimates import Stage
from designer.model.hardware import Price
from designer.report.json_report import build_report
from factories import small_design


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def priced(switch: float | None = None, **cost):
    design = small_design()
    prices = design.estimates.cost.prices
    prices["test-server"] = Price(amount=100_000, estimate=False)
    prices["test-rack-42u"] = Price(amount=2_000, estimate=False)
    prices["aoc-400g@5m"] = Price(amount=500, estimate=False)
    if switch is not None:
        prices["test-switch"] = Price(amount=switch, estimate=False)
    design.estimates.cost.installation_cost = 30_000
    for key, value in cost.items():
        setattr(design.estimates.cost, key, value)
    return design


SWITCH_MISSING = {"part": "test-switch", "description": "Test 64-port switch", "section": "switches",
                  "quantity": 1, "price_source": "unknown"}


def test_an_unpriced_part_leaves_capex_opex_and_the_build_side_incomplete(catalog):
    tco = build_report(priced(), catalog=catalog)["estimates"]["tco"]
    # hardware 4 x 100,000 + 2 x 2,000 + 32 x 500 = 420,000 (the switch counts as zero); + 30,000 installation
    assert tco["capex"]["hardware"] == 420_000 and tco["capex"]["total"] == 450_000
    assert tco["capex"]["complete"] is False
    assert tco["capex"]["unpriced_parts"] == ["test-switch"]  # the old key stays as it was
    assert tco["capex"]["missing_parts"] == [SWITCH_MISSING]
    # maintenance is 8 % of the partial CAPEX: OPEX is incomplete too
    assert tco["opex_per_year"]["maintenance"] == pytest.approx(36_000)
    assert tco["opex_per_year"]["complete"] is False
    assert tco["opex_per_year"]["missing_parts"] == [SWITCH_MISSING]
    # build totals, cost per GPU-hour and every by_utilization row include the CAPEX
    assert tco["complete"] is False and tco["missing_parts"] == [SWITCH_MISSING]
    assert [row["complete"] for row in tco["by_utilization"]] == [False] * 10
    # the figures themselves stay (lower bounds), so nothing is removed from the contract
    assert tco["build_total"] is not None and tco["build_cost_per_gpu_hour"] is not None


def test_no_break_even_is_stated_from_an_incomplete_capex(catalog):
    estimates = build_report(priced(), catalog=catalog)["estimates"]
    tco = estimates["tco"]
    # complete, the same design breaks even near 21 % (next test): incomplete, no figure at all
    assert tco["break_even_utilization"] is None
    assert tco["break_even_status"] == "capex_incomplete"
    assert tco["break_even_utilization_full_capex"] is None


def test_a_complete_capex_states_the_break_even_by_hand(catalog):
    tco = build_report(priced(switch=30_000), catalog=catalog)["estimates"]["tco"]
    assert tco["capex"]["total"] == 480_000
    assert tco["capex"]["complete"] is True and tco["capex"]["missing_parts"] == []
    assert tco["opex_per_year"]["complete"] is True and tco["complete"] is True
    assert all(row["complete"] for row in tco["by_utilization"])
    # F = 480,000 x 3/5 + 3 x 8 % x 480,000 = 403,200
    # E = 41.44 kW (4 x 10.2 + 0.64 typical) x PUE 1.3 x 8,760 h x 0.12 x 3 = 169,890.74
    # C = 2.5 x 32 GPUs x 8,760 h x 3 = 2,102,400;  u* = F / (C - E) = 0.2086
    assert tco["break_even_status"] == "stated"
    assert tco["break_even_utilization"] == pytest.approx(403_200 / (2_102_400 - 169_890.7392), abs=1e-4)
    assert tco["break_even_utilization"] == pytest.approx(0.2086, abs=1e-4)


def test_building_that_never_wins_is_said_even_with_an_incomplete_capex(catalog):
    # cloud at 0.01 per GPU-hour: C = 0.01 x 32 x 8,760 x 3 = 840.96 < E = 169,890.74, so building
    # never wins, and an unpriced part can only make building dearer: still true, still stated
    tco = build_report(priced(cloud_price_per_gpu_hour=0.01), catalog=catalog)["estimates"]["tco"]
    assert tco["complete"] is False
    assert tco["break_even_status"] == "never" and tco["break_even_utilization"] is None
    assert tco["break_even_status_full_capex"] == "never"


def test_opex_without_maintenance_is_complete_though_capex_is_not(catalog):
    tco = build_report(priced(maintenance_share_per_year=0.0), catalog=catalog)["estimates"]["tco"]
    assert tco["capex"]["complete"] is False
    assert tco["opex_per_year"]["complete"] is True and tco["opex_per_year"]["missing_parts"] == []


def test_a_price_in_another_currency_is_a_missing_part(catalog):
    design = priced()
    design.estimates.cost.prices.pop("test-server")
    design.device_types[0].list_price = Price(amount=90_000, currency="EUR", estimate=False)
    tco = build_report(design, catalog=catalog)["estimates"]["tco"]
    server = next(p for p in tco["capex"]["missing_parts"] if p["part"] == "test-server")
    assert server == {"part": "test-server", "description": "Test 8-GPU server", "section": "servers",
                      "quantity": 4, "price_source": "unknown (catalog price is in EUR)"}


def test_each_growth_stage_says_whether_its_capex_is_complete(catalog):
    design = priced()
    design.stages = [Stage(name="One", racks=["R02"]), Stage(name="Two", racks=["R01", "R02"])]
    one, two = build_report(design, catalog=catalog)["estimates"]["stages"]
    # R02: 2 servers + its rack = 202,000, no cable (leaf1 is in R01): every part priced
    assert one["capex"] == 202_000 and one["capex_complete"] is True and one["missing_parts"] == []
    # both racks: 420,000 as the whole design, without the unpriced leaf1
    assert two["capex"] == 420_000 and two["capex_complete"] is False
    assert two["missing_parts"] == [SWITCH_MISSING]
    assert two["unpriced_parts"] == ["test-switch"]
