"""Slurm topology.conf, UFM .topo and DOT of the compute fabric, read back by readers
written from the formats' documentation (slurm.schedmd.com topology.conf, ibutils
ibdm-topo-file(1) / UFM Cable Validation Tool "Topo File", Graphviz DOT)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from designer.fabric.graph import fabric_links
from designer.model.index import DesignIndex
from designer.report.handover.slurm import hostlist, topology_conf
from designer.report.handover.ufm import dot_file, topo_file
from conftest import run_cli


def expand(expr: str) -> list[str]:
    """Slurm hostlist: ``n[01-03,7],x`` -> n01 n02 n03 n07 x."""
    names = []
    for part in re.findall(r"[^,\[]+(?:\[[^\]]*\])?", expr):
        match = re.fullmatch(r"(.*)\[(.*)\]", part)
        if not match:
            names.append(part)
            continue
        for item in match[2].split(","):
            lo, _, hi = item.partition("-")
            for n in range(int(lo), int(hi or lo) + 1):
                names.append(f"{match[1]}{n:0{len(lo)}d}")
    return names


def read_topology_conf(text: str) -> dict[str, dict[str, list[str]]]:
    switches = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = dict(item.split("=", 1) for item in line.split())
        name = fields.pop("SwitchName")
        assert name not in switches, f"{name} defined twice"
        switches[name] = {k: expand(v) for k, v in fields.items() if k in ("Nodes", "Switches")}
    return switches


@pytest.fixture(scope="module")
def three_tier(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=96, switch="nvidia-qm9700", tiers="3"), catalog)
    return design, DesignIndex.build(design)


def test_hostlist_round_trips():
    names = ["node001", "node002", "node003", "node010", "ufm", "a7"]
    assert hostlist(names) == "a7,node[001-003,010],ufm"
    assert sorted(expand(hostlist(names))) == sorted(names)


def test_slurm_three_tier_lists_every_gpu_server_once_under_a_leaf(three_tier):
    design, index = three_tier
    switches = read_topology_conf(topology_conf(index))
    gpu_servers = {d.name for d in design.devices if index.type_of(d).gpu_count}
    listed = Counter(n for s in switches.values() for n in s.get("Nodes", []))
    assert set(listed) == gpu_servers and set(listed.values()) == {1}
    leaves = {d.name for d in design.devices if d.tier == "leaf" and d.fabric == "compute"}
    cabled = {(l.a.device, l.b.device) for l in design.links} | {(l.b.device, l.a.device) for l in design.links}
    for name, children in switches.items():
        assert ("Nodes" in children) != ("Switches" in children)
        if "Nodes" in children:
            assert name in leaves
            assert all((node, name) in cabled for node in children["Nodes"])
        for child in children.get("Switches", []):
            assert child in switches, f"{name} names undefined switch {child}"
    parents = Counter(c for s in switches.values() for c in s.get("Switches", []))
    assert set(parents.values()) == {1}, "each switch has one parent"
    roots = [name for name in switches if name not in parents]
    assert roots == ["compute-core"]


def read_topo(text: str) -> dict[str, list[tuple]]:
    """IBDM topology file: 'TYPE NAME' then 'PORT -WxS-> RTYPE RNAME RPORT' lines, a blank line after."""
    systems, current = {}, None
    for line in text.splitlines():
        if not line.strip():
            current = None
            continue
        link = re.fullmatch(r"\s*(P\d+(?:/\d+)?)\s+-(\d+)x-(\d+(?:\.\d+)?)G->\s+(\S+)\s+(\S+)\s+(\S+)", line)
        if current is None:
            system_type, name = line.split()
            current = systems.setdefault(name, [])
            continue
        assert link, f"not a link line: {line!r}"
        current.append(link.groups())
    return systems


def _compute_links(index):
    return [l for name, links in fabric_links(index).items() if name and name.startswith("compute") for l in links]


def test_topo_describes_every_compute_link(three_tier):
    design, index = three_tier
    systems = read_topo(topo_file(index))
    described = Counter()
    for switch, links in systems.items():
        for _port, width, speed, rtype, remote, rport in links:
            described[frozenset([switch, remote])] += 1
            assert int(width) * float(speed) == 400
            if rtype == "HCA":
                assert re.fullmatch(r"mlx5_[0-7]/P1", rport)
            else:
                assert any(p == rport and r == switch for p, _, _, _, r, _ in systems[remote]), "both sides list it"
    expected = Counter()
    for link in _compute_links(index):
        both_switches = link.a.device in systems and link.b.device in systems
        expected[frozenset([link.a.device, link.b.device])] += 2 if both_switches else 1
    assert described == expected


def read_dot(text: str):
    assert text.startswith("graph ") and text.rstrip().endswith("}")
    nodes = dict(re.findall(r'^\s*"([^"]+)" \[function="([^"]+)"', text, re.M))
    edges = re.findall(r'^\s*"([^"]+)":"([^"]+)" -- "([^"]+)":"([^"]+)"', text, re.M)
    return nodes, edges


def test_dot_has_every_compute_link_with_nos_port_names(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=16, switch="nvidia-sn5600"), catalog)
    index = DesignIndex.build(design)
    nodes, edges = read_dot(dot_file(index))
    assert len(edges) == len(_compute_links(index))
    for a, a_port, b, b_port in edges:
        assert {a, b} <= set(nodes)
        switch_port = a_port if nodes[a] != "host" else b_port
        host_port = b_port if nodes[a] != "host" else a_port
        assert re.fullmatch(r"swp\d+(s[0-3])?", switch_port)
        assert re.fullmatch(r"mlx5_\d+", host_port)
    assert any(p.endswith("s0") for _, p, _, _ in edges), "Cumulus numbers breakout lanes from 0"


def test_cli_exports_and_refuses_topo_for_ethernet(tmp_path):
    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-b300", "--nodes", "4", "--switch", "nvidia-sn5600",
                   "-o", design_file).code == 0
    result = run_cli("export", design_file, "--slurm", tmp_path / "t.conf", "--dot", tmp_path / "f.dot")
    assert result.code == 0, result
    assert read_topology_conf((tmp_path / "t.conf").read_text())
    result = run_cli("export", design_file, "--topo", tmp_path / "f.topo")
    assert result.code == 2 and "not InfiniBand" in result.err
    assert not (tmp_path / "f.topo").exists()


def test_a_design_without_cabled_servers_is_refused_for_slurm_and_gives_an_empty_schedule(tmp_path):
    import json

    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    data = json.loads(design_file.read_text())
    data["links"] = []
    design_file.write_text(json.dumps(data))
    result = run_cli("export", design_file, "--slurm", tmp_path / "t.conf", "--cables", tmp_path / "c.csv")
    assert result.code == 2 and "no GPU server is cabled" in result.err
    assert not (tmp_path / "t.conf").exists() and not (tmp_path / "c.csv").exists()
    result = run_cli("export", design_file, "--cables", tmp_path / "c.csv")
    assert result.code == 0, result
    assert (tmp_path / "c.csv").read_text(encoding="utf-8-sig").count("\n") == 1


def test_switch_ports_are_numbered_on_across_port_groups_as_on_the_front_panel(catalog):
    from designer.fabric.generate import GenerateSpec, generate
    from designer.report.handover.ufm import _switch_port

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-qm9700"), catalog)
    index = DesignIndex.build(design)
    oob = next(d.name for d in design.devices if d.device_type == "nvidia-sn2201")
    # SN2201: 48 access ports swp1..swp48, then the 4 uplinks swp49..swp52
    assert _switch_port(index, oob, "swp3", True) == "swp3"
    assert _switch_port(index, oob, "up2", True) == "swp50"
    leaf = next(d.name for d in design.devices if d.device_type == "nvidia-qm9700")
    assert _switch_port(index, leaf, "p31s2", False) == "P31/2"
    assert _switch_port(index, leaf, "p31s2", True) == "swp31s1"
