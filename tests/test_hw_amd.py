"""AMD Instinct servers (issue 11): MI300X and MI355X 8-GPU systems, cabled by the rules of AMD's
Instinct MI3XX Reference Design (instinct.docs.amd.com/projects/MI3XX-reference, "Common cluster
design principles"): one back-end NIC per GPU; a "fat tree" terminates all of a host's NICs on the
same switch (a 1-rail network), a rail network puts NIC rank k of every host on the rail-k switches.

The reference design's bill-of-materials tables were not readable in any stored copy, so its counts
are not pinned here; the counts below are this generator's for the SN5600 at 128 x 400G."""

from __future__ import annotations

from collections import defaultdict

import pytest

from conftest import run_cli
from designer.errors import GenerationError
from designer.model.supplied import USER_SUPPLIED
from designer.fabric.generate import GenerateSpec, generate
from designer.report.json_report import build_report

MI300X = "supermicro-as-8125gs-tnmr2"
MI355X = "supermicro-as-4126gs-nmr-lcc"


def _errors(design, catalog) -> list[str]:
    report = build_report(design, catalog=catalog)
    return [f["code"] for f in report["findings"] if f["severity"] == "error"]


def _leaves(design) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Compute leaves per server and per NIC rank (port name)."""
    by_node: dict[str, set[str]] = defaultdict(set)
    by_rank: dict[str, set[str]] = defaultdict(set)
    servers = {d.name for d in design.devices if d.device_type in (MI300X, MI355X)}
    for link in design.links:
        if link.fabric != "compute":
            continue
        for end, other in ((link.a, link.b), (link.b, link.a)):
            if end.device in servers:
                by_node[end.device].add(other.device)
                by_rank[end.port].add(other.device)
    return by_node, by_rank


@pytest.fixture(scope="module")
def rail(catalog):
    return generate(GenerateSpec(server=MI300X, gpus=1024, switch="nvidia-sn5600", server_max_kw=10, server_weight_kg=100), catalog)


def test_mi300x_entry(catalog):
    t = catalog.device_types[MI300X]
    assert (t.gpu_count, t.gpus.memory_gb, t.u_height) == (8, 192, 8)
    assert t.cooling.liquid_share == 0.0
    compute = t.ports_with_role("compute")
    assert sum(g.count for g in compute) == 8 and {g.speed_gbps for g in compute} == {400}
    assert t.power.max_w is None  # not published in a readable Supermicro document


def test_mi300x_needs_a_supplied_power_figure(catalog):
    with pytest.raises(GenerationError, match="no published power figure"):
        generate(GenerateSpec(server=MI300X, gpus=1024, switch="nvidia-sn5600"), catalog)


def test_mi300x_1024_gpus_rail_design_is_check_clean(rail, catalog):
    servers = [d for d in rail.devices if d.device_type == MI300X]
    assert len(servers) == 128
    assert _errors(rail, catalog) == []
    leaves = {d.name for d in rail.devices if d.fabric == "compute" and d.tier == "leaf"}
    spines = {d.name for d in rail.devices if d.fabric == "compute" and d.tier == "spine"}
    assert (len(leaves), len(spines)) == (16, 8)  # 1,024 x 400G ports, SN5600 as 128 x 400G at 1:1


def test_mi300x_rail_rule_nic_rank_k_on_rail_k(rail):
    by_node, by_rank = _leaves(rail)
    assert {len(v) for v in by_node.values()} == {8}  # each NIC of a host on another leaf
    ranks = list(by_rank.values())
    assert len(ranks) == 8
    for i, a in enumerate(ranks):  # the rails share no leaf
        for b in ranks[i + 1:]:
            assert not a & b


def test_mi300x_fat_tree_rule_all_nics_on_one_switch(catalog):
    design = generate(GenerateSpec(server=MI300X, gpus=1024, switch="nvidia-sn5600", server_max_kw=10, server_weight_kg=100,
                                   rail_optimized=False), catalog)
    by_node, _ = _leaves(design)
    assert len(by_node) == 128 and {len(v) for v in by_node.values()} == {1}
    assert _errors(design, catalog) == []


def test_cli_amd_1024_gpus(tmp_path):
    out = tmp_path / "amd.json"
    result = run_cli("new", "--server", MI300X, "--gpus", "1024", "--switch", "nvidia-sn5600",
                     "--server-max-kw", "10", "--server-weight-kg", "100", "-o", out)
    assert result.code == 0, result.err
    check = run_cli("check", out)
    assert check.code == 0, check.out


# ---------------------------------------------------------------- MI355X: liquid-cooled, split unpublished


def test_mi355x_entry_is_liquid_cooled_with_unknown_share(catalog):
    t = catalog.device_types[MI355X]
    assert (t.gpu_count, t.gpus.memory_gb, t.u_height) == (8, 288, 4)
    assert t.cooling.liquid_share is None and t.cooling.liquid_share_known == 0.0


def test_mi355x_needs_a_supplied_liquid_share(catalog):
    with pytest.raises(GenerationError, match="liquid-cooled"):
        generate(GenerateSpec(server=MI355X, gpus=64, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100), catalog)


@pytest.mark.parametrize("share", [-0.1, 1.5, float("nan")])
def test_mi355x_liquid_share_must_be_a_share(catalog, share):
    with pytest.raises(GenerationError, match="not a share"):
        generate(GenerateSpec(server=MI355X, gpus=64, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100,
                              server_liquid_share=share), catalog)


def test_mi355x_supplied_share_is_stored_and_marked(catalog):
    design = generate(GenerateSpec(server=MI355X, gpus=64, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100,
                                   server_liquid_share=0.8, cooling="liquid", rack_power_kw=60,
                                   author="pre-sales"), catalog)
    embedded = next(t for t in design.device_types if t.slug == MI355X)
    assert embedded.cooling.liquid_share == 0.8
    # one record per supplied figure, each saying who supplied it
    marks = [ref for ref in embedded.source if ref.title.startswith(USER_SUPPLIED)]
    assert [m.covers for m in marks] == [["power.max_w"], ["weight"], ["cooling.liquid_share"]]
    assert all(m.origin == "user" and m.supplied_by == "pre-sales" for m in marks)
    assert catalog.device_types[MI355X].cooling.liquid_share is None  # catalog untouched
    assert _errors(design, catalog) == []


def test_mi355x_in_an_air_only_room_names_the_liquid_heat(catalog):
    """Liquid-cooled servers in racks without a coolant loop: a cooling error per rack naming the kW
    its liquid loop must carry."""
    design = generate(GenerateSpec(server=MI355X, gpus=64, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100,
                                   server_liquid_share=0.8, cooling="air", rack_power_kw=60), catalog)
    report = build_report(design, catalog=catalog)
    liquid = [f for f in report["findings"]
              if f["code"] == "RACK_COOLING_OVER_CAPACITY" and "liquid" in f["message"]]
    assert liquid
    servers_per_rack = defaultdict(int)
    for d in design.devices:
        if d.device_type == MI355X:
            servers_per_rack[d.rack] += 1
    rack, n = next(iter(servers_per_rack.items()))
    expected_kw = n * 14 * 0.8
    assert any(f"{expected_kw:.1f} kW" in f["message"] for f in liquid if rack in f["objects"])


def test_unknown_liquid_share_is_reported_not_guessed(catalog):
    """A design holding the catalog entry itself (share unknown) counts its heat as air and says so."""
    from designer.model.hardware import PowerSpec
    from designer.model.loads import LoadSum

    entry = catalog.device_types[MI355X].model_copy(update={"power": PowerSpec(max_w=14000)})
    load = LoadSum()
    load.add(entry)
    assert (load.heat_air_max_w, load.heat_liquid_max_w) == (14000, 0)
    assert MI355X in load.unknown["liquid_share"]
    design = generate(GenerateSpec(server=MI355X, gpus=16, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100,
                                   server_liquid_share=0.5), catalog)
    # put the unknown share back, as a hand-edited file would have it
    design.device_types = [t.model_copy(update={"cooling": t.cooling.model_copy(update={"liquid_share": None})})
                           if t.slug == MI355X else t for t in design.device_types]
    report = build_report(design, catalog=catalog)
    unknown = [f for f in report["findings"] if f["code"] == "FIGURE_UNKNOWN" and "liquid" in f["message"]]
    assert unknown and MI355X in unknown[0]["message"]


def _with_unknown_share(design):
    design.device_types = [t.model_copy(update={"cooling": t.cooling.model_copy(update={"liquid_share": None})})
                           if t.slug == MI355X else t for t in design.device_types]
    return design


def test_unknown_share_in_a_rack_without_liquid_cooling_is_an_error(catalog):
    """The split unknown, its heat counts as air, so the rack's liquid capacity rule cannot see it:
    RACK_LIQUID_COOLING_MISSING names the part, how many and their maximum kW."""
    design = _with_unknown_share(generate(GenerateSpec(
        server=MI355X, gpus=16, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100, server_liquid_share=0.5,
        cooling="air", rack_power_kw=60), catalog))
    report = build_report(design, catalog=catalog)
    found = [f for f in report["findings"] if f["code"] == "RACK_LIQUID_COOLING_MISSING"]
    assert len(found) == 1 and found[0]["severity"] == "error"
    assert "2 x supermicro-as-4126gs-nmr-lcc" in found[0]["message"] and "28.0 kW" in found[0]["message"]


def test_unknown_share_in_a_liquid_cooled_rack_is_not_an_error(catalog):
    design = _with_unknown_share(generate(GenerateSpec(
        server=MI355X, gpus=16, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100, server_liquid_share=0.5,
        cooling="liquid", rack_power_kw=60), catalog))
    report = build_report(design, catalog=catalog)
    assert not [f for f in report["findings"] if f["code"] == "RACK_LIQUID_COOLING_MISSING"]


def test_liquid_finding_speaks_chinese(catalog):
    from designer.i18n import Translator
    from designer.checks.messages_zh import FINDINGS_ZH
    from designer.report.i18n_proposal import CODE_TITLES

    assert "液冷" in FINDINGS_ZH["rack_liquid_cooling_missing"]
    assert CODE_TITLES["RACK_LIQUID_COOLING_MISSING"]["zh"]
    assert Translator("zh")  # the catalogs load with the appended words


def test_generator_says_an_air_cooled_build_of_a_liquid_server_needs_a_loop(catalog):
    from designer.fabric.generate import generate_with_notes

    _, notes = generate_with_notes(GenerateSpec(server=MI355X, gpus=16, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100,
                                                server_liquid_share=0.8, cooling="air"), catalog)
    assert any("80% of its heat to liquid" in n and "--cooling liquid" in n for n in notes)
    _, notes = generate_with_notes(GenerateSpec(server=MI355X, gpus=16, switch="nvidia-sn5600", server_max_kw=14, server_weight_kg=100,
                                                server_liquid_share=0.8, cooling="liquid"), catalog)
    assert not any("--cooling liquid" in n for n in notes)
