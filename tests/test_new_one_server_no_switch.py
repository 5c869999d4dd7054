"""`designer new` for one server needs no --switch: NVLink inside it is its whole GPU fabric
(stage one of a cluster), so the compute switch it used to demand went unused. Two servers
or more still need one, said in one message that names the option."""

from __future__ import annotations

from dataclasses import replace

import pytest

from designer.catalog import load_catalog
from designer.errors import GenerationError
from designer.fabric.generate import generate_with_notes
from designer.fabric.generate_spec import GenerateSpec
from designer.model.io import dumps_design
from designer.ui.words_generate import GENERATION_WORDS
from tests.conftest import run_cli

STORAGE = ("--storage", "weka-wekapod-nitro-8", "--storage-nodes", "1")


def test_one_server_without_switch_is_the_design_with_one(tmp_path):
    without, with_switch = tmp_path / "without.json", tmp_path / "with.json"
    base = ("new", "--server", "nvidia-dgx-h100", "--nodes", "1", *STORAGE)
    first = run_cli(*base, "-o", without)
    second = run_cli(*base, "--switch", "nvidia-qm9700", "-o", with_switch)
    assert first.code == 0 and second.code == 0, (first, second)
    # the storage fabric takes the protocol of the switch the DGX H100 RA names for storage
    # (InfiniBand), as it did when the compute switch was an InfiniBand one
    assert without.read_bytes() == with_switch.read_bytes()
    assert "storage: 2 endpoints" in first.out


def test_two_servers_without_switch_are_refused_naming_the_option(tmp_path):
    out = tmp_path / "two.json"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "2", "-o", out)
    assert result.code == 2
    assert "2 servers need --switch SLUG" in result.err and "nvidia-qm9700" in result.err
    assert "Traceback" not in result.err
    assert not out.exists()


def test_gpus_that_round_to_two_servers_need_a_switch(catalog):
    with pytest.raises(GenerationError) as refused:
        generate_with_notes(GenerateSpec(server="nvidia-dgx-h100", switch=None, gpus=9), catalog)
    assert refused.value.key == "needs_switch" and refused.value.figures == {"nodes": 2}


def test_the_wizard_says_the_refusal_in_both_languages():
    words = GENERATION_WORDS["gen.needs_switch"]
    assert "{nodes:,}" in words["en"] and "{nodes:,}" in words["zh"]
    assert "交换机" in words["zh"]


def test_without_a_named_storage_switch_the_storage_fabric_is_ethernet_and_said():
    # a catalog of its own (the session's is shared): the DGX H100 as if its RA named no switch
    catalog = load_catalog(include_user=False)
    server = catalog.device_types["nvidia-dgx-h100"]
    catalog.device_types["nvidia-dgx-h100"] = server.model_copy(update={"reference_switches": {}})
    spec = GenerateSpec(server="nvidia-dgx-h100", switch=None, nodes=1, storage="weka-wekapod-nitro-8",
                        storage_nodes=1)
    design, notes = generate_with_notes(spec, catalog)
    assert {f.name: f.protocol for f in design.fabrics}.get("storage") == "ethernet"
    assert any("without --switch: its storage fabric is Ethernet" in n for n in notes)
    # --storage-switch gives the protocol where the RA names none
    design_ib, notes_ib = generate_with_notes(replace(spec, storage_switch="nvidia-qm9700"), catalog)
    assert {f.name: f.protocol for f in design_ib.fabrics}.get("storage") == "infiniband"
    assert not any("its storage fabric is Ethernet" in n for n in notes_ib)
    # no storage: nothing to say about its protocol
    _design, notes_none = generate_with_notes(replace(spec, storage=None, storage_nodes=0), catalog)
    assert not any("storage fabric is Ethernet" in n for n in notes_none)
    assert dumps_design(design)  # the design saves
