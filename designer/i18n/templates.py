"""Templates said from a key and raw figures: the findings' messages and the estimates'
assumptions (``designer/checks/messages.py``, ``designer/estimates/notes.py``).

Templates are ``str.format`` strings with named fields, and three additions that let
each language phrase counts and lists its own way:

- a template may be a dict of plural forms, ``{"one": ..., "other": ...}``, chosen by the
  ``count`` field (CLDR categories: English has both, Chinese only "other");
- a field made with ``names(items, limit)`` is a list of names, joined by the language;
  the English format spec says how a cut list ends: ``{ports:and_more}`` gives
  "a, b and 2 more", ``{leaves:ellipsis}`` gives "a, b ...";
- ``{worst:ratio}`` writes an oversubscription (2.0 -> "2:1"), and the conversion ``!t``
  marks a field whose value is a word the other language translates (``{tier!t}``).

``TemplateFormatter`` says them in English; the Translator's formatters say them in another
language (numbers, lists and terms its way).
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import Any

Template = str | dict[str, str]


def format_ratio(value: float | None) -> str:
    """An oversubscription ratio as the fabric and the findings write it: 2.0 -> "2:1", 1.33 -> "1.33:1"."""
    if value is None:
        return "-"
    return f"{value:.2f}".rstrip("0").rstrip(".") + ":1"


def names(items: Iterable[str], limit: int | None = None) -> dict[str, Any]:
    """A list field: the names shown (at most ``limit``) and how many are left out.
    A plain dict so the finding's parameters stay JSON."""
    items = list(items)
    shown = items if limit is None else items[:limit]
    return {"names": shown, "more": len(items) - len(shown)}


def plural_form(template: Template, params: dict[str, Any]) -> str:
    if isinstance(template, str):
        return template
    return template["one"] if params.get("count") == 1 and "one" in template else template["other"]


class TemplateFormatter(string.Formatter):
    """``str.format`` plus name lists, ratios and terms; English by default.
    A language overrides ``number``, ``name_list`` and ``term``."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "t":
            return self.term(value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, dict) and "names" in value:
            return self.name_list(value["names"], value.get("more", 0), format_spec)
        if format_spec == "ratio":
            return format_ratio(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return self.number(value, format_spec)
        return format(value, format_spec)

    def number(self, value: float, spec: str) -> str:
        return format(value, spec)

    def name_list(self, items: list[str], more: int, style: str) -> str:
        text = ", ".join(items)
        if more:
            text += " ..." if style == "ellipsis" else f" and {more} more"
        return text

    def term(self, value: Any) -> Any:
        return value

    def render(self, template: Template, params: dict[str, Any]) -> str:
        return self.vformat(plural_form(template, params), (), params)


def _is_han(char: str) -> bool:
    """A Chinese character (CJK unified ideographs, extension A, compatibility ideographs);
    not punctuation, which takes no space."""
    return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf" or "\uf900" <= char <= "\ufaff"


def _is_latin(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _opens_latin(text: str) -> bool:
    """``text`` begins with a Latin word or figure (letters and digits up to a space, a mark
    or its end), not with a code that a Chinese word goes on from ("3号机房", "B1机房")."""
    if not text or not _is_latin(text[0]):
        return False
    n = 1
    while n < len(text) and _is_latin(text[n]):
        n += 1
    return n == len(text) or not _is_han(text[n])


def _closes_latin(text: str) -> bool:
    """``text`` ends with a Latin word or figure, or with the full stop or bracket that ends
    one ("Acme Co., Ltd.", "(EU)"), not a Chinese word that ends on a code ("机房B1")."""
    n = len(text)
    while n > 0 and text[n - 1] in ".)":
        n -= 1
    if n == 0 or not _is_latin(text[n - 1]):
        return False
    while n > 0 and _is_latin(text[n - 1]):
        n -= 1
    return n == 0 or not _is_han(text[n - 1])


class HanSpacing(string.Formatter):
    """A formatter that puts a space between a Chinese character of the template and a Latin
    word or figure a field's value begins or ends with ("{customer}计划" with "Example Lab":
    "Example Lab 计划"; "在{room}中": "在 Hall 1 中"; "Acme Co., Ltd. 计划"), as Chinese
    technical writing sets mixed text and as the templates themselves write their own figures
    ("共 {gpus} 块"). Only where a field meets the template, and not where the value is a
    Chinese phrase that starts or ends with a code ("在3号机房中"): the templates' own text,
    and a value's, stay as written."""

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        out: list[str] = []
        field_ended_latin = False
        for literal, field, spec, conversion in self.parse(format_string):
            if literal:
                if field_ended_latin and _is_han(literal[0]):
                    literal = " " + literal
                out.append(literal)
                field_ended_latin = False
            if field is None:
                continue
            value, _used = self.get_field(field, args, kwargs)
            value = self.convert_field(value, conversion)
            if spec and "{" in spec:
                spec = self.vformat(spec, args, kwargs)
            text = self.format_field(value, spec or "")
            if not text:
                continue
            if out and out[-1] and _is_han(out[-1][-1]) and _opens_latin(text):
                text = " " + text
            out.append(text)
            field_ended_latin = _closes_latin(text)
        return "".join(out)


def plural_word(word: str) -> str:
    """The English plural of a noun or a part's slug ("switches", "nvidia-dgx-h100s", "leaves")."""
    if word.endswith("leaf"):
        return word[:-4] + "leaves"
    if word.endswith(("ch", "sh", "s", "x")):
        return word + "es"
    return word + "s"


def counted(count: int, noun: str) -> str:
    """``count`` and the English noun, plural unless one ("1 switch", "64 switches"; the
    figure as it is, no separators)."""
    return f"{count} {noun if count == 1 else plural_word(noun)}"
