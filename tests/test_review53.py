"""Defects helper-53 found reviewing da7866b..729ff8f, mended."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from designer.fabric.generate import GenerateSpec, default_name, generate
from designer.report.pdf import proposal_pdf


def _text(design, catalog, lang):
    data = proposal_pdf(design, catalog=catalog, lang=lang)
    return "".join("".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize(("lang", "row"), [("en", "readthroughputasagreed"), ("zh", "读取吞吐达到约定值")])
def test_the_proposal_tests_storage_throughput_only_where_there_is_storage(catalog, lang, row):
    """Review 53, 6: the acceptance tests listed "Storage throughput: read throughput as
    agreed" for a design without a storage system (the POC plan had already dropped fio)."""
    bare = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    stored = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700",
                                   storage="weka-wekapod-nitro-8", storage_nodes=1), catalog)
    assert row not in _text(bare, catalog, lang)
    assert row in _text(stored, catalog, lang)


@pytest.mark.parametrize(("model", "expected"), [
    ("NVIDIA DGX H100", "4 x NVIDIA DGX H100"),
    ("Acme: Box 8", "4 x Acme - Box 8"),
])
def test_the_default_name_is_a_name_the_file_takes(model, expected):
    """Review 53, 3: a catalog model with a colon, or one too long, made the default design
    name fail validation with a traceback."""
    assert default_name(4, model) == expected
    long = default_name(4, "x" * 300)
    assert len(long) == 120 and long.endswith("...")


def test_a_cable_drawn_by_hand_between_two_infiniband_switches_is_optical_as_the_generators(catalog):
    """helper-52's leftover: the generator joins two InfiniBand switches in one rack with a
    module and fibre (RA-11333-001 Table 8: "All networking components are multi-mode
    fiber"); a cable drawn by hand there got the cheaper DAC."""
    from designer.fabric.hand_cabling import choose_cable
    from designer.model.index import DesignIndex
    from designer.model.link import Link, LinkEnd

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=12, switch="nvidia-qm9700"), catalog)
    index = DesignIndex.build(design)
    by_rack: dict[str, list[str]] = {}
    for d in design.devices:
        if d.device_type == "nvidia-qm9700" and d.fabric == "compute":
            by_rack.setdefault(d.rack, []).append(d.name)
    a, b = next(names for names in by_rack.values() if len(names) >= 2)[:2]
    used = {(end.device, end.port) for link in design.links for end in (link.a, link.b)}
    free = [lambda n: next(f"p{i}" for i in range(1, 65) if (n, f"p{i}") not in used)]
    link = Link(a=LinkEnd(device=a, port=free[0](a)), b=LinkEnd(device=b, port=free[0](b)), fabric="compute")
    media, length = choose_cable(index, catalog.cabling, link)
    assert media == "MMF" and length is not None
    copper = design.model_copy(deep=True)
    for fabric in copper.fabrics:
        fabric.in_rack_copper = True
    media, _length = choose_cable(DesignIndex.build(copper), catalog.cabling, link)
    assert media == "DAC"


@pytest.mark.parametrize("spec", [
    dict(nodes=4, management_nodes=0),
    dict(nodes=1),
    dict(nodes=4, management_server="nvidia-dgx-h100"),
])
def test_a_management_weight_that_would_be_dropped_is_refused(catalog, spec):
    """Review 53, 4: --management-server-weight-kg with no management node placed (or on the
    GPU server's own type) was dropped without a word."""
    from designer.errors import GenerationError

    with pytest.raises(GenerationError, match="--management-server-weight-kg 20"):
        generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", management_server_weight_kg=20,
                              **spec), catalog)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4,
                                   management_server_weight_kg=20), catalog)
    mgmt = next(t for t in design.device_types if t.slug == "generic-management-server-x86")
    assert mgmt.weight_kg == 20


@pytest.mark.parametrize(("lang", "said", "unsaid"), [
    # said once since review 54 (was "HCCS unpublished per GPU (unpublished reached)"); an
    # Ascend's chips are NPUs since the thirteenth stop
    ("en", "8NPUsinoneHCCSdomain,whosebandwidthperNPUisunpublished(takenas0)", "inoneNVLinkdomain"),
    ("zh", "8块NPU同属一个HCCS域，其每NPU带宽未公布（按0计）", "同属一个NVLink域"),
])
def test_an_ascend_server_s_domain_is_hccs_and_its_unpublished_bandwidth_is_said_so(catalog, lang, said, unsaid):
    """Review 53, 2: one Atlas 800T A2 was "all inside one NVLink domain at 0.0 GB/s per GPU"."""
    from designer.report.json_report import report_parts
    from designer.report.performance import collectives_part
    from designer.i18n import Translator

    design = generate(GenerateSpec(server="huawei-atlas-800t-a2", nodes=1, switch="nvidia-sn5600", server_max_kw=6,
                                   server_weight_kg=60), catalog)
    report = report_parts(design, catalog=catalog)
    assert report.estimates.allreduce.scale_up_link == "HCCS"
    assert report.as_dict()["estimates"]["collectives"]["scale_up_link"] == "HCCS"
    text = _text(design, catalog, lang)
    assert said in text and unsaid not in text
    first = "".join(collectives_part(report.as_dict()["estimates"]["collectives"], Translator(lang)).items[0].split())
    assert "HCCS" in first and "NVLink域" not in first and "NVLinkdomain" not in first


def test_interconnect_names():
    from designer.fabric.scale_up import interconnect_name

    assert interconnect_name("NVLink 5 (2x NVSwitch)") == "NVLink"
    assert interconnect_name("NVLink 5 via 9 NVSwitch trays, one NVLink domain per rack") == "NVLink"
    assert interconnect_name("AMD Infinity Fabric (XGMI), full mesh on the UBB") == "AMD Infinity Fabric"
    assert interconnect_name("HCCS") == "HCCS"
    assert interconnect_name(None) is None


def test_a_long_refused_text_is_not_echoed_whole(catalog):
    """Review 53, minor: a 5,000-character --customer was echoed in full in its error."""
    from designer.errors import GenerationError

    with pytest.raises(GenerationError) as caught:
        generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700", customer="x" * 5000),
                 catalog)
    assert "--customer 'xxx" in caught.value.message and len(caught.value.message) < 400
