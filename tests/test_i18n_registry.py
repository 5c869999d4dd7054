"""designer.i18n: the registry every layer puts its words into, and the dependency direction
it keeps (issue 18, item 7a)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from designer.i18n import CatalogError, Translator, catalog, register


@pytest.fixture
def scratch():
    """Catalog names a test registers; taken out again afterwards."""
    made: list[tuple[str, str]] = []
    yield made
    for name, kind in made:
        catalog.unregister(name, kind)


def test_a_registered_word_is_said_in_each_language(scratch):
    scratch.append(("test.one", "words"))
    register("test.one", {"test.greeting": {"en": "Hello {name}", "zh": "你好 {name}"}})
    assert Translator("en")("test.greeting", name="A") == "Hello A"
    assert Translator("zh")("test.greeting", name="A") == "你好 A"
    assert Translator("zh").has("test.greeting")


def test_a_key_two_catalogs_register_is_refused_at_registration(scratch):
    scratch.extend([("test.first", "words"), ("test.second", "words")])
    register("test.first", {"test.shared": {"en": "first", "zh": "第一"}})
    with pytest.raises(CatalogError, match=r"'test.shared' is already in catalog 'test.first'"):
        register("test.second", {"test.other": {"en": "other", "zh": "其他"},
                                 "test.shared": {"en": "second", "zh": "第二"}})
    # nothing of the refused catalog is registered, the first keeps its word
    assert not Translator("en").has("test.other")
    assert Translator("en")("test.shared") == "first"


def test_a_real_catalog_key_cannot_be_taken_by_another_layer(scratch):
    import designer.report  # noqa: F401  (the proposal's words)

    scratch.append(("test.thief", "words"))
    with pytest.raises(CatalogError, match="report.proposal"):
        register("test.thief", {"sec_bom": {"en": "Parts", "zh": "零件"}})
    assert Translator("en")("sec_bom") == "Bill of materials"


def test_the_same_key_in_two_kinds_is_no_clash(scratch):
    # a finding code's title and a word are looked up apart
    scratch.extend([("test.words", "words"), ("test.titles", "code_titles")])
    register("test.words", {"TEST_CODE": {"en": "word", "zh": "词"}})
    register("test.titles", {"TEST_CODE": {"en": "title", "zh": "标题"}}, kind="code_titles")
    assert Translator("zh")("TEST_CODE") == "词"
    assert Translator("zh").code_title("TEST_CODE") == "标题"


def test_an_entry_without_every_language_is_refused(scratch):
    scratch.append(("test.half", "words"))
    with pytest.raises(CatalogError, match=r"'test.half_said' has no text for zh"):
        register("test.half", {"test.half_said": {"en": "only English"}})
    with pytest.raises(CatalogError, match="must map languages to texts"):
        register("test.half", {"test.flat": "plain text"})  # type: ignore[dict-item]
    with pytest.raises(CatalogError, match="unknown kind 'sentences'"):
        register("test.half", {}, kind="sentences")
    # plural forms are for templates, not words said with str.format
    with pytest.raises(CatalogError, match="has no text for en, zh"):
        register("test.half", {"test.plural": {"en": {"one": "a", "other": "b"}, "zh": {"other": "b"}}})
    assert not Translator("en").has("test.half_said")


def test_registering_a_catalog_again_replaces_it(scratch):
    scratch.append(("test.again", "words"))
    register("test.again", {"test.old": {"en": "old", "zh": "旧"}})
    register("test.again", {"test.new": {"en": "new", "zh": "新"}})  # as a module reload does
    assert Translator("en")("test.new") == "new"
    assert not Translator("en").has("test.old")


def test_a_missing_key_raises_naming_it_and_the_catalogs():
    with pytest.raises(KeyError, match=r"'test.nowhere' is not in the catalog for 'zh' \(registered: .*report.proposal"):
        Translator("zh")("test.nowhere")


def test_templates_are_rendered_by_the_language_formatter(scratch):
    from designer.i18n import names

    scratch.append(("test.findings", "findings"))
    register("test.findings", {"test.unplugged": {"en": {"one": "{count} port: {ports:and_more}",
                                                          "other": "{count:,} ports: {ports:and_more}"},
                                                   "zh": "{count} 个端口：{ports}"}}, kind="findings")
    finding = {"key": "test.unplugged", "params": {"count": 1200, "ports": names(["p1", "p2", "p3"], 2)},
               "message": "as the checks wrote it"}
    assert Translator("en").finding_message(finding) == "as the checks wrote it"
    assert Translator("zh").finding_message(finding) == "1,200 个端口：p1、p2 等"
    # a key no catalog knows (an older report) keeps the English
    assert Translator("zh").finding_message({**finding, "key": "test.gone"}) == "as the checks wrote it"


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)


def test_the_i18n_package_imports_no_layer_above_it():
    proc = _run("import sys, designer.i18n;"
                "print(sorted(m for m in sys.modules if m.startswith('designer.') and not m.startswith('designer.i18n')))")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_each_layer_brings_its_words_and_the_report_does_not_know_the_windows():
    code = (
        "from designer.i18n import Translator, catalog; import designer.report;"
        "t = Translator('zh');"
        "print(t('sec_bom'), t.code_title('FEED_MISSING'), t.input_label('cost.pue'));"
        "print(sorted(catalog.catalogs('findings')), sorted(catalog.catalogs('notes')));"
        "print(t.has('menu.file'));"
        "import designer.ui; print(t('menu.file'), t('sec_bom'))"
    )
    proc = _run(code)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "物料清单 机柜未配置供电回路 电费计算 PUE（否则取机房值）"
    assert lines[1] == "['checks.findings'] ['estimates.notes']"
    assert lines[2] == "False"  # the report never imports the window's words
    assert lines[3] == "文件(&F) 物料清单"  # the window brings its own, and the report's it reuses


def test_the_windows_words_left_the_report_package():
    report = ROOT / "designer" / "report"
    assert not (report / "i18n_ui.py").exists() and not (report / "i18n_cabling.py").exists()
    assert not (report / "i18n.py").exists()
    for path in report.rglob("*.py"):
        assert "designer.ui" not in path.read_text(encoding="utf-8"), path


def test_the_slot_refusals_are_written_once():
    sources = [p for p in (ROOT / "designer").rglob("*.py")
               if "U{low} of rack {rack} is taken by {other}" in p.read_text(encoding="utf-8")]
    assert [p.relative_to(ROOT) for p in sources] == [Path("designer/model/placement.py")]


def test_the_hand_over_words_are_said_by_the_same_translator():
    from designer.report.handover.i18n_handover import HANDOVER_MESSAGES, say

    # registered under handover.<key>: the window's cable list has "cables.col.part" of its own
    assert Translator("zh")("handover.cables.pair", a="A01", b="A02", count=3) == "A01 至 A02（3 根）"
    assert say("zh", "cables.pair", a="A01", b="A02", count=3) == "A01 至 A02（3 根）"
    assert set(catalog.catalogs()["report.handover"]) == {f"handover.{key}" for key in HANDOVER_MESSAGES}
    with pytest.raises(KeyError, match="handover.cables.nowhere"):
        say("en", "cables.nowhere")
