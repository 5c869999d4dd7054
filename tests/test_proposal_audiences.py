"""Two audiences (issue 16, item 2): the customer body says things in the customer's words;
check codes, fix hints, catalog slugs and provenance and the unknown-figure notes are in the
engineering appendix. And the BOM for procurement (item 5): manufacturer and OPN columns,
whole units above USD 1,000, an incomplete total that says so, by product name."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from designer.estimates.bom import build_bom
from designer.model.io import load_design
from designer.i18n import Translator
from designer.report.i18n_proposal import CODE_TITLES
from designer.report.json_report import build_report
from designer.report.pdf import APPENDIX_KEYS, proposal_pdf
from designer.resources import example_design


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


@pytest.fixture(scope="module")
def report(example, catalog):
    return build_report(example, catalog=catalog)


@pytest.fixture(scope="module")
def bom(example, catalog):
    return build_bom(example, catalog)


def _pages(data: bytes) -> tuple[list[str], dict[str, int]]:
    reader = PdfReader(io.BytesIO(data))
    pages = [page.extract_text() or "" for page in reader.pages]
    outline = {item.title.split("  ", 1)[1]: reader.get_destination_page_number(item) for item in reader.outline}
    return pages, outline


@pytest.fixture(scope="module", params=["en", "zh"])
def parts(request, example, catalog) -> tuple[str, str, str, str]:
    """(language, the customer edition's text, the internal edition's engineering appendix,
    the customer edition's BOM section)."""
    lang = request.param
    t = Translator(lang)
    pages, outline = _pages(proposal_pdf(example, catalog, lang))
    assert not {t(key) for key in APPENDIX_KEYS} & set(outline), "an internal appendix in the customer edition"
    body = "\n".join(pages)
    bom_text = "\n".join(pages[outline[t("sec_bom")]:outline[t("sec_costs")]])
    internal, internal_outline = _pages(proposal_pdf(example, catalog, lang, internal=True))
    engineering = "\n".join(internal[internal_outline[t("sec_engineering")]:])
    return lang, body, engineering, bom_text


def test_internal_edition_adds_the_appendices(example, catalog):
    from designer.report.pdf import INTERNAL_KEYS, SECTION_KEYS

    t = Translator("en")
    _, outline = _pages(proposal_pdf(example, catalog, "en", internal=True))
    assert list(outline) == [t(key) for key in SECTION_KEYS + INTERNAL_KEYS]


def test_cli_internal_flag_writes_the_internal_edition(tmp_path):
    from conftest import run_cli

    customer, internal = tmp_path / "c.pdf", tmp_path / "i.pdf"
    assert run_cli("export", example_design(), "--pdf", customer).code == 0
    assert run_cli("export", example_design(), "--pdf", internal, "--internal").code == 0
    t = Translator("en")
    assert t("sec_engineering") not in _pages(customer.read_bytes())[1]
    assert t("sec_engineering") in _pages(internal.read_bytes())[1]


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _slugs(example, bom) -> set[str]:
    slugs = {kind.slug for kind in (*example.device_types, *example.rack_types)}
    slugs |= {line.part for line in bom.lines if "-" in line.part and line.part != line.description}
    return slugs


def test_customer_body_has_no_check_code(parts):
    _, body, engineering, _ = parts
    for code in CODE_TITLES:
        assert code not in body, code
    assert "PSU_REDUNDANCY_LOST" in engineering and "FIGURE_UNKNOWN" in engineering


def test_customer_body_names_no_catalog_slug(parts, example, bom):
    _, body, engineering, _ = parts
    flat_body = _flat(body)
    for slug in _slugs(example, bom):
        assert slug not in flat_body, slug
    assert "nvidia-dgx-h100" in _flat(engineering) and "weka-wekapod-nitro-8" in _flat(engineering)


def test_customer_body_has_no_fix_hint_or_catalog_file(parts, report):
    lang, body, engineering, _ = parts
    t = Translator(lang)
    flat_body, flat_engineering = _flat(body), _flat(engineering)
    assert "catalog file" not in body and "catalogfile" not in flat_body
    for finding in report["findings"]:
        hint = t.finding_hint(finding)
        if hint:
            assert _flat(hint) in flat_engineering, hint
            # the catalog's to-dos never reach the customer; a design finding's fix may, as the
            # mitigation of a top risk in the executive summary (products named, not slugs)
            if finding["code"] == "FIGURE_UNKNOWN":
                assert _flat(hint) not in flat_body, hint
    assert t("fix", hint="").strip() not in body  # no "Fix:" line in the customer edition


def test_unknown_figures_are_in_the_appendix_only(parts):
    lang, body, engineering, _ = parts
    heading = Translator(lang)("unknowns")
    assert heading not in body
    assert heading in engineering


def test_customer_body_keeps_the_findings_in_words(parts, report):
    lang, body, _, _ = parts
    t = Translator(lang)
    for finding in report["findings"]:
        if finding["code"] != "FIGURE_UNKNOWN":
            assert t.code_title(finding["code"]) in body, finding["code"]
    # the PSU warning names the server by its model, not its slug
    assert re.search(r"16(台)?DGXH100", _flat(body))


def test_bom_has_manufacturer_and_opn_columns_for_procurement(parts, bom):
    lang, _, _, bom_text = parts
    t = Translator(lang)
    flat_bom = _flat(bom_text)
    for header in (t("manufacturer"), t("part_number")):
        assert _flat(header) in flat_bom, header
    for line in bom.lines:
        if line.part_number:
            assert _flat(line.part_number) in flat_bom, line.part_number


def test_bom_prices_drop_cents_from_usd_1000(parts, bom):
    lang, _, _, bom_text = parts
    t = Translator(lang)
    flat_bom = _flat(bom_text)
    dgx = next(line for line in bom.lines if line.part == "nvidia-dgx-h100")
    assert dgx.unit_price >= 1000
    assert _flat(t.money(dgx.unit_price, bom.currency, 0)) in flat_bom
    assert _flat(t.money(dgx.unit_price, bom.currency, 2)) not in flat_bom
    small = next(line for line in bom.lines if line.unit_price is not None and line.unit_price < 1000)
    assert _flat(t.money(small.unit_price, bom.currency, 2)) in flat_bom


def test_bom_total_says_it_is_incomplete_by_product_name(parts, bom):
    lang, _, _, bom_text = parts
    t = Translator(lang)
    flat_bom = _flat(bom_text)
    assert bom.unpriced
    assert _flat(t("at_least", amount=t.money(bom.total, bom.currency, 0))) in flat_bom
    name = "WEKApod Nitro data platform appliance"
    assert _flat(t("incomplete_parts_one", count=t.int(1), parts=name)) in flat_bom
