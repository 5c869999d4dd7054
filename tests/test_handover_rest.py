"""The further hand-over files (issue 15): cable schedule PDF, gres.conf, topology/block,
Kubernetes node labels, UFM rack-to-SU CSV, NVIDIA Air JSON and DOT of one SU, draw.io and
yEd GraphML; and the pipes (``-``, ``--json``). Each output is read back with a reader
written from its format's documentation."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
import yaml

from designer.model.index import DesignIndex
from conftest import run_cli
from test_handover_topology import expand, read_dot, read_topology_conf


@pytest.fixture(scope="module")
def h100(catalog):
    """64 DGX H100 on QM9700: two scalable units, two tiers."""
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700"), catalog)
    return design, DesignIndex.build(design)


@pytest.fixture(scope="module")
def three_tier(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=96, switch="nvidia-qm9700", tiers="3"), catalog)
    return design, DesignIndex.build(design)


def _gpu_servers(design, index) -> set[str]:
    return {d.name for d in design.devices if index.type_of(d).gpu_count}


def _compute_pairs(design, index) -> Counter:
    from designer.fabric.graph import fabric_links

    pairs = Counter()
    for name, links in fabric_links(index).items():
        if name == "compute":
            for link in links:
                pairs[frozenset((link.a.device, link.b.device))] += 1
    return pairs


# ---------------------------------------------------------------- cable schedule PDF


def test_cable_schedule_pdf_lists_every_cable_in_schedule_order(h100, catalog):
    from pypdf import PdfReader

    from designer.report.handover.cables import cable_schedule
    from designer.report.handover.cables_pdf import schedule_pdf

    design, index = h100
    rows = cable_schedule(index, catalog.cabling)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(schedule_pdf(rows))).pages)
    found = re.findall(r"\b[A-Z]+-\d{5}\b", text)
    assert found == [r.cable_id for r in rows], "every cable once, in the installers' order"
    assert "Cable schedule" in text and f"{len(rows)} cables" in text
    first = rows[0]
    assert first.a_labels[0] in text and first.b_labels[0] in text


def test_cable_schedule_pdf_in_chinese_embeds_a_font_that_draws_it(h100, catalog):
    from pypdf import PdfReader

    from designer.report.handover.cables import cable_schedule
    from designer.report.handover.cables_pdf import schedule_pdf

    _design, index = h100
    rows = cable_schedule(index, catalog.cabling)[:40]
    reader = PdfReader(io.BytesIO(schedule_pdf(rows, lang="zh", design_name="测试集群")))
    text = reader.pages[0].extract_text()
    assert "线缆清单" in text and "测试集群" in text and "A 端标签" in text
    fonts = {f["/BaseFont"] for page in reader.pages for f in page["/Resources"]["/Font"].values()}
    assert any("+" in str(name) for name in fonts), "a subset font is embedded"


def test_cable_schedule_flowables_are_one_table_per_rack_pair(h100, catalog):
    from reportlab.platypus import LongTable

    from designer.report.fonts import font_set
    from designer.report.handover.cables import cable_schedule
    from designer.report.handover.cables_pdf import cable_schedule_flowables
    from designer.report.pdf.styles import Styles

    _design, index = h100
    rows = cable_schedule(index, catalog.cabling)
    flowables = cable_schedule_flowables(rows, Styles(font_set("en"), False), heading=False)
    tables = [f for f in flowables if isinstance(f, LongTable)]
    headings = [f for f in flowables if not isinstance(f, LongTable)][1:]  # after the intro
    pairs = list(dict.fromkeys((r.a[0].rack, r.b[0].rack) for r in rows))
    assert len(headings) == len(pairs), "a heading per rack pair"
    assert all(len(t._cellvalues) - 1 <= 40 for t in tables), "a table per page at most"
    assert sum(len(t._cellvalues) - 1 for t in tables) == len(rows)


def test_cli_writes_the_cable_schedule_pdf(tmp_path):
    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    result = run_cli("export", design_file, "--cables", tmp_path / "c.pdf", "--lang", "zh")
    assert result.code == 0, result
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF-")


# ---------------------------------------------------------------- Slurm gres.conf and topology/block


def read_gres(text: str) -> list[dict[str, str]]:
    """gres.conf(5): one line per GRES, ``Key=Value`` pairs, ``#`` starts a comment."""
    lines = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            lines.append(dict(token.split("=", 1) for token in line.split()))
    return lines


def test_gres_conf_names_every_gpu_server_once_with_its_gpu_count(h100):
    from designer.report.handover.scheduler import gres_conf

    design, index = h100
    entries = read_gres(gres_conf(index))
    listed = Counter(node for e in entries for node in expand(e["NodeName"]))
    assert set(listed) == _gpu_servers(design, index) and set(listed.values()) == {1}
    for entry in entries:
        assert entry["Name"] == "gpu"
        assert entry["File"] == "/dev/nvidia[0-7]"
        for node in expand(entry["NodeName"]):
            assert int(entry["Count"]) == index.type_of(index.devices[node]).gpu_count


def read_blocks(text: str) -> dict[str, list[str]]:
    blocks = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            fields = dict(token.split("=", 1) for token in line.split())
            assert set(fields) <= {"BlockName", "Nodes", "BlockSizes"}
            if "BlockName" in fields:
                blocks[fields["BlockName"]] = expand(fields["Nodes"])
    return blocks


def test_block_topology_puts_every_server_in_one_nvlink_domain_of_one_rack(h100):
    from designer.report.handover.scheduler import block_conf

    design, _ = h100
    design = design.model_copy(deep=True)
    design.estimates.communication.scale_up_gpus = 32  # four 8-GPU servers per domain
    index = DesignIndex.build(design)
    blocks = read_blocks(block_conf(index))
    listed = Counter(n for nodes in blocks.values() for n in nodes)
    assert set(listed) == _gpu_servers(design, index) and set(listed.values()) == {1}
    for nodes in blocks.values():
        assert 1 <= len(nodes) <= 4
        assert len({index.devices[n].rack for n in nodes}) == 1


def test_block_topology_is_refused_without_a_domain_wider_than_a_server(tmp_path):
    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    result = run_cli("export", design_file, "--slurm-block", tmp_path / "b.conf")
    assert result.code == 2 and "no NVLink domain wider than one server" in result.err
    assert "scale_up_gpus" in result.err and not (tmp_path / "b.conf").exists()


# ---------------------------------------------------------------- Kubernetes labels, UFM rack-to-SU


_LABEL_NAME = re.compile(r"([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?")
_DNS_SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")


def _valid_label(key: str, value: str) -> bool:
    """Kubernetes "Labels and Selectors": an optional DNS-subdomain prefix (253 max) and '/',
    a name of 63 characters at most; a value of 63 at most, same characters."""
    prefix, _, name = key.rpartition("/")
    return (not prefix or (len(prefix) <= 253 and _DNS_SUBDOMAIN.fullmatch(prefix) is not None)) and \
        0 < len(name) <= 63 and _LABEL_NAME.fullmatch(name) is not None and \
        len(value) <= 63 and _LABEL_NAME.fullmatch(value) is not None


@pytest.mark.parametrize("as_json", [False, True])
def test_node_labels_are_valid_and_match_the_slurm_tree(three_tier, as_json):
    from designer.report.handover.scheduler import node_labels_text
    from designer.report.handover.slurm import topology_conf

    design, index = three_tier
    text = node_labels_text(index, as_json)
    labels = json.loads(text) if as_json else yaml.safe_load(text)
    assert set(labels) == _gpu_servers(design, index)
    switches = read_topology_conf(topology_conf(index))
    leaf_of = {n: s for s, c in switches.items() for n in c.get("Nodes", [])}
    pod_of = {leaf: s for s, c in switches.items() for leaf in c.get("Switches", []) if leaf in switches
              and "Nodes" in switches[leaf]}
    for node, entry in labels.items():
        assert all(_valid_label(k, v) for k, v in entry.items()), entry
        assert entry["network.topology.nvidia.com/leaf"] == leaf_of[node]
        assert entry["network.topology.nvidia.com/spine"] == pod_of[leaf_of[node]]
        assert entry["network.topology.nvidia.com/core"] == "compute-core"


def test_rack_su_csv_maps_every_rack_once_to_the_su_of_its_servers(h100):
    from designer.report.handover.scheduler import rack_su_csv, scalable_units

    design, index = h100
    rows = list(csv.DictReader(io.StringIO(rack_su_csv(index).decode("utf-8"))))
    assert [r["Rack"] for r in rows] == sorted((r.name for r in design.racks), key=lambda n: [r.name for r in sorted(
        design.racks, key=lambda r: (r.room, r.row, r.name))].index(n))
    _fabric, units = scalable_units(index)
    assert len(units) == 2
    su_of = {r["Rack"]: r["SU"] for r in rows}
    for unit in units:
        racks = Counter(index.devices[s].rack for s in unit.servers)
        for rack, count in racks.items():
            if count > sum(1 for s in index.devices_by_rack[rack] if index.type_of(s).gpu_count) / 2:
                assert su_of[rack] == f"SU{unit.number}"
    assert {r["DH"] for r in rows} == {r.room for r in design.racks}


# ---------------------------------------------------------------- NVIDIA Air, DOT of one SU


def read_air(text: str):
    """Air's JSON import ("Custom Topology", JSON): format, title, content.nodes (each with
    an os) and content.links, each a pair of {interface, node}."""
    data = json.loads(text)
    assert data["format"] == "JSON" and isinstance(data["title"], str)
    nodes = data["content"]["nodes"]
    assert all(isinstance(v["os"], str) and v["os"] for v in nodes.values())
    links = []
    for pair in data["content"]["links"]:
        assert len(pair) == 2 and all(set(end) == {"interface", "node"} for end in pair)
        assert all(end["node"] in nodes for end in pair)
        links.append(((pair[0]["node"], pair[0]["interface"]), (pair[1]["node"], pair[1]["interface"])))
    return nodes, links


def test_air_json_describes_every_compute_link_once_per_port(h100):
    from designer.report.handover.ufm import air_json

    design, index = h100
    nodes, links = read_air(air_json(index))
    assert Counter(frozenset((a[0], b[0])) for a, b in links) == _compute_pairs(design, index)
    ends = Counter(end for link in links for end in link)
    assert set(ends.values()) == {1}, "a port is on one link"
    assert all(re.fullmatch(r"P\d+(/\d)?|mlx5_\d", port) for _, port in ends)


def test_air_and_dot_of_one_scalable_unit_hold_its_servers_and_leaves_only(h100):
    from designer.report.handover.scheduler import scalable_units
    from designer.report.handover.ufm import air_json, dot_file

    design, index = h100
    _fabric, units = scalable_units(index)
    unit = units[1]
    nodes, links = read_air(air_json(index, su=2))
    hosts = {n for n, v in nodes.items() if v["os"].startswith("generic/")}
    assert hosts == set(unit.servers)
    assert set(unit.leaves) <= set(nodes)
    expected = {p for p, n in _compute_pairs(design, index).items() if p <= set(nodes)}
    assert {frozenset((a[0], b[0])) for a, b in links} == expected
    dot_nodes, dot_edges = read_dot(dot_file(index, su=2))
    assert set(dot_nodes) == set(nodes) and len(dot_edges) == len(links)


def test_a_missing_su_is_refused_by_the_cli(tmp_path):
    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    result = run_cli("export", design_file, "--air", tmp_path / "a.json", "--su", "3")
    assert result.code == 2 and "no scalable unit 3: the design has 1 scalable unit" in result.err
    result = run_cli("export", design_file, "--slurm", tmp_path / "t.conf", "--su", "1")
    assert result.code == 2 and "--su selects the scalable unit of --air or --dot" in result.err
    assert not any(tmp_path.glob("[at].*"))


# ---------------------------------------------------------------- draw.io and GraphML


def read_drawio(text: str) -> dict[str, dict[str, ET.Element]]:
    """draw.io file format: <mxfile><diagram name>(uncompressed)<mxGraphModel><root> of
    mxCells; cells 0 (root) and 1 (layer, parent 0); vertices with an mxGeometry, edges with
    a source and target cell; every parent a cell of the page."""
    root = ET.fromstring(text)
    assert root.tag == "mxfile"
    pages = {}
    for diagram in root.findall("diagram"):
        model = diagram.find("mxGraphModel")
        assert model is not None, "uncompressed page"
        cells = {c.get("id"): c for c in model.find("root").findall("mxCell")}
        assert len(cells) == len(model.find("root").findall("mxCell")), "unique ids"
        assert cells["0"].get("parent") is None and cells["1"].get("parent") == "0"
        for cell_id, cell in cells.items():
            if cell_id in ("0", "1"):
                continue
            assert cell.get("parent") in cells
            geometry = cell.find("mxGeometry")
            assert geometry is not None and geometry.get("as") == "geometry"
            if cell.get("vertex") == "1":
                assert float(geometry.get("width")) > 0 and float(geometry.get("height")) > 0
                float(geometry.get("x")), float(geometry.get("y"))
            else:
                assert cell.get("edge") == "1" and cell.get("source") in cells and cell.get("target") in cells
        pages[diagram.get("id")] = cells
    return pages


def test_drawio_has_floor_plan_elevations_and_topology(h100):
    from designer.report.handover.drawio import drawio_file

    design, index = h100
    pages = read_drawio(drawio_file(index))
    assert list(pages) == ["floor-plan", "elevations", "topology"]
    values = lambda page: Counter(c.get("value") for c in pages[page].values() if c.get("vertex") == "1")  # noqa: E731
    floor = values("floor-plan")
    assert all(floor[r.name] == 1 for r in design.racks) and floor["Hall 1"] == 1
    elevations = values("elevations")
    mounted = [d for d in design.devices if d.position_u is not None and index.type_of(d).u_height]
    assert all(elevations[f"{d.name} ({d.position_u})"] == 1 for d in mounted)
    topology = pages["topology"]
    name_of = {i: c.get("value") for i, c in topology.items() if c.get("vertex") == "1"}
    edges = {frozenset((name_of[c.get("source")], name_of[c.get("target")]))
             for c in topology.values() if c.get("edge") == "1"}
    linked = {frozenset((l.a.device, l.b.device)) for l in design.links}
    assert edges == linked


def test_drawio_rack_is_drawn_to_scale_on_the_floor(h100):
    from designer.report.handover.drawio import MM_PER_PX, drawio_file

    design, index = h100
    cells = read_drawio(drawio_file(index, "zh"))["floor-plan"]
    rack = design.racks[0]
    rack_type = index.rack_type_of(rack)
    cell = next(c for c in cells.values() if c.get("value") == rack.name)
    geometry = cell.find("mxGeometry")
    size = sorted((float(geometry.get("width")), float(geometry.get("height"))))
    assert size == sorted((rack_type.width_mm / MM_PER_PX, rack_type.depth_mm / MM_PER_PX))
    assert float(geometry.get("x")) == pytest.approx(rack.x_mm / MM_PER_PX)


YED = "{http://www.yworks.com/xml/graphml}"
GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"


def test_graphml_carries_yed_geometry_and_labels_by_tier(three_tier):
    import networkx as nx

    from designer.report.graphml import graphml_text

    design, index = three_tier
    text = graphml_text(index)
    root = ET.fromstring(text)
    keys = {k.get("id"): k for k in root.findall(f"{GRAPHML}key")}
    node_key = next(i for i, k in keys.items() if k.get("yfiles.type") == "nodegraphics" and k.get("for") == "node")
    assert any(k.get("yfiles.type") == "edgegraphics" for k in keys.values())
    y_of = {}
    for node in root.iter(f"{GRAPHML}node"):
        shape = node.find(f"{GRAPHML}data[@key='{node_key}']/{YED}ShapeNode")
        assert shape is not None, node.get("id")
        assert shape.find(f"{YED}NodeLabel").text == node.get("id")
        geometry = shape.find(f"{YED}Geometry")
        y_of[node.get("id")] = float(geometry.get("y"))
        assert float(geometry.get("width")) > 0
    tier = {d.name: d.tier for d in design.devices if d.fabric == "compute" and d.tier}
    rows = {t: {y_of[n] for n, tt in tier.items() if tt == t} for t in ("core", "spine", "leaf")}
    assert all(len(v) == 1 for v in rows.values()), "one row per tier"
    core, spine, leaf = (rows[t].pop() for t in ("core", "spine", "leaf"))
    assert core < spine < leaf < y_of["node001"]
    graph = nx.read_graphml(io.StringIO(text))
    assert graph.number_of_nodes() == len(design.devices) and graph.number_of_edges() == len(design.links)
    assert graph.nodes["node001"]["label"] == "node001" and graph.nodes["node001"]["tier"] == "endpoint"


# ---------------------------------------------------------------- pipes


@pytest.fixture()
def small(tmp_path):
    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    return design_file


def test_design_from_stdin_and_one_output_to_stdout(small, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(small.read_bytes()), encoding="utf-8"))
    result = run_cli("export", "-", "--slurm", "-")
    assert result.code == 0, result
    switches = read_topology_conf(result.out)
    assert sorted(n for s in switches.values() for n in s.get("Nodes", [])) == [f"node00{i}" for i in range(1, 5)]
    assert "wrote standard output" in result.err


def test_new_to_stdout_pipes_into_check(tmp_path, monkeypatch):
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700", "-o", "-")
    assert result.code == 0, result
    assert json.loads(result.out)["format_version"] >= 1 and "wrote standard output" in result.err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(result.out.encode()), encoding="utf-8"))
    checked = run_cli("check", "-", "--json")
    assert checked.code in (0, 1) and isinstance(json.loads(checked.out), list)


def test_new_and_export_json_summaries(tmp_path, small):
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                     "-o", tmp_path / "n.json", "--json")
    assert result.code == 0, result
    summary = json.loads(result.out)
    assert summary["file"] == str(tmp_path / "n.json") and summary["gpus"] == 32  # 4 DGX + 4 BCM heads (no GPU)
    assert {f["name"] for f in summary["fabrics"]} >= {"compute", "inband", "oob"}
    result = run_cli("export", small, "--gres", tmp_path / "g.conf", "--k8s-labels", tmp_path / "l.json",
                     "--netbox", tmp_path / "nb", "--json")
    assert result.code == 0, result
    written = json.loads(result.out)["written"]
    assert [(w["output"], w["path"]) for w in written] == [
        ("gres", str(tmp_path / "g.conf")), ("k8s_labels", str(tmp_path / "l.json")), ("netbox", str(tmp_path / "nb"))]
    assert written[2]["files"] == len([p for p in (tmp_path / "nb").rglob("*") if p.is_file()])


@pytest.mark.parametrize("args, words", [
    (["--slurm", "-", "--gres", "-"], "all name '-'"),
    (["--slurm", "-", "--json"], "both want standard output"),
    (["--k8s-labels", "{tmp}/l.txt", "--json"], "unknown Kubernetes node labels format"),
    (["--air", "{tmp}/missing/a.json", "--json"], "the folder does not exist"),
])
def test_errors_with_json_are_json_on_stdout_and_one_line_on_stderr(tmp_path, small, args, words):
    result = run_cli("export", small, *[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert result.code == 2 and words in result.err and result.err.count("\n") == 1
    if "--json" in args:
        error = json.loads(result.out)["error"]
        assert words in error["text"] and error["exit_code"] == 2 and "message" in error
    else:
        assert result.out == ""


def test_a_missing_design_with_json_is_a_json_error_for_export_but_not_for_report(tmp_path):
    result = run_cli("export", tmp_path / "nope.json", "--gres", tmp_path / "g.conf", "--json")
    assert result.code == 2
    assert json.loads(result.out)["error"]["file"] == str(tmp_path / "nope.json")
    result = run_cli("report", tmp_path / "nope.json", "--json")
    assert result.code == 2 and result.out == "", "report keeps its contract: nothing on stdout"
    result = run_cli("catalog", "import", tmp_path / "nope.yaml", "-o", tmp_path / "g.conf", "--json")
    assert result.code == 2 and json.loads(result.out)


def test_a_usage_error_with_json_is_json_too(small):
    result = run_cli("export", small, "--slurm", "t.conf", "--bogus", "--json")
    assert result.code == 2
    assert "unrecognized arguments: --bogus" in json.loads(result.out)["error"]["message"]
    with pytest.raises(SystemExit) as exited:  # without --json argparse's own usage message and exit
        run_cli("check", small, "--bogus")
    assert exited.value.code == 2


def test_bom_to_stdout_and_export_handover_writes_files(tmp_path, small, catalog):
    from designer.model.io import load_design
    from designer.report.handover.export import export_handover

    result = run_cli("export", small, "--bom", "-")
    assert result.code == 0, result
    rows = list(csv.reader(io.StringIO(result.out.lstrip("\ufeff"))))
    assert len(rows) > 5 and "wrote standard output" in result.err
    index = DesignIndex.build(load_design(small, catalog))
    written = export_handover(index, catalog, gres=tmp_path / "g.conf", drawio=tmp_path / "d.drawio")
    assert [p.name for p in written] == ["g.conf", "d.drawio"] and all(p.stat().st_size for p in written)
    with pytest.raises(Exception, match="files only"):
        export_handover(index, catalog, gres="-")


def test_the_proposal_ends_with_the_cable_schedule_when_asked(tmp_path):
    """Issue 15 (3): the cable schedule as a PDF appendix of the proposal, on request: one
    row per cable of the design, with the labels of both ends."""
    from pypdf import PdfReader

    from conftest import ROOT, run_cli

    example = ROOT / "resources" / "examples" / "dgx-h100-16-node.json"
    plain, with_cables = tmp_path / "p.pdf", tmp_path / "c.pdf"
    assert run_cli("export", example, "--pdf", plain).code == 0
    assert run_cli("export", example, "--pdf", with_cables, "--cable-schedule").code == 0
    short, long = PdfReader(str(plain)), PdfReader(str(with_cables))
    assert len(long.pages) > len(short.pages)
    tail = "".join(page.extract_text() for page in long.pages[len(short.pages) - 1:])
    assert "Appendix: cable schedule" in tail
    assert "HALL1.A01-" in tail, "labels by the default TIA-606 scheme"
    assert "cable schedule" not in "".join(p.extract_text() for p in short.pages).lower()


def test_catalog_import_reads_standard_input(tmp_path, monkeypatch):
    """Issue 15 (7): `-` as standard input where a single file is read: one
    devicetype-library file piped into `designer catalog import - -o DIR`."""
    import io
    import json
    import sys

    import yaml

    from conftest import DATA, run_cli

    raw = (DATA / "netbox-sn2201.yaml").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    result = run_cli("catalog", "import", "-", "-o", tmp_path / "out", "--json")
    summary = json.loads(result.out)
    assert [r["slug"] for r in summary["imported"]] and not summary["skipped"], result
    written = tmp_path / "out" / f"{summary['imported'][0]['slug']}.yaml"
    entry = yaml.safe_load(written.read_text())
    assert "standard input" in entry["source"][0]["title"] and not entry["source"][0].get("url")
    assert "designer-stdin-" not in written.read_text(), "no scratch path leaks into the entry"
