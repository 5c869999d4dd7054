"""The window's language: English or Simplified Chinese.

One language for the whole application, the way Qt's own ``installTranslator`` works:
widgets take their words from ``current()`` when they build their texts, and each has a
``retranslate()`` that builds them again after a switch (keeping the design, the undo
stack, the selection and the view in place). The words are in the Qt-free catalogs
registered with ``designer.i18n`` (the window's ``designer/ui/words.py``, the proposal's,
the model's slot refusals), so the window and the proposal say a term the same way.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QSettings, QTranslator

from designer.i18n import LANGUAGES, Translator
from designer.model.placement import slot_message

SETTING = "language"
DEFAULT = "en"
# Each language named in itself, so a reader finds theirs whatever the window shows.
LANGUAGE_NAMES = {"en": "English", "zh": "中文"}
# Qt's own words (OK, Cancel, Save, Discard, the text fields' context menus) come from the
# translations shipped with Qt.
_QT_CATALOGS = {"zh": "qtbase_zh_CN"}

_current = Translator(DEFAULT)
_qt_translator: QTranslator | None = None


def current() -> Translator:
    return _current


def saved(settings: QSettings) -> str:
    """The language stored in the settings; English when none (or an unknown one) is."""
    value = settings.value(SETTING, DEFAULT)
    return value if value in LANGUAGES else DEFAULT


def apply(lang: str) -> Translator:
    """Make ``lang`` the window's language (widgets built from now on use it)."""
    global _current, _qt_translator
    _current = Translator(lang)
    app = QCoreApplication.instance()
    if app is not None:
        if _qt_translator is not None:
            app.removeTranslator(_qt_translator)
            _qt_translator = None
        catalog = _QT_CATALOGS.get(lang)
        if catalog:
            translator = QTranslator(app)
            if translator.load(catalog, QLibraryInfo.path(QLibraryInfo.TranslationsPath)):
                app.installTranslator(translator)
                _qt_translator = translator
    return _current


def slot_problem(conflict: tuple[str, dict] | None) -> str | None:
    """Why a rack slot is refused (``placement.slot_conflict``), in the window's language."""
    if conflict is None:
        return None
    key, figures = conflict
    return slot_message(key, figures, _current.lang)
