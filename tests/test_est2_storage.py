"""Storage by tier (issue 12, item 3): per-node read demand and named tiers entered by the user,
the checkpoint from the workload's model."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.storage import checkpoint_from_workload
from designer.estimates.summary import planning_estimates
from designer.model.io import load_design
from designer.resources import example_design


def _storage(**storage):
    catalog = load_catalog(include_user=False)
    design = load_design(example_design(), catalog)
    for key, value in storage.items():
        setattr(design.estimates.storage, key, value)
    checker = Checker(design, catalog.cabling)
    return planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))


def test_per_node_tiers_name_the_highest_one_the_design_reaches():
    # the bundled example: 16 DGX H100, the storage systems read 568 GB/s together = 35.5 GB/s per node.
    # Tiers entered by the user (illustrative figures, not the RA's): 4, 20 and 40 GB/s per node
    #   -> 64, 320 and 640 GB/s needed: the first two reached, the third not
    est = _storage(read_tiers_per_node_gbytes_s={"best": 40.0, "good": 4.0, "better": 20.0})
    st = est.storage
    assert st.gpu_servers == 16
    assert st.read_available_per_node_gbytes_s == pytest.approx(35.5)
    assert [(t.tier, t.read_required_gbytes_s, t.reached) for t in st.read_tiers] == [
        ("good", 64.0, True), ("better", 320.0, True), ("best", 640.0, False)]
    assert st.read_tier_reached == "better"
    assert "storage.tiers_unset" not in [n.key for n in est.notes]


def test_without_tiers_the_report_says_they_are_the_users_to_enter():
    est = _storage()
    assert est.storage.read_tiers == [] and est.storage.read_tier_reached is None
    assert "storage.tiers_unset" in [n.key for n in est.notes]


def test_read_demand_per_node():
    st = _storage(read_per_node_gbytes_s=40.0).storage
    assert st.read_required_per_node_basis_gbytes_s == pytest.approx(640.0)  # 16 x 40
    assert st.read_sufficient_per_node_basis is False  # 568 < 640


def test_checkpoint_from_the_workload_by_hand():
    # 7 B x (2 bf16 weights + 12 fp32 master weights and Adam moments) = 98 GB = 0.098 TB;
    # at 256 GB/s of aggregate write: 98 / 256 = 0.3828 s
    assert checkpoint_from_workload(7.0, 14.0, 256.0).as_dict() == {"bytes_per_parameter": 14.0, "size_tb": 0.098,
                                                                    "write_s": 0.383}
    # 175 B: 2.45 TB, 9.57 s
    assert checkpoint_from_workload(175.0, 14.0, 256.0).write_s == pytest.approx(9.570, abs=1e-3)
    assert checkpoint_from_workload(7.0, 14.0, None).write_s is None
    checkpoint = _storage().storage.checkpoint_from_workload
    assert checkpoint is not None and checkpoint.size_tb == pytest.approx(0.098)
