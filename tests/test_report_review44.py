"""Review 44 of the report, the proposal, the hand-over files and the checklist:

1. the cable count is one core figure (``totals.cables``, physical cables) that the summary's
   prose, its key figures, the scope and the BOM all say, the links beside it;
2. a design without a compute fabric (one NVLink server) says so instead of calling the
   out-of-band switch its compute fabric, and says "1 server", "1 rack" in the singular;
3. a cable fault on a management network does not answer the bandwidth question;
4. the window and the PDF colour a share of a limit by the same bands;
5. the Slurm hand-over of NVL72 racks is per compute tray, one block per rack.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from designer.fabric.generate import GenerateSpec, generate
from designer.i18n import Translator
from designer.report.json_report import report_parts
from designer.report.pdf import proposal_pdf

DGX = {"server": "nvidia-dgx-h100", "switch": "nvidia-qm9700"}


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


_TEXTS: dict[tuple[int, str], str] = {}


def _pdf_text(design, catalog, lang: str) -> str:
    """The proposal's text, rendered once per (module-scoped) design and language."""
    key = (id(design), lang)
    if key not in _TEXTS:
        reader = PdfReader(io.BytesIO(proposal_pdf(design, catalog, lang)))
        _TEXTS[key] = "\n".join(page.extract_text() for page in reader.pages)
    return _TEXTS[key]


@pytest.fixture(scope="module")
def sixteen(catalog):
    """16 DGX H100: twin-port cables make the links more than the cables (the in-rack copper
    between switches, ``--in-rack-copper``: by default the RA's optics cable them one to a link)."""
    return generate(GenerateSpec(nodes=16, in_rack_copper=True, **DGX), catalog)


@pytest.fixture(scope="module")
def one_server(catalog):
    return generate(GenerateSpec(nodes=1, **DGX), catalog)


# ---------------------------------------------------------------- 1. cables


def test_cables_are_one_core_figure(sixteen, catalog):
    report = report_parts(sixteen, catalog=catalog)
    totals = report.totals
    assert totals["cables"] == sum(row["count"] for row in report.cables)
    assert totals["cables"] == sum(line.quantity for line in report.bom.lines if line.section == "cables")
    assert totals["links"] == len(sixteen.links)
    assert totals["cables"] < totals["links"], "the case the review found: splitters/twin-port cables"
    assert list(report.as_dict()["totals"]).index("cables") == list(totals).index("links") + 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_summary_prose_and_key_figures_say_the_same_cables(sixteen, catalog, lang):
    t = Translator(lang)
    totals = report_parts(sixteen, catalog=catalog).totals
    text = _flat(_pdf_text(sixteen, catalog, lang))
    cables, links = t.int(totals["cables"]), t.int(totals["links"])
    # the prose ("… and 296 cables"), the key figures ("Cables 296 (360 links: …)") and the scope
    assert _flat(t("cables") + cables + t.aside(t("cables_links_aside", links=links))) in text
    after = _flat(t("exec_solution_text").split("{cables}")[1].split("{")[0])  # ". The IT equipment …"
    assert _flat(t("n_cables", count=cables)) + after in text
    assert _flat(t("cables") + links) not in text, "no key figure calls the links cables"


# ---------------------------------------------------------------- 2. no compute fabric


def test_compute_fabric_is_never_another_fabric(one_server, catalog):
    from designer.report.pdf.sections.summary import compute_fabric

    report = report_parts(one_server, catalog=catalog)
    assert [f.role for f in report.fabrics] == ["oob"]
    assert compute_fabric(report) is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_one_server_says_nvlink_and_no_scale_out_fabric(one_server, catalog, lang):
    t = Translator(lang)
    text = _flat(_pdf_text(one_server, catalog, lang))
    interconnect = report_parts(one_server, catalog=catalog).scale_up[0]["interconnect"]
    assert interconnect == "NVLink 4"
    assert _flat(t("exec_no_fabric_single", interconnect=interconnect)) in text
    assert _flat(t("compute_fabric") + t("no_compute_fabric_single", interconnect=interconnect)) in text
    assert _flat(t.term("ethernet")) + _flat(t("exec_fabric_phrase").split("{protocol}")[1][:8]) not in text
    assert "0.0Tb/s" not in text
    if lang == "en":
        for wrong in ("1switches", "1racks", "1GPUservers", "(1servers)", "1domains", "1tiers"):
            assert wrong not in text, wrong
        for right in ("1×DGXH100server(8GPUs)in1rack", "1GPUserverwith8GPUsin1rack,with1switch", "(1server)"):
            assert right in text, right


# ---------------------------------------------------------------- 3. checklist


def _answers(design, catalog) -> dict[str, dict]:
    from designer.checks import checklist, run_checks

    return {row["key"]: row for row in checklist(design, run_checks(design, catalog.cabling))}


def test_a_management_patch_cord_fault_is_a_cabling_answer_not_bandwidth(catalog):
    design = generate(GenerateSpec(nodes=16, **DGX), catalog)
    before = _answers(design, catalog)
    assert before["network"]["answer"] == "yes" and before["cabling"]["answer"] == "yes"
    assert list(before)[:5] == ["network", "storage", "fault_tolerance", "power_cooling", "security"]
    oob = next(link for link in design.links if link.fabric == "oob" and link.media == "CAT6A")
    oob.length_m = 0.1
    after = _answers(design, catalog)
    assert after["cabling"]["answer"] == "no" and after["cabling"]["codes"] == ["CABLE_TOO_SHORT"]
    assert after["network"]["answer"] == "yes" and after["network"]["codes"] == []


def test_bandwidth_findings_count_on_compute_and_storage_fabrics_only(catalog):
    from designer.checks import run_checks
    from designer.checks.checklist import bandwidth_findings
    from designer.checks.findings import Finding

    design = generate(GenerateSpec(nodes=16, **DGX), catalog)
    oversub = [Finding("warning", "OVERSUBSCRIPTION_ABOVE_TARGET", "over", [name], params={"fabric": name})
               for name in ("compute", "oob")]
    compute_link = next(link for link in design.links if link.fabric == "compute")
    oob_link = next(link for link in design.links if link.fabric == "oob")
    speeds = [Finding("warning", "LINK_SPEED_MISMATCH", "speed", params={"link": f"{link.a} - {link.b}"})
              for link in (compute_link, oob_link)]
    kept = bandwidth_findings(design, [*oversub, *speeds])
    assert kept == [oversub[0], speeds[0]]
    # and the checklist rests on them: the management network's warning alone leaves "yes"
    from designer.checks import checklist

    findings = run_checks(design, catalog.cabling)
    rows = {r["key"]: r for r in checklist(design, [*findings, oversub[1], speeds[1]])}
    assert rows["network"]["answer"] == "yes"
    rows = {r["key"]: r for r in checklist(design, [*findings, oversub[0]])}
    assert rows["network"]["answer"] == "partly"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_pdf_asks_the_cabling_question(sixteen, catalog, lang):
    t = Translator(lang)
    text = _flat(_pdf_text(sixteen, catalog, lang))
    assert _flat(t("q_cabling")) in text and _flat(t("q_network")) in text


# ---------------------------------------------------------------- 4. load bands


@pytest.mark.parametrize("share, key", [(0.0, "low"), (0.5, "low"), (0.70, "low"), (0.77, "mid"), (0.85, "mid"),
                                        (0.90, "mid"), (0.93, "high"), (1.0, "high"), (1.01, "over")])
def test_window_and_pdf_colour_a_share_by_the_same_band(share, key):
    from PySide6.QtGui import QColor

    from designer.report.drawings.common import BAND_COLOURS, load_colour
    from designer.report.load_bands import load_band
    from designer.ui import style

    assert load_band(share).key == key
    assert load_colour(share * 42.0, 42.0) == BAND_COLOURS[key]
    assert style.load_colour(share) == QColor(style.BAND_COLOURS[key])
    assert load_band(None) is None and style.load_colour(None) == QColor("#c7cbd1")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_window_and_pdf_legends_say_the_same_bands(lang):
    from designer.report.drawings.common import load_legend
    from designer.report.load_bands import LOAD_BANDS
    from designer.ui.words_cabling import CABLING_MESSAGES

    window = [CABLING_MESSAGES[f"legend.{k}"][lang]
              for k in ("share_low", "share_mid", "share_high", "bar_over")]
    assert [words for _colour, words in load_legend(lang)] == window == [b.words[lang] for b in LOAD_BANDS]
    assert "70" in window[0] and "90" in window[1]


def test_the_floor_plan_legend_in_the_pdf_has_the_bands(sixteen, catalog):
    text = _flat(_pdf_text(sixteen, catalog, "en"))
    for words in ("up to 70 % of the limit", "70–90 %", "90–100 %"):
        assert _flat(words) in text
    assert "50–80%" not in text and "80–95%" not in text


# ---------------------------------------------------------------- 5. Slurm for NVL72


@pytest.fixture(scope="module")
def gb300(catalog):
    return generate(GenerateSpec(server="nvidia-gb300-nvl72", nodes=4, switch="nvidia-q3400", rack_power_kw=150,
                                 cooling="liquid", server_liquid_share=0.85,
                                 # designer new needs the weight the vendor does not publish (gen review 44)
                                 server_weight_kg=1200, rack_type="rack-42u-600-vertiv-vr3300"), catalog)


def _fields(text: str) -> list[dict[str, str]]:
    rows = []
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if line:
            rows.append(dict(part.split("=", 1) for part in line.split()))
    return rows


def _expand(hostlist: str) -> list[str]:
    out = []
    for prefix, body in re.findall(r"([^,\[]+)(?:\[([^\]]+)\])?,?", hostlist):
        if not body:
            out.append(prefix)
            continue
        for part in body.split(","):
            lo, _, hi = part.partition("-")
            out += [f"{prefix}{n:0{len(lo)}d}" for n in range(int(lo), int(hi or lo) + 1)]
    return out


def test_gres_is_per_compute_tray_of_four_gpus(gb300):
    from designer.model.index import DesignIndex
    from designer.report.handover.scheduler import gres_conf

    (entry,) = _fields(gres_conf(DesignIndex.build(gb300)))
    nodes = _expand(entry["NodeName"])
    assert entry["Count"] == "4" and entry["File"] == "/dev/nvidia[0-3]"
    assert len(nodes) == 4 * 18 and nodes[:2] == ["node001-tray01", "node001-tray02"]
    assert "node001" not in nodes


def test_block_topology_is_one_block_of_18_trays_per_nvl72(gb300, catalog):
    from designer.model.index import DesignIndex
    from designer.report.handover.scheduler import block_conf

    report = report_parts(gb300, catalog=catalog)
    (domain,) = report.scale_up
    blocks = _fields(block_conf(DesignIndex.build(gb300)))
    assert len(blocks) == domain["domains"] == 4
    for n, block in enumerate(blocks, start=1):
        trays = _expand(block["Nodes"])
        assert block["BlockName"] == f"block{n}"
        assert trays == [f"node{n:03d}-tray{t:02d}" for t in range(1, 19)]
        assert len(trays) * 4 == domain["gpus_per_domain"] == 72


def test_tree_topology_and_node_labels_name_the_trays(gb300):
    from designer.model.index import DesignIndex
    from designer.report.handover.scheduler import node_labels
    from designer.report.handover.slurm import gpu_hosts, topology_conf

    index = DesignIndex.build(gb300)
    hosts = [h.name for h in gpu_hosts(index)]
    listed = [n for row in _fields(topology_conf(index)) if "Nodes" in row for n in _expand(row["Nodes"])]
    assert sorted(listed) == sorted(hosts) and len(hosts) == 72
    labels = node_labels(index)
    assert sorted(labels) == sorted(hosts)
    assert labels["node002-tray05"]["network.topology.nvidia.com/accelerator"] == "block2"


def test_eight_gpu_servers_keep_their_hand_over(sixteen):
    from designer.errors import ExportError
    from designer.model.index import DesignIndex
    from designer.report.handover.scheduler import block_conf, gres_conf

    index = DesignIndex.build(sixteen)
    (entry,) = _fields(gres_conf(index))
    assert entry["NodeName"] == "node[001-016]" and entry["Count"] == "8"
    with pytest.raises(ExportError):
        block_conf(index)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_servers_without_a_compute_fabric_say_so(catalog, lang):
    design = generate(GenerateSpec(nodes=4, **DGX), catalog)
    compute = {f.name for f in design.fabrics if f.role == "compute"}
    design.fabrics = [f for f in design.fabrics if f.name not in compute]
    design.links = [link for link in design.links if link.fabric not in compute]
    t = Translator(lang)
    text = _flat(_pdf_text(design, catalog, lang))
    assert _flat(t("exec_no_fabric")) in text
    assert _flat(t("compute_fabric") + t("no_compute_fabric")) in text
    solution = text.split(_flat(t("exec_solution")), 1)[1].split(_flat(t("exec_price")), 1)[0]
    assert _flat(t("exec_no_fabric")) in solution
    assert _flat(t("exec_fabric_phrase").split("{protocol}")[1].split("{")[0]) not in solution  # "compute fabric of"
