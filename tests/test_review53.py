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
