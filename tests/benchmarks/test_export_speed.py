"""The PDF proposal of a generated design: layout and rendering time, page count.

Budgets (2-core machine): 1,024 GPUs well under 10 s, 16,384 GPUs within a minute.
"""

from __future__ import annotations

import io

from pypdf import PdfReader

from designer.estimates.bom import build_bom
from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex
from designer.report.json_report import report_parts
from designer.report.pdf import proposal_pdf


def test_proposal_pdf(benchmark, bench_catalog, gpus):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", gpus=gpus, switch="nvidia-qm9700"), bench_catalog)

    def export():
        # everything `designer export --pdf` does after loading: report, BOM, layout, render
        index = DesignIndex.build(design)
        return proposal_pdf(design, bench_catalog, "en", report=report_parts(design, index, catalog=bench_catalog),
                            bom=build_bom(design, bench_catalog, index), index=index)

    data = benchmark.pedantic(export, rounds=1, iterations=1)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    benchmark.extra_info.update(gpus=gpus, racks=len(design.racks), pages=pages, bytes=len(data))
    # the customer proposal: its sections and the floor plan split over sheets, not a page per
    # rack (26 / 34 / 61 / 96 pages for 49 / 202 / 813 / 1,625 racks at 1k / 4k / 16k / 32k
    # GPUs); the page count grows with the design as the floor plan and the tables do
    assert data.startswith(b"%PDF") and pages >= 20 + len(design.racks) // 25
