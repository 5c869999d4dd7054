"""Fast paths give what the general paths give (issue 17: speed changes no figure)."""

from __future__ import annotations

import gc
import json
from types import SimpleNamespace

import pytest

from designer.errors import DesignLoadError
from designer.model import fast_load, io
from tests.conftest import ROOT

EXAMPLE = ROOT / "resources/examples/dgx-h100-16-node.json"


def test_fast_load_equals_friendly_load():
    raw = EXAMPLE.read_bytes()
    fast = fast_load.validate_fast(raw)
    assert fast is not None, "the bundled example should take the fast path"
    friendly = io._validate_friendly(raw, EXAMPLE)
    assert fast.model_dump() == friendly.model_dump()


@pytest.mark.parametrize("value", ["true", '"1"', "1.0", "01", "999"])
def test_fast_load_declines_a_format_version_the_friendly_path_judges(value):
    data = json.loads(EXAMPLE.read_bytes())
    raw = EXAMPLE.read_bytes().replace(
        f'"format_version": {data["format_version"]}'.encode(), f'"format_version": {value}'.encode(), 1)
    assert raw != EXAMPLE.read_bytes()
    assert fast_load.validate_fast(raw) is None
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(raw, "x.json")
    assert "format_version" in caught.value.format() or "JSON" in caught.value.format()


def test_fast_load_declines_a_byte_order_mark_and_still_loads():
    raw = b"\xef\xbb\xbf" + EXAMPLE.read_bytes()
    assert fast_load.validate_fast(raw) is None
    assert io.parse_design(raw, "x.json").name == io.parse_design(EXAMPLE.read_bytes(), "x.json").name


def test_links_validated_in_chunks_equal_the_whole_file(monkeypatch):
    # the split path (issue 17: report peak RSS) gives what pydantic gives for the whole file
    monkeypatch.setattr(fast_load, "CHUNK_BYTES", 700)  # many chunks, a short last one
    raw = EXAMPLE.read_bytes()
    split_raw = fast_load.split_links(raw)
    assert split_raw is not None, "the bundled example is laid out as the saver writes it"
    chunks: list[int] = []
    validate = fast_load._LINK_LIST.validate_json
    monkeypatch.setattr(fast_load, "_LINK_LIST", SimpleNamespace(
        validate_json=lambda text, strict: chunks.append(len(text)) or validate(text, strict=strict)))
    split = fast_load.validate_fast(raw)
    whole = io.Design.model_validate_json(raw)
    assert split is not None and len(chunks) > 10 and chunks[-1] < max(chunks)
    assert split.model_dump() == whole.model_dump()


@pytest.mark.parametrize("chunk_bytes", [1, 700, 1 << 19])
def test_the_format_versions_and_the_links_at_any_chunk_size_are_what_a_whole_reading_gives(
        monkeypatch, chunk_bytes):
    # cut at offsets where a line ends in a comma (issue 17): every size gives the same links
    import re

    monkeypatch.setattr(fast_load, "CHUNK_BYTES", chunk_bytes)
    raw = EXAMPLE.read_bytes()
    design = fast_load.validate_fast(raw)
    assert design is not None and design.model_dump() == io.Design.model_validate_json(raw).model_dump()
    pattern = re.compile(rb'"format_version"\s*:\s*([^\s,}\]]*)')
    for text in (raw, b'"format_version": "format_version": 3 "format_version" : 2,', b'"format_version"',
                 b'x"format_version"  :\n 12}"format_version":'):
        assert fast_load.format_versions(text) == pattern.findall(text)


def test_links_without_a_comma_at_a_chunk_boundary_are_refused(monkeypatch):
    # each chunk would parse alone; the file is not valid JSON and must not load
    monkeypatch.setattr(fast_load, "CHUNK_BYTES", 300)
    lines = EXAMPLE.read_bytes().split(b"\n")
    first = lines.index(b'  "links": [') + 1
    assert lines[first + 3].endswith(b",")
    lines[first + 3] = lines[first + 3][:-1]
    _declined_and_refused_as_invalid_json(b"\n".join(lines))


def _declined_and_refused_as_invalid_json(raw: bytes) -> None:
    assert fast_load.validate_fast(raw) is None
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(raw, "x.json")
    assert "invalid JSON" in caught.value.format()


def test_a_second_links_key_or_a_nested_block_takes_the_whole_file_path():
    raw = EXAMPLE.read_bytes()
    twice = raw.replace(b'\n  "links": [\n', b'\n  "links": [],\n  "links": [\n', 1)
    assert fast_load.split_links(twice) is None
    data = json.loads(raw)
    assert io.parse_design(twice, "x.json").model_dump() == io.parse_design(raw, "x.json").model_dump()
    # a links block laid out as the saver lays it out, but inside the site object: the head
    # fails (a site has no links), so the friendly path reads the file and names the field
    site, links = data.pop("site"), data.pop("links")
    nested = ('{"site": {\n  "links": [\n' + ",\n".join(json.dumps(link) for link in links) + "\n  ], "
              + json.dumps(site)[1:] + ", " + json.dumps(data)[1:]).encode()
    assert fast_load.split_links(nested) is not None and fast_load.validate_fast(nested) is None
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(nested, "x.json")
    assert "site.links" in caught.value.format() and "unknown field" in caught.value.format()


def test_a_bad_link_in_a_chunk_is_named_by_the_friendly_path():
    lines = EXAMPLE.read_bytes().split(b"\n")
    sixth = lines.index(b'  "links": [') + 6
    link = json.loads(lines[sixth].rstrip(b","))
    link["a"]["port"] = "p\x07"
    lines[sixth] = json.dumps(link).encode() + b","
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(b"\n".join(lines), "x.json")
    line = caught.value.format()
    assert "links[5]" in line and "port: contains the control character U+0007" in line


def test_load_leaves_the_collector_as_it_found_it():
    gc.enable()
    io.parse_design(EXAMPLE.read_bytes(), "x.json")
    assert gc.isenabled()
    gc.disable()
    try:
        io.parse_design(EXAMPLE.read_bytes(), "x.json")
        assert not gc.isenabled()
    finally:
        gc.enable()


# ---------------------------------------------------------------- the link table

from conftest import DATA  # noqa: E402

from designer.catalog import load_catalog  # noqa: E402
from designer.checks import Change, Checker  # noqa: E402
from designer.fabric.cable_counts import cable_summary  # noqa: E402
from designer.fabric.cages import link_ends, link_speed  # noqa: E402
from designer.fabric.generate import GenerateSpec, generate  # noqa: E402
from designer.model.index import DesignIndex  # noqa: E402
from designer.model.link import Link, LinkEnd  # noqa: E402


@pytest.fixture(scope="module")
def breakout_design():
    catalog = load_catalog([DATA / "test-200ge-server.yaml"], include_user=False)
    design = generate(GenerateSpec(server="test-200ge-server", nodes=16, switch="nvidia-sn5600"), catalog)
    return design, catalog


def test_link_table_answers_what_the_resolver_answers(breakout_design):
    design, catalog = breakout_design
    design.links.append(Link(a=LinkEnd(device=design.devices[0].name, port="no-such-port"),
                             b=LinkEnd(device="no-such-device", port="p1")))
    try:
        checker = Checker(design, catalog.cabling)
        index, table = checker.ctx.index, checker.ctx.links
        assert any(l.cable_id for l in design.links), "the design should hold breakout lanes"
        for link in design.links:
            assert table.ends(link) == link_ends(index, link)
            assert table.speed_gbps(link) == link_speed(index, link)
        assert table.speed_gbps(design.links[-1]) is None
        assert cable_summary(index, catalog.cabling, table) == cable_summary(index, catalog.cabling)
    finally:
        design.links.pop()


def test_link_table_forgets_on_an_edit(breakout_design):
    design, catalog = breakout_design
    checker = Checker(design, catalog.cabling)
    # a whole run judges the links by kind (``LinkTable.columns_of``): records are made as asked
    assert len(checker.ctx.links) < len(design.links)
    edited = design.devices[0].name
    mine = [l for l in design.links if edited in (l.a.device, l.b.device)]
    others = [l for l in design.links if edited not in (l.a.device, l.b.device)]
    assert mine and others
    before = {id(l): checker.ctx.links.row(l) for l in design.links}
    checker.update(Change(devices={edited}))
    # the edited device's cables resolved again, every other record kept as it was
    assert all(checker.ctx.links.row(l) is not before[id(l)] for l in mine)
    assert all(checker.ctx.links.row(l) is before[id(l)] for l in others)
    checker.update(Change(everything=True))
    assert checker.ctx.links.index is checker.ctx.index


# ---------------------------------------------------------------- ECMP over twin pods

from designer.fabric.ecmp import ecmp_figures, twin_pods  # noqa: E402
from designer.fabric.graph import build_fabric_graph, fabric_links  # noqa: E402
from designer.fabric.topology import build_topology  # noqa: E402


def _compute_topology(design):
    index = DesignIndex.build(design)
    return build_topology(index, build_fabric_graph(index, "compute", fabric_links(index)["compute"]))


@pytest.fixture(scope="module")
def three_tier(catalog):
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=300, switch="nvidia-qm9700", ufm_appliances=0),
                    catalog)


def test_twin_pods_found_and_fast_ecmp_equals_general(three_tier):
    topo = _compute_topology(three_tier)
    assert len(topo.pods) > 2
    assert twin_pods(topo), "the generator's pods are cabled alike"
    assert ecmp_figures(topo) == ecmp_figures(topo, use_symmetry=False)


def test_an_irregular_pod_is_measured_on_its_own(three_tier):
    design = three_tier.model_copy(deep=True)
    topo = _compute_topology(design)
    last_pod = topo.pods[-1]
    # take away every uplink of one leaf of the last pod but one: that pod is no twin
    leaf = sorted(s for s in last_pod if topo.tiers[s] == "leaf")[0]
    uplinks = [l for l in design.links if leaf in (l.a.device, l.b.device)
               and {l.a.device, l.b.device} - {leaf} <= last_pod]
    assert len(uplinks) > 1
    for link in uplinks[1:]:
        design.links.remove(link)
    changed = _compute_topology(design)
    pods = {frozenset(p): i for i, p in enumerate(changed.pods)}
    assert pods[frozenset(last_pod)] not in twin_pods(changed)
    fast, general = ecmp_figures(changed), ecmp_figures(changed, use_symmetry=False)
    assert fast == general
    assert fast.next_hops_min < ecmp_figures(topo).next_hops_min


# ---------------------------------------------------------------- cut points without networkx

import random  # noqa: E402

import networkx as nx  # noqa: E402

from designer.fabric.failures import cut_points_and_bridges  # noqa: E402


@pytest.mark.parametrize("seed", range(40))
def test_cut_points_and_bridges_equal_networkx(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 40)
    graph = nx.Graph()
    graph.add_nodes_from(f"s{i}" for i in range(n))
    for _ in range(rng.randint(0, 2 * n)):
        graph.add_edge(f"s{rng.randrange(n)}", f"s{rng.randrange(n)}")  # self-loops too
    adjacency = {node: {nb: (1, 1.0) for nb in graph[node]} for node in graph}
    points, bridges = cut_points_and_bridges(adjacency)
    assert points == set(nx.articulation_points(graph))
    assert {frozenset(e) for e in bridges} == {frozenset(e) for e in nx.bridges(graph)}


# ---------------------------------------------------------------- the bundled catalog's C YAML parser

from designer.catalog.yaml_reader import read_yaml  # noqa: E402
from designer.resources import catalog_dir  # noqa: E402


def test_bundled_catalog_reads_the_same_with_the_c_parser():
    files = sorted(catalog_dir().rglob("*.yaml"))
    assert len(files) > 10
    for path in files:
        assert read_yaml(path, bundled=True) == read_yaml(path), path


def test_user_catalog_files_keep_the_bounded_loader(tmp_path):
    from designer.errors import CatalogError

    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * 200 + "]" * 200 + "\n")
    with pytest.raises(CatalogError) as caught:
        read_yaml(deep)
    assert "nested more than" in caught.value.format()


def test_an_empty_chunk_or_a_trailing_comma_in_the_links_block_is_refused(monkeypatch):
    # found in review: a blank chunk after the separating comma read as "[]", so a file with
    # a comma after its last link (invalid JSON) loaded
    lines = EXAMPLE.read_bytes().split(b"\n")
    first = lines.index(b'  "links": [') + 1
    close = next(i for i in range(first, len(lines)) if lines[i].startswith(b"  ]"))  # the block's end
    lines[close - 1] += b","  # a comma after the last link
    for chunk_bytes in (1 << 19, 1):  # the links in one chunk; a chunk after each link
        monkeypatch.setattr(fast_load, "CHUNK_BYTES", chunk_bytes)
        for extra in ([], [b""] * 4, [b"", b"", b"", b","]):  # then blank lines: a chunk of its own
            _declined_and_refused_as_invalid_json(b"\n".join(lines[:close] + extra + lines[close:]))


def test_a_key_spelled_with_an_escape_takes_the_whole_file_path():
    # found in review: '"l\u0069nks"' is the links key again, which the count of '"links"'
    # did not see; the whole-file reading (last key wins) is the one to follow
    raw = EXAMPLE.read_bytes()
    data = json.loads(raw)
    spelled = raw.replace(b'\n  "links": [\n', b'\n  "l\\u0069nks": [],\n  "links": [\n', 1)
    after = raw.rstrip()[:-1].rstrip() + b',\n  "l\\u0069nks": []\n}\n'
    assert fast_load.split_links(spelled) is None and fast_load.split_links(after) is None
    assert len(io.parse_design(spelled, "x.json").links) == len(data["links"])
    assert io.parse_design(after, "x.json").links == []  # as json.loads and pydantic read it
    # the format version spelled with an escape: judged by the friendly path, not the sniff
    newer = raw.replace(b'"format_version": 1', b'"format_version": 1, "format_v\\u0065rsion": 7', 1)
    assert fast_load.validate_fast(newer) is None
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(newer, "x.json")
    assert "newer" in caught.value.format()


def test_the_status_bars_gpus_and_power_are_the_design_totals(catalog):
    """The window's status bar adds only GPUs and maximum watts over the racks' sums (a
    whole merge of every rack's sum took 44 ms of a drag-move at 131,072 GPUs): the same
    figures, to the bit, as the report's design total, unracked devices included."""
    from designer.model.io import load_design
    from designer.model.loads import design_gpus_and_power_max_w, design_load

    design = load_design(EXAMPLE, catalog)
    design.devices[0].rack, design.devices[0].position_u = None, None  # one device in no rack
    checker = Checker(design, catalog.cabling)
    ctx = checker.ctx
    total = design_load(ctx.index, ctx.rack_load)
    assert design_gpus_and_power_max_w(ctx.index, ctx.rack_load) == (total.gpus, total.power_max_w)
    assert (total.gpus, total.power_max_w) == (design_load(ctx.index).gpus, design_load(ctx.index).power_max_w)
