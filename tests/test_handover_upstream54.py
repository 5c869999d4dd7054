"""`designer catalog import` on unmodified upstream devicetype-library files
(tests/data/devicetype-library-upstream/device-types/<Vendor>/, see SOURCE.md there):
one call takes the whole folder, imports each file or skips it with a reason, never
replaces a bundled entry without --replace, carries maximum_draw into power, reports a
kind guess for review per file, and a design made with the folder in --catalog is the
design made without it (issue 15, first acceptance line)."""

from __future__ import annotations

import json

import pytest

from conftest import DATA, run_cli
from designer.catalog import load_catalog

UPSTREAM = DATA / "devicetype-library-upstream"
TYPES = UPSTREAM / "device-types"
FILES = sorted(p for p in TYPES.rglob("*") if p.suffix in (".yaml", ".yml"))

# What the folder holds: skipped files and why (the rest import).
SKIPPED = {
    "Nvidia/QM9700.yaml": "slug nvidia-qm9700 is already in the bundled catalog",
    "Nvidia/SN5600.yaml": "slug nvidia-sn5600 is already in the bundled catalog",
    "Nvidia/SN5610.yaml": "slug nvidia-sn5610 is already in the bundled catalog",
    "Supermicro/AS-8125GS-TNMR2.yml": "slug supermicro-as-8125gs-tnmr2 is already in the bundled catalog",
    # upstream has one device under two file names (one slug with a space, normalised)
    "Nvidia/SN2201.yaml": "slug mellanox-sn2201 is also in",
    "Pure Storage/FA-X90R3_Chassis.yaml": "slug pure-storage-fa-x90r3-chassis is also in",
    "Pure Storage/FA-X90R3_Controller.yaml": "slug pure-storage-fa-x90r3-controller is also in",
}


def _rel(path: str) -> str:
    return path.split("device-types/", 1)[1]


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    out = tmp_path_factory.mktemp("upstream") / "out"
    result = run_cli("catalog", "import", UPSTREAM, "-o", out, "--json")
    assert "Traceback" not in result.out + result.err
    return result, json.loads(result.out), out


def test_the_folder_is_vendored_whole():
    assert len(FILES) == 54
    assert (UPSTREAM / "SOURCE.md").read_text().count("| ") >= len(FILES)


def test_one_call_imports_every_file_or_skips_it_with_a_reason(imported):
    result, summary, out = imported
    assert result.code == 2, "some files are skipped, so the exit code says so"
    rows = summary["imported"]
    skipped = {_rel(s["file"]): s["reason"] for s in summary["skipped"]}
    assert len(rows) == len(FILES) - len(SKIPPED) == 47
    assert set(skipped) == set(SKIPPED)
    for name, why in SKIPPED.items():
        assert skipped[name].startswith(why), (name, skipped[name])
    seen = sorted([_rel(r["source"]) for r in rows] + list(skipped))
    assert seen == sorted(_rel(str(p)) for p in FILES), "every file is accounted for once"
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{r['slug']}.yaml" for r in rows)
    load_catalog([out], include_user=False)  # what was written loads


def test_no_bundled_entry_is_replaced_and_the_reason_names_the_changes(imported):
    _, summary, out = imported
    reasons = {_rel(s["file"]): s["reason"] for s in summary["skipped"]}
    assert "power.max_w 1720 -> unknown" in reasons["Nvidia/QM9700.yaml"]
    assert "list_price 32000 -> unknown" in reasons["Nvidia/QM9700.yaml"]
    assert "--replace" in reasons["Nvidia/QM9700.yaml"]
    bundled = load_catalog(include_user=False)
    merged = load_catalog([out], include_user=False)
    for slug in ("nvidia-qm9700", "nvidia-sn5600", "nvidia-sn2201", "nvidia-sn5610"):
        assert merged.device_types[slug] == bundled.device_types[slug], slug
    # upstream's SN2201 has its own slug, so it arrives beside the curated one
    assert "mellanox-sn2201" in merged.device_types


def test_replace_says_what_changes(tmp_path, monkeypatch):
    user = tmp_path / "user"
    monkeypatch.setenv("DESIGNER_USER_CATALOG", str(user))
    result = run_cli("catalog", "import", TYPES / "Nvidia" / "SN5600.yaml", "--replace")
    assert result.code == 0, result
    assert "replaced the existing entry: " in result.out
    assert "list_price 100000 -> unknown" in result.out
    assert load_catalog().device_types["nvidia-sn5600"].list_price is None


def test_maximum_draw_reaches_power_where_upstream_gives_it(imported):
    _, summary, out = imported
    catalog = load_catalog([out], include_user=False)
    expected = {  # slug: (max_w, typical_w, psu.count) from the files' power-ports
        "nvidia-dgx-a100-640gb": (2 * 1071, 2 * 586, 2),
        "nvidia-q3400-ra": (8 * 875, None, 8),
        "nvidia-dgx-spark": (240, None, 1),
        "mellanox-sn2201": (2 * 300, None, 2),
        "lenovo-thinksystem-sr685a-v3": (8 * 2600, None, 8),
        "vast-cbox-smc-gen6": (2 * 860, 2 * 860, 2),
        "supermicro-sys-4029gp-trt": (4 * 2000, None, 4),
        "mellanox-qm8700": (2 * 1100, None, 2),
        "sb7800": (2 * 460, None, 2),
        "sn2700": (None, None, 2),  # maximum_draw: null upstream
    }
    for slug, (max_w, typical_w, psus) in expected.items():
        entry = catalog.device_types[slug]
        assert (entry.power.max_w, entry.power.typical_w, entry.psu.count) == (max_w, typical_w, psus), slug
    notes = {r["slug"]: " ".join(r["notes"]) for r in summary["imported"]}
    # the VAST file gives the PSU rating (its comments say "Max 775W"): the note asks for review
    assert "power.max_w 1720 W: the sum of 2 of 2 power ports' maximum_draw" in notes["vast-cbox-smc-gen6"]
    assert "check it against the datasheet" in notes["vast-cbox-smc-gen6"]
    # no maximum_draw upstream: unknown, never a guess
    for slug in ("sn4700", "pure-storage-eb-2425", "supermicro-sys-421ge-tnrt", "netapp-aff-a90-controller"):
        assert catalog.device_types[slug].power.max_w is None, slug
        assert "power.max_w" in next(r for r in summary["imported"] if r["slug"] == slug)["unknown"]


def test_psus_from_module_bays_chassis_pairs_and_slugs_with_spaces(imported):
    _, summary, out = imported
    rows = {r["slug"]: r for r in summary["imported"]}
    catalog = load_catalog([out], include_user=False)
    assert catalog.device_types["supermicro-sys-421ge-tnrt"].psu.count == 4
    assert catalog.device_types["lenovo-thinksystem-sr680a-v3"].psu.count == 8
    assert catalog.device_types["netapp-aff-a90-controller"].psu.count == 2
    assert any("subdevice_role parent" in n and "controller-a, controller-b" in n
               for n in rows["netapp-aff-a90-chassis"]["notes"])
    assert any("subdevice_role child" in n for n in rows["netapp-aff-a90-controller"]["notes"])
    assert catalog.device_types["netapp-aff-a90-controller"].u_height == 0
    assert rows["pure-storage-eb-2425"]["original_slug"] == "pure storage-eb-2425"
    assert catalog.device_types["netapp-ns224"].u_height == 2, "u_height: 2.0 reads as 2"
    assert catalog.device_types["netapp-aff-c30-001"].u_height == 0, "u_height: 0.0 (a controller)"
    assert catalog.device_types["arista-dcs-7050dx4-32s-f"].weight_kg == pytest.approx(24.4 * 0.45359237, abs=1e-3)
    assert catalog.device_types["netapp-ds224c"].model == "DS224\u0421", "upstream's Cyrillic letter is kept"


KINDS = {
    "switch": ["arista-dcs-7050dx4-32s-f", "lenovo-ne1032", "mellanox-qm8700", "mellanox-qm8790", "sb7800",
               "mellanox-sn2201", "sn2700", "sn3700", "sn4600c", "sn4700", "nvidia-nvlink-5-switch",
               "nvidia-q3400-ra", "nvidia-sn3420", "supermicro-sse-g3648b"],
    "server": ["lenovo-thinksystem-sr675-v3", "lenovo-thinksystem-sr680a-v3", "lenovo-thinksystem-sr685a-v3",
               "nvidia-dgx-a100-640gb", "nvidia-dgx-spark", "supermicro-ars-121gl-nb3-lcc-r1",
               "supermicro-as-4125gs-tnrt", "supermicro-sys-4029gp-trt", "supermicro-sys-421ge-tnrt"],
    "storage": ["hpe-alletra-storage-mp-b10120", "lenovo-thinksystem-de4000h", "netapp-aff-a150",
                "netapp-aff-a90-chassis", "netapp-aff-a90-controller", "netapp-aff-c250", "netapp-aff-c30-chassis",
                "netapp-aff-c30-001", "netapp-ds224c", "netapp-e2824", "fas8300-chassis",
                "netapp-fas8300-controller", "netapp-ns224", "netapp-sg5812", "pure-storage-eb-2425",
                "pure-storage-fa-x90r3-chassis", "pure-storage-fa-x90r3-controller", "vast-data-cbox-smc-gen6",
                "vast-data-dbox-df-3015v2", "vast-data-dbox-df-5615-cx5x2", "vast-cbox-smc-gen6"],
    "pdu": ["raritan-px3-1045", "raritan-px3-5138jr", "vertiv-geist-rpdu-gi10022l"],
}


def test_a_kind_guess_is_reported_for_review_for_each_file(imported, tmp_path):
    _, summary, _ = imported
    rows = {r["slug"]: r for r in summary["imported"]}
    for row in rows.values():
        assert any(g.startswith("kind: ") for g in row["guessed"]), row["slug"]
    assert sorted(s for slugs in KINDS.values() for s in slugs) == sorted(rows)
    wrong = {slug: rows[slug]["kind"] for kind, slugs in KINDS.items() for slug in slugs if rows[slug]["kind"] != kind}
    assert wrong == {}, "36 interfaces do not make a DGX A100 a switch; every storage system is storage"
    text = run_cli("catalog", "import", UPSTREAM, "-o", tmp_path / "text")
    assert text.out.count("guessed, please review: kind: ") == len(rows)


def test_a_storage_array_without_a_storage_word_is_told_by_its_controller_bays(imported):
    _, summary, _ = imported
    row = next(r for r in summary["imported"] if r["slug"] == "lenovo-thinksystem-de4000h")
    # "ThinkSystem" is a server word; the two controller module-bays say it is an array
    assert row["kind"] == "storage"
    assert row["guessed"][0] == "kind: storage (controller bays (Controller 1, Controller 2), as a storage array has)"


def test_pdus_keep_their_outlets_and_the_inlet_rating_is_not_a_capacity(imported):
    _, summary, out = imported
    rows = {r["slug"]: r for r in summary["imported"]}
    catalog = load_catalog([out], include_user=False)
    geist = catalog.device_types["vertiv-geist-rpdu-gi10022l"]
    assert geist.pdu.outlets == {"c19": 4, "c13": 20}
    assert catalog.device_types["raritan-px3-1045"].pdu.outlets == {"c13": 36}
    assert catalog.device_types["raritan-px3-5138jr"].pdu.outlets == {"nema-5-15r": 8}
    assert geist.pdu.capacity_kw is None, "never a guessed capacity a design could pick the PDU by"
    assert any("on a PDU is its inlet's maximum_draw" in n for n in rows[geist.slug]["notes"])
    assert "pdu.capacity_kw" in rows[geist.slug]["unknown"]


def test_a_parent_without_device_bays_is_not_called_a_pair(imported):
    _, summary, _ = imported
    notes = next(r for r in summary["imported"] if r["slug"] == "lenovo-thinksystem-sr680a-v3")["notes"]
    assert any("lists no device bays" in n for n in notes)
    assert not any("0 device bays" in n for n in notes)


def test_a_32_node_design_is_the_same_with_the_upstream_folder_in_catalog(imported, tmp_path):
    _, _, out = imported
    args = ("new", "--server", "nvidia-dgx-h100", "--nodes", "32", "--switch", "nvidia-qm9700", "--json")
    plain = run_cli(*args, "-o", tmp_path / "d.json")
    with_upstream = run_cli(*args, "-o", tmp_path / "e.json", "--catalog", UPSTREAM)
    with_imported = run_cli(*args, "-o", tmp_path / "f.json", "--catalog", out)
    assert plain.code == with_upstream.code == with_imported.code == 0, (plain, with_upstream, with_imported)
    a, b, c = (json.loads(r.out) for r in (plain, with_upstream, with_imported))
    assert a["switches"] > 0 and a["power_max_kw"] > 0
    assert (a["switches"], a["power_max_kw"]) == (b["switches"], b["power_max_kw"]) == (c["switches"], c["power_max_kw"])
    assert "not used, so nothing changes" in with_upstream.err
    assert "Traceback" not in with_upstream.err


def test_a_management_port_without_mgmt_only_is_oob_and_said_for_review(imported):
    _, summary, out = imported
    rows = {r["slug"]: r for r in summary["imported"]}
    catalog = load_catalog([out], include_user=False)
    for slug, port, access in (("nvidia-sn3420", "eth0", None), ("lenovo-ne1032", "mgmt0", None),
                               ("supermicro-sse-g3648b", "eth0", 48)):
        groups = {(g.role, g.speed_gbps): g.count for g in catalog.device_types[slug].port_groups}
        assert groups.get(("oob", 1)) == 1 and groups.get(("fabric", 1)) == access, (slug, groups)
        assert any(g.startswith(f"ports {port}: role oob") for g in rows[slug]["guessed"]), slug
    # other 1G ports are not management ports by the rule: a 48 x 1GbE switch keeps its 48 access ports
    sn2201 = {(g.role, g.speed_gbps): g.count for g in catalog.device_types["mellanox-sn2201"].port_groups}
    assert sn2201[("fabric", 1)] == 48 and sn2201[("oob", 1)] == 1
