"""The registry of words: each layer registers its catalogs here, the Translator reads them.

A catalog is ``{key: {"en": ..., "zh": ...}}``. Every layer registers its own words when the
module that holds them is imported (``register("report.proposal", MESSAGES)`` at the end of
``designer/report/i18n_proposal.py``), so no caller has to remember to, and this package
imports nothing from the layers above it: the translator finds the window's words because
the window imported them, not because the translator knows the window.

Words come in kinds, one key space each, because each kind is said its own way:

- ``words``: ``str.format`` strings, said by ``Translator(key, **values)``;
- ``findings`` and ``notes``: the checks' finding messages and the estimates' assumptions,
  templates (``designer.i18n.templates``) rendered from a key and raw figures;
- ``template_terms``: words that arrive as a template's field values (``{tier!t}``);
- ``code_titles``: a short title per finding code; ``input_labels``: the estimate inputs' names.

A key registered by two catalogs of one kind is a programming error and raises at
registration (``CatalogError``), as does an entry without every language: a test catches
it rather than a reader seeing the wrong language or a raw key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "zh")
KINDS = ("words", "findings", "notes", "template_terms", "code_titles", "input_labels")


class CatalogError(ValueError):
    """A catalog that cannot be registered: a key another catalog has, or a missing language."""


# kind -> key -> (catalog name, {lang: text or template})
_ENTRIES: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {kind: {} for kind in KINDS}
# kind -> catalog name -> its keys (so registering a catalog again, e.g. on a reload, replaces it)
_CATALOGS: dict[str, dict[str, tuple[str, ...]]] = {kind: {} for kind in KINDS}


# kinds whose texts are templates: a text may be a dict of plural forms ({"one": ..., "other": ...})
_TEMPLATE_KINDS = ("findings", "notes")


def _valid_text(value: Any, kind: str) -> bool:
    if isinstance(value, str):
        return True
    return (kind in _TEMPLATE_KINDS and isinstance(value, Mapping) and "other" in value
            and all(isinstance(v, str) for v in value.values()))


def register(catalog: str, messages: Mapping[str, Mapping[str, Any]], kind: str = "words") -> None:
    """Add ``catalog``'s ``{key: {lang: text}}`` to the words of ``kind``.

    Raises ``CatalogError`` when a key is already another catalog's, or an entry lacks a
    language; nothing of the catalog is registered then. Registering the same catalog
    name again replaces what it registered before."""
    if kind not in KINDS:
        raise CatalogError(f"catalog {catalog!r}: unknown kind {kind!r}; use one of {', '.join(KINDS)}")
    entries = _ENTRIES[kind]
    added: dict[str, tuple[str, dict[str, Any]]] = {}
    for key, texts in messages.items():
        if not isinstance(key, str) or not key:
            raise CatalogError(f"catalog {catalog!r} ({kind}): key {key!r} is not a non-empty string")
        owner = entries.get(key)
        if owner is not None and owner[0] != catalog:
            raise CatalogError(f"catalog {catalog!r} ({kind}): key {key!r} is already in catalog {owner[0]!r}; "
                               "rename one of them (a key means one thing everywhere)")
        if not isinstance(texts, Mapping):
            raise CatalogError(f"catalog {catalog!r} ({kind}): {key!r} must map languages to texts, "
                               f'like {{"en": "...", "zh": "..."}}; got {type(texts).__name__}')
        missing = [lang for lang in LANGUAGES if lang not in texts or not _valid_text(texts[lang], kind)]
        if missing:
            raise CatalogError(f"catalog {catalog!r} ({kind}): {key!r} has no text for {', '.join(missing)}; "
                               "every user-visible word is given in " + " and ".join(LANGUAGES))
        added[key] = (catalog, {lang: texts[lang] for lang in LANGUAGES})
    for key in _CATALOGS[kind].get(catalog, ()):
        entries.pop(key, None)
    entries.update(added)
    _CATALOGS[kind][catalog] = tuple(added)


def entry(key: str, kind: str = "words") -> dict[str, Any] | None:
    """The texts of ``key`` by language, or None when no catalog registered it."""
    found = _ENTRIES[kind].get(key)
    return found[1] if found is not None else None


def keys(kind: str = "words") -> set[str]:
    return set(_ENTRIES[kind])


def catalogs(kind: str = "words") -> dict[str, tuple[str, ...]]:
    """The registered catalogs of ``kind`` and their keys."""
    return dict(_CATALOGS[kind])


def unregister(catalog: str, kind: str = "words") -> None:
    """Drop a catalog (tests that register one of their own take it out again)."""
    for key in _CATALOGS[kind].pop(catalog, ()):
        _ENTRIES[kind].pop(key, None)
