"""The proposal reads the typed report (issue 18, 7b): ``ProposalContext.report`` is a
:class:`Report`, and no module of the PDF, its drawings or the SVG export indexes the report
as a dict (``report["racks"]``, ``ctx.report.get("estimates")``), so that cannot creep back.

``report --json`` is ``Report.as_dict()``: its bytes are guarded by tests/test_report_golden.py.
``tests/pdf_text_snapshot.py`` writes the proposal's text to diff a refactoring against.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import designer
from designer.i18n import Translator
from designer.model.io import load_design
from designer.report.json_report import Report, build_report, report_parts
from designer.report.pdf.context import ProposalContext
from designer.resources import example_design

PACKAGE = Path(designer.__file__).parent
READERS = [*sorted((PACKAGE / "report" / "pdf").rglob("*.py")), *sorted((PACKAGE / "report" / "drawings").rglob("*.py")),
           PACKAGE / "report" / "svg_export.py"]


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


def test_the_context_holds_the_typed_report(example, catalog):
    ctx = ProposalContext.prepare(example, catalog, "en")
    assert isinstance(ctx.report, Report)
    # the same figures as `report --json`
    assert json.dumps(ctx.report.as_dict()) == json.dumps(build_report(example, catalog=catalog))


def test_a_given_report_is_used_as_it_is(example, catalog):
    report = report_parts(example, catalog=catalog)
    assert ProposalContext.prepare(example, catalog, "en", report=report).report is report


def test_export_hands_the_pdf_its_report(example, catalog, tmp_path, monkeypatch):
    from designer.report import exports, pdf

    seen = []

    def render(ctx):
        seen.append(ctx)
        return b"%PDF-"

    monkeypatch.setattr(pdf, "render", render)
    exports.export_documents(example, catalog, pdf=tmp_path / "p.pdf")
    assert len(seen) == 1 and isinstance(seen[0].report, Report)
    assert seen[0].bom is seen[0].report.bom  # one report and one BOM for every output


def _is_report(node: ast.AST) -> bool:
    """``report`` or ``<anything>.report``."""
    return (isinstance(node, ast.Name) and node.id == "report") or (
        isinstance(node, ast.Attribute) and node.attr == "report")


def _dict_reads(source: str, name: str) -> list[str]:
    """Where ``source`` indexes a report (``report[...]``, ``x.report[...]``) or calls a dict
    method on it (``x.report.get(...)``)."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if (isinstance(node, ast.Subscript) and _is_report(node.value)) or (
                isinstance(node, ast.Attribute) and _is_report(node.value)
                and node.attr in ("get", "keys", "items", "values", "setdefault", "pop")):
            found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_reader_indexes_the_report_as_a_dict():
    assert len(READERS) > 20 and all(path.is_file() for path in READERS)
    found = [line for path in READERS
             for line in _dict_reads(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))]
    assert not found, "read the typed Report's attributes (ctx.report.racks), not a dict:\n" + "\n".join(found)


def test_the_check_finds_a_dict_read():
    sample = 'def f(ctx, report):\n    return ctx.report["racks"], report.get("fabrics"), ctx.report.racks[0]\n'
    assert len(_dict_reads(sample, "sample.py")) == 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_finding_is_said_as_its_report_entry_is(example, catalog, lang):
    t = Translator(lang)
    findings = report_parts(example, catalog=catalog).findings
    assert findings and any(f.hint for f in findings)
    for f in findings:
        assert t.finding_message(f) == t.finding_message(f.as_dict())
        assert t.finding_hint(f) == t.finding_hint(f.as_dict())
