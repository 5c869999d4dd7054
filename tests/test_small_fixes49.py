"""A design whose GPUs all sit in one scale-up (NVLink) domain: the all-reduce and collective
figures are NVLink's alone, and the report, the proposal and the POC plan say the scale-out
fabric carries no all-reduce at that size (no fabric figure quoted)."""

from __future__ import annotations

import json

import pytest

from designer.cli import main

ONE_DGX = ["new", "--server", "nvidia-dgx-h100", "--nodes", "1", "--switch", "nvidia-qm9700"]
ONE_NVL72 = ["new", "--server", "nvidia-gb300-nvl72", "--nodes", "1", "--switch", "nvidia-q3400",
             "--rack-power-kw", "150", "--server-weight-kg", "1200", "--rack-type", "rack-42u-600-vertiv-vr3300",
             "--cooling", "liquid", "--server-liquid-share", "0.85"]
TWO_DGX = ["new", "--server", "nvidia-dgx-h100", "--nodes", "2", "--switch", "nvidia-qm9700"]


@pytest.fixture(scope="module")
def designs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("one_domain")
    paths = {}
    for name, argv in (("dgx", ONE_DGX), ("nvl72", ONE_NVL72), ("two", TWO_DGX)):
        paths[name] = folder / f"{name}.json"
        assert main([*argv, "-o", str(paths[name]), "--force"]) == 0
    return paths


def _report(path, capsys, *extra):
    capsys.readouterr()
    assert main(["report", str(path), *extra]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name, gpus, nvlink", [("dgx", 8, "450.0"), ("nvl72", 72, "900.0")])
def test_report_says_the_nvlink_figure_and_no_scale_out(designs, capsys, name, gpus, nvlink):
    data = json.loads(_report(designs[name], capsys, "--json"))["estimates"]
    assert data["allreduce"]["crosses_scale_out"] is False
    assert data["collectives"]["crosses_scale_out"] is False and data["collectives"]["nodes"] == 1
    line = next(x for x in _report(designs[name], capsys).splitlines() if "all-reduce of" in x)
    assert f"over {gpus} GPUs in one NVLink domain ({nvlink} GB/s per GPU; the scale-out fabric carries none)" in line


def test_a_two_server_design_still_crosses_the_fabric(designs, capsys):
    data = json.loads(_report(designs["two"], capsys, "--json"))["estimates"]
    assert data["allreduce"]["crosses_scale_out"] is True and data["collectives"]["crosses_scale_out"] is True
    line = next(x for x in _report(designs["two"], capsys).splitlines() if "all-reduce of" in x)
    assert "NVLink domain" not in line


def test_poc_plan_burn_in_stays_in_the_domain(designs, capsys):
    capsys.readouterr()
    assert main(["poc", "plan", str(designs["dgx"]), "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    burn = "\n".join(plan["burn_in"])
    assert "over the whole fabric" not in burn and "over all 8 GPUs" in burn and "one NVLink domain" in burn
    assert "ib_write_bw" not in burn  # no compute link to walk
    assert main(["poc", "plan", str(designs["two"]), "--json"]) == 0
    burn = "\n".join(json.loads(capsys.readouterr().out)["burn_in"])
    assert "over the whole fabric" in burn and "ib_write_bw" in burn


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_proposal_quotes_nvlink_only(designs, lang):
    from designer.catalog import load_catalog
    from designer.i18n import Translator
    from designer.model.io import load_design
    from designer.report.json_report import report_parts
    from designer.report.performance import collectives_part

    catalog = load_catalog(include_user=False)
    design = load_design(designs["dgx"], catalog)
    report = report_parts(design, catalog=catalog)
    t = Translator(lang)
    part = collectives_part(report.estimates.collectives, t)
    first = part.items[0]
    assert first.startswith(t("perf.system_one_domain", gpus="8", nvlink="450 GB/s", nvlink_achieved="370 GB/s", link="NVLink",
                              nvls=t("perf.yes"))[:12])
    assert "50.0" not in first and "47.0" not in first  # no NIC figure
    from designer.report.pdf.sections.costs import _allreduce_intro

    class _Ctx:
        def __init__(self):
            self.t = t
            self.design = design  # the intro counts the design's own domains where it sets them (review 54)
            self.rack_scale_trays = None  # and a rack-scale system's racks as its domains

        def counted(self, key, n):
            return t.int(n)

    intro = _allreduce_intro(_Ctx(), report.estimates.allreduce)
    assert intro == t("allreduce_intro_one_domain", mb="1,024", gpus="8", nodes="1", intra=f"{t.num(450.0, 1)} GB/s",
                      link="NVLink")
    assert "45.0" not in intro


# ---------------------------------------------------------------- --inband-oversubscription

SMALL = ["new", "--server", "nvidia-dgx-h100", "--nodes", "2", "--switch", "nvidia-qm9700",
         "--storage", "weka-wekapod-nitro-8", "--storage-nodes", "1"]
POD = ["new", "--server", "nvidia-dgx-h100", "--nodes", "127", "--switch", "nvidia-qm9700", "--rail-optimized",
       "--rack-power-kw", "42"]


def _inband(path):
    design = json.loads(path.read_text())
    roles = [d.get("tier") for d in design["devices"] if d.get("fabric") == "inband"]
    return roles.count("leaf"), roles.count("spine")


@pytest.mark.parametrize("ratio", ["1:1", "2:1"])
def test_inband_ratio_on_a_small_design_builds_the_one_pair_and_says_so(tmp_path, capsys, ratio):
    plain, rated = tmp_path / "plain.json", tmp_path / "rated.json"
    assert main([*SMALL, "-o", str(plain)]) == 0
    capsys.readouterr()
    assert main([*SMALL, "--inband-oversubscription", ratio, "-o", str(rated), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert _inband(rated) == (2, 0) == _inband(plain)
    inband = next(f for f in summary["fabrics"] if f["name"] == "inband")
    assert inband["switches"] == {"leaf": 2, "spine": 0, "core": 0, "other": 0} and inband["leaf_spine_links"] == 0
    assert any(n.startswith(f"--inband-oversubscription {ratio}: one in-band leaf pair takes all")
               for n in summary["notes"])


@pytest.mark.parametrize("ratio, want", [("1:1", 1.0), ("2:1", 2.0), ("3:1", 3.0)])
def test_inband_ratio_is_honoured_where_a_spine_tier_is_built(tmp_path, capsys, ratio, want):
    out = tmp_path / "pod.json"
    assert main([*POD, "--inband-oversubscription", ratio, "-o", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert not any("--inband-oversubscription" in n for n in summary["notes"])
    leaves, spines = _inband(out)
    assert spines >= 2 and leaves > 2
    capsys.readouterr()
    assert main(["report", str(out), "--json"]) == 0
    fabric = next(f for f in json.loads(capsys.readouterr().out)["fabrics"] if f["name"] == "inband")
    assert fabric["oversubscription"]["leaf"] == pytest.approx(want, abs=0.01)
