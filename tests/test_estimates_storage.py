"""Storage sizing: read demand, checkpoint writes and capacity tiers by hand."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.checks.context import CheckContext
from designer.estimates.storage import (
    capacity_tiers,
    checkpoint_size_tb,
    read_required_gbytes_s,
    storage_estimate,
    write_seconds,
)
from designer.model import Device, DeviceType, PortGroup, PowerSpec, StorageSpec
from designer.model.estimates import ScalingInputs, StorageInputs
from designer.model.io import load_design
from designer.resources import example_design
from factories import SOURCE, small_design


def test_read_demand_by_hand():
    # 128 GPUs x 100 samples/s x 1 MB = 12,800 MB/s = 12.8 GB/s
    assert read_required_gbytes_s(128, 100.0, 1.0) == pytest.approx(12.8)


def test_checkpoint_by_hand():
    # 7 B parameters x 14 bytes (bf16 weights 2 + fp32 master 4 + Adam moments 8) = 98 GB = 0.098 TB
    assert checkpoint_size_tb(7.0, 14.0) == pytest.approx(0.098)
    # written at 256 GB/s: 98 / 256 = 0.3828125 s
    assert write_seconds(0.098, 256.0) == pytest.approx(0.3828125)
    assert write_seconds(0.098, None) is None


def test_capacity_tiers_by_rule():
    inputs = StorageInputs(dataset_tb=100.0, hot_share=0.2, checkpoints_kept=5, archive_copies=2)
    tiers = {t["tier"]: t for t in capacity_tiers(inputs, checkpoint_tb=0.098)}
    # hot: 100 x 0.2 + 5 x 0.098 = 20.49; warm: 100 x 0.8 = 80; cold: 2 x (100 + 0.49) = 200.98
    assert tiers["hot"]["capacity_tb"] == pytest.approx(20.49)
    assert tiers["warm"]["capacity_tb"] == pytest.approx(80.0)
    assert tiers["cold"]["capacity_tb"] == pytest.approx(200.98)
    assert "NVMe" in tiers["hot"]["media"]
    assert "tape" in tiers["cold"]["media"]


def test_bundled_example_storage():
    catalog = load_catalog(include_user=False)
    design = load_design(example_design(), catalog)
    ctx = CheckContext(design, catalog.cabling)
    block, _notes = storage_estimate(ctx, design.estimates.storage, design.estimates.scaling)
    assert block.read_required_gbytes_s == pytest.approx(12.8)
    # WEKApod Nitro: 568 GB/s read (its 16 x 400 Gb/s storage ports carry 800 GB/s), 256 GB/s write
    assert block.read_available_gbytes_s == pytest.approx(568.0)
    assert block.read_sufficient is True
    assert block.checkpoint_size_tb == pytest.approx(0.098)
    assert block.checkpoint_write_s == pytest.approx(0.383, abs=1e-3)
    assert block.usable_capacity_tb == pytest.approx(484.0)
    assert [t["tier"] for t in block.tiers] == ["hot", "warm", "cold"]


def test_unpublished_write_bandwidth_leaves_the_checkpoint_time_unknown(catalog):
    design = small_design()
    design.device_types.append(DeviceType(
        slug="test-storage", manufacturer="Test", model="Storage", kind="storage", u_height=2,
        power=PowerSpec(max_w=2000), storage=StorageSpec(read_gbytes_s=40.0, write_gbytes_s=None),
        port_groups=[PortGroup(name="data", prefix="d", count=2, speed_gbps=200, role="storage")], source=SOURCE,
    ))
    design.devices.append(Device(name="st1", device_type="test-storage", rack="R02", position_u=30))
    ctx = CheckContext(design, catalog.cabling)
    block, notes = storage_estimate(ctx, StorageInputs(), ScalingInputs())
    # reads limited by the ports: min(40, 2 x 200 / 8 = 50) = 40 GB/s
    assert block.read_available_gbytes_s == pytest.approx(40.0)
    assert block.checkpoint_write_s is None
    assert block.write_unknown_types == ["test-storage"]
    assert any("checkpoint time unknown" in n.english for n in notes)
