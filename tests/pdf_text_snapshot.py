"""Test support: the proposal's text (and SVG drawings) of a few designs, written to a folder,
so that a refactoring of the PDF code can be shown to change nothing a reader sees.

    .venv/bin/python tests/pdf_text_snapshot.py /tmp/before
    ... change the code ...
    .venv/bin/python tests/pdf_text_snapshot.py /tmp/after
    diff -r /tmp/before /tmp/after

The designs: the bundled example (customer and integrator editions, English and Chinese,
with the cable schedule), the example with growth stages, a generated 32-node
rail-optimized design and an 8-node RoCE one (as ``designer new`` makes them, see
``tests/test_report_golden.py``), and ``factories.small_design``. The date is pinned; the
text is ``pdftotext -layout``'s (poppler), independent of reportlab.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

TODAY = dt.date(2026, 1, 15)
RAIL32 = ["new", "--server", "nvidia-dgx-h100", "--nodes", "32", "--switch", "nvidia-qm9700", "--rail-optimized",
          "--rack-power-kw", "42", "--storage-fabric", "reserved", "--reserved-storage-ports", "24"]
ROCE8 = ["new", "--server", "nvidia-dgx-h100", "--nodes", "8", "--switch", "nvidia-sn5600",
         "--storage-fabric", "reserved", "--reserved-storage-ports", "8"]


def designs(catalog, work: Path):
    from designer.cli import main
    from designer.model.estimates import Stage
    from designer.model.io import load_design
    from designer.resources import example_design
    from factories import small_design

    example = load_design(example_design(), catalog)
    yield "example", example
    staged = example.model_copy(deep=True)
    staged.stages = [Stage(name="Phase 1", date="2027-03-01", racks=["A01", "A02"]),
                     Stage(name="Phase 2", date="2027-09-01", racks=[r.name for r in staged.racks])]
    yield "staged", staged
    for name, argv in (("rail32", RAIL32), ("roce8", ROCE8)):
        path = work / f"{name}.json"
        assert main([*argv, "-o", str(path), "--force"]) == 0
        yield name, load_design(path, catalog)
    yield "small", small_design()


def pdf_text(data: bytes, work: Path) -> str:
    pdf = work / "out.pdf"
    pdf.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout


def main(out: Path) -> None:
    from designer.catalog import load_catalog
    from designer.report.exports import export_documents
    from designer.report.pdf import render
    from designer.report.pdf.context import ProposalContext
    from designer.report.svg_export import write_svgs

    catalog = load_catalog(include_user=False)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name, design in designs(catalog, work):
            editions = [("en", False, False), ("zh", False, False)]
            if name in ("example", "rail32"):
                editions += [("en", True, True), ("zh", True, False)]
            for lang, internal, cables in editions:
                ctx = ProposalContext.prepare(design, catalog, lang, internal=internal, cable_schedule=cables)
                ctx.today = TODAY
                tag = f"{name}.{lang}{'.internal' if internal else ''}{'.cables' if cables else ''}"
                (out / f"{tag}.txt").write_text(pdf_text(render(ctx), work), encoding="utf-8")
                print(tag, flush=True)
            if name in ("example", "small"):
                ctx = ProposalContext.prepare(design, catalog, "en")
                svg = out / f"{name}.svg"
                svg.mkdir(exist_ok=True)
                write_svgs(ctx, svg)
                # the CLI's path (one report and one BOM for every output); dated today
                pdf, folder = work / "export.pdf", out / f"{name}.export-svg"
                export_documents(design, catalog, pdf=pdf, svg=folder, internal=True)
                (out / f"{name}.export.txt").write_text(pdf_text(pdf.read_bytes(), work), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/typed-pdf-before"))
