"""Fat-tree arithmetic against hand calculations."""

from __future__ import annotations

import pytest

from designer.errors import GenerationError
from designer.fabric import plan as fp


@pytest.mark.parametrize(
    ("text", "value"), [("1:1", 1.0), ("2:1", 2.0), ("3:1", 3.0), ("1.5:1", 1.5), ("4", 4.0), (" 2 : 1 ", 2.0)]
)
def test_parse_ratio(text, value):
    assert fp.parse_ratio(text) == value


@pytest.mark.parametrize(("text", "message"), [("0:1", "not a usable ratio"), ("abc", "not a ratio"),
                                               ("1:2", "more uplink than downlink"), ("1:0", "not a ratio"),
                                               ("-2:1", "not a usable ratio"), ("nan", "not a usable ratio")])
def test_parse_ratio_refuses_nonsense(text, message):
    with pytest.raises(GenerationError, match=message):
        fp.parse_ratio(text)


@pytest.mark.parametrize(
    ("radix", "ratio", "down", "up"),
    [(64, 1.0, 32, 32), (64, 2.0, 42, 22), (64, 3.0, 48, 16), (144, 1.0, 72, 72), (144, 2.0, 96, 48),
     (64, 100.0, 62, 2)],  # at any ratio a leaf keeps two uplinks
)
def test_leaf_port_split_keeps_within_ratio(radix, ratio, down, up):
    leaf = fp.leaf_ports(radix, 1, ratio)
    assert (leaf.down_ports, leaf.up_ports) == (down, up)
    assert leaf.down_ports / leaf.up_ports <= ratio


def test_superpod_reference_two_tiers():
    """127 DGX H100 on QM9700, non-blocking, rail-optimized: 32 leaves, 16 spines, 1,024 cables."""
    leaf = fp.leaf_ports(64, 1, 1.0)
    leaves, su_size, unit = fp.assign_rail_optimized(127, 8, leaf.down_lanes)
    assert su_size == 32 and unit == 8 and len(leaves) == 32
    plan = fp.plan_tiers(leaf, [len(a.ports) for a in leaves], 1.0, "auto", unit)
    assert plan.tiers == 2
    assert plan.spines == 16
    assert plan.leaf_spine_links == 1024
    assert plan.uplinks_per_leaf % plan.spines == 0


def test_rail_optimized_puts_port_i_of_every_server_of_a_unit_on_one_leaf():
    leaves, _su, _unit = fp.assign_rail_optimized(64, 8, 32)
    for leaf in leaves:
        rails = {port for _server, port in leaf.ports}
        servers = {server for server, _port in leaf.ports}
        assert len(rails) == 1
        assert len(servers) == 32


def test_small_cluster_shares_rail_leaves():
    leaves, _su, unit = fp.assign_rail_optimized(16, 8, 32)
    assert len(leaves) == 4 and unit == 4
    assert all(len({p for _s, p in leaf.ports}) == 2 for leaf in leaves)


def test_three_tiers_when_two_do_not_fit():
    leaf = fp.leaf_ports(64, 1, 1.0)
    leaves, _su, unit = fp.assign_rail_optimized(2048, 8, leaf.down_lanes)
    plan = fp.plan_tiers(leaf, [len(a.ports) for a in leaves], 1.0, "auto", unit)
    assert plan.tiers == 3
    assert (plan.leaves, plan.spines, plan.cores, len(plan.pods)) == (512, 512, 256, 16)
    # non-blocking: every leaf uplink and every spine uplink accounted for
    assert plan.leaf_spine_links == 512 * 32
    assert plan.spine_core_links == 512 * 32


def test_forcing_two_tiers_beyond_the_limit_says_the_limit():
    leaf = fp.leaf_ports(64, 1, 1.0)
    with pytest.raises(GenerationError, match="at most 64 leaves"):
        fp.plan_tiers(leaf, [32] * 100, 1.0, "2")


def test_three_tier_capacity():
    assert fp.max_three_tier_leaves(64, 8) == 32 * 64
    assert fp.max_three_tier_leaves(144, 8) == 72 * 144
