"""Project inputs (issue 16, item 4): what the design cannot say — the integrator's company,
logo and contact, validity and commercial terms, delivery and lead times, support and
warranty, revision history — stored in the project file (optional fields: an older file loads
as before), printed on the cover, in the headers and in the terms; a bad value or logo is one
message naming the field."""

from __future__ import annotations

import io
import json

import pytest
from pypdf import PdfReader

from designer.model.io import load_design
from designer.report.pdf import proposal_pdf
from designer.resources import example_design
from tests.conftest import run_cli

INPUTS = {"company": "Acme Integration GmbH", "contact_name": "Jane Roe", "contact_email": "jane@acme.example",
          "contact_phone": "+49 30 1234", "validity_days": 60, "date": "2026-12-01",
          "payment_terms": "30 % at order, 70 % at acceptance", "warranty": "3 years return-to-base",
          "support": "8x5 next business day", "lead_times": "DGX 8-12 weeks", "delivery_schedule": "Q2 2027",
          "revisions": [{"revision": "0.9", "date": "2026-11-15", "author": "Jane Roe", "note": "first draft"}]}


def _project_file(tmp_path, **extra) -> str:
    data = json.loads(example_design().read_text())
    data["project"].update(INPUTS, **extra)
    path = tmp_path / "project.json"
    path.write_text(json.dumps(data))
    return str(path)


def _logo(path):
    from PIL import Image

    Image.new("RGB", (300, 100), "navy").save(path)


def _text(data: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def test_old_file_loads_without_inputs(catalog):
    project = load_design(example_design(), catalog).project
    assert project.company is None and project.revisions == [] and project.validity_days is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_inputs_printed_on_cover_headers_and_terms(tmp_path, catalog, lang):
    design = load_design(_project_file(tmp_path), catalog)
    pages = _text(proposal_pdf(design, catalog, lang))
    assert "Acme Integration GmbH" in pages[0] and "jane@acme.example" in pages[0]
    assert all("Acme Integration GmbH" in page for page in pages[1:])  # the header
    terms = pages[-1] + pages[-2]
    for value in ("30 % at order", "3 years return-to-base", "8x5 next business day", "DGX 8-12 weeks", "Q2 2027",
                  "first draft", "0.9"):
        assert value in terms, value
    assert ("30 January 2027" if lang == "en" else "2027年1月30日") in terms  # 60 days from 1 December


def test_logo_on_the_cover(tmp_path, catalog):
    _logo(tmp_path / "logo.png")
    out = tmp_path / "p.pdf"
    result = run_cli("export", _project_file(tmp_path, logo="logo.png"), "--pdf", str(out))
    assert result.code == 0, result
    cover = PdfReader(str(out)).pages[0]
    assert list(cover.images), "no image on the cover"


@pytest.mark.parametrize("logo, words", [("missing.png", "does not exist"), ("bad.png", "not a readable image")])
def test_bad_logo_is_one_message_naming_the_field(tmp_path, logo, words):
    (tmp_path / "bad.png").write_text("not an image")
    out = tmp_path / "p.pdf"
    result = run_cli("export", _project_file(tmp_path, logo=logo), "--pdf", str(out))
    assert result.code == 2
    assert "project.logo" in result.err and words in result.err and "Project details" in result.err
    assert "Traceback" not in result.err and not out.exists()


def test_bad_input_refused_with_the_field_path(tmp_path):
    result = run_cli("check", _project_file(tmp_path, validity_days=0))
    assert result.code == 2
    assert "project.validity_days" in result.err and "Traceback" not in result.err
    result = run_cli("check", _project_file(tmp_path, revisions=[{"date": "2026-01-01"}]))
    assert result.code == 2 and "project.revisions" in result.err
