"""A design without storage says its read throughput available is none, not "0.0 GB/s"."""

from __future__ import annotations

from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.model.io import load_design
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections.costs import _storage
from designer.resources import example_design


def _cells(flowables) -> list[str]:
    texts = []
    for table in flowables:
        for row in getattr(table, "_cellvalues", []):
            texts += [getattr(cell, "text", str(cell)) for cell in row]
    return texts


def test_no_storage_is_said_and_storage_keeps_its_figure():
    catalog = load_catalog(include_user=False)
    bare = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-qm9700"), catalog)
    for lang, words in (("en", "none: the design has no storage system"), ("zh", "无：本设计不含存储系统")):
        ctx = ProposalContext.prepare(bare, catalog, lang)
        assert words in _cells(_storage(ctx, ctx.report.estimates.storage))
    example = load_design(example_design(), catalog)
    ctx = ProposalContext.prepare(example, catalog, "en")
    cells = _cells(_storage(ctx, ctx.report.estimates.storage))
    assert "568.0 GB/s" in cells and not any("no storage system" in c for c in cells)
