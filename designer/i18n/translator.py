"""``Translator(lang)``: the words of one language, looked up across the registered
catalogs (``designer.i18n.catalog``), and numbers, money, dates and ratios formatted the
way a reader of that language expects. Product and device names are never translated.

The checks' findings are said from their message key and figures (the ``findings``
catalog, registered by ``designer/checks/messages.py``); their codes get a translated
title (``code_titles``). The estimates' assumptions likewise, from
``estimates.assumption_keys`` (the ``notes`` catalog, registered by
``designer/estimates/notes.py``).

A key missing from every catalog is a programming error (or a module whose words were
never imported); ``Translator`` raises so a test catches it rather than a customer reading
a raw key.
"""

from __future__ import annotations

import builtins
import datetime as _dt
import math
from collections.abc import Mapping
from typing import Any, Protocol

from designer.i18n import catalog
from designer.i18n.catalog import LANGUAGES
from designer.i18n.templates import HanSpacing, TemplateFormatter
from designer.i18n.terms import fabric_name as _fabric_name
from designer.i18n.terms import term as _term

# ISO 4217 codes a Chinese reader sees as words; others stay as codes.
_CURRENCY_ZH = {"USD": "美元", "CNY": "元", "EUR": "欧元", "JPY": "日元", "GBP": "英镑", "HKD": "港元",
                "SGD": "新加坡元"}


class FindingText(Protocol):
    """What a finding says (``designer.checks.findings.Finding`` has it): the English message
    and hint, and the template keys and figures to say them in another language."""

    @property
    def message(self) -> str: ...
    @property
    def hint(self) -> str | None: ...
    @property
    def key(self) -> str | None: ...
    @property
    def params(self) -> dict[str, Any]: ...
    @property
    def hint_key(self) -> str | None: ...
    @property
    def hint_params(self) -> dict[str, Any]: ...


class Translator:
    """Words and number formats of one language."""

    def __init__(self, lang: str = "en", chip: str = "GPU") -> None:
        """``chip``: what the design's accelerator vendor calls its chips ("GPU"; "NPU" for
        Huawei Ascend: ``designer.catalog.software_stack``), said wherever a text has the
        field ``{chip}`` ("{count} {chip} servers"), whether or not the caller gives figures."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self.chip = chip

    @property
    def is_zh(self) -> bool:
        return self.lang == "zh"

    def __call__(self, key: str, **values: object) -> str:
        texts = catalog.entry(key)
        if texts is None:
            raise KeyError(f"message {key!r} is not in the catalog for {self.lang!r} (registered: "
                           f"{', '.join(sorted(catalog.catalogs())) or 'none'}; the module holding it "
                           "registers it when imported)")
        text: str = texts[self.lang]
        if "{chip}" in text and "chip" not in values:
            values = {**values, "chip": self.chip}
        if not values:
            return text
        return _HAN_SPACED.vformat(text, (), values) if self.is_zh else text.format(**values)

    def count(self, key: str, n: int) -> str:
        """``n`` things said with ``key`` ("{count} warnings"), or with ``key + "_one"``
        when n is 1 and the catalog has that singular ("1 warning")."""
        singular = f"{key}_one"
        return self(singular if n == 1 and self.has(singular) else key, count=self.int(n))

    def input_label(self, key: str) -> str:
        """An estimate input's name; a field added later shows as its key until translated."""
        labels = catalog.entry(key, "input_labels")
        return labels[self.lang].replace("{chip}", self.chip) if labels else key

    def term(self, value: object) -> object:
        """A tool-written word ("infiniband", "ring", "DAC", "air") in this language
        (``designer/i18n/terms.py``); anything else, a name, unchanged."""
        return _term(self.lang, value)

    def fabric(self, name: str) -> str:
        """A fabric's name: the generator's ("compute", "oob", "compute-p1") in words, a user's as written."""
        return _fabric_name(self.lang, name)

    def has(self, key: str) -> bool:
        return catalog.entry(key) is not None

    def code_title(self, code: str) -> str:
        titles = catalog.entry(code, "code_titles")
        return titles[self.lang] if titles else code

    # -- findings -------------------------------------------------------------

    def finding_message(self, finding: FindingText | Mapping[str, Any]) -> str:
        """A finding (a ``Finding``, or as in the report) in this language; English, or a
        finding without a key (older reports), as the checks wrote it."""
        if isinstance(finding, Mapping):
            return self._finding_text(finding.get("key"), finding.get("params") or {}, finding["message"])
        return self._finding_text(finding.key, finding.params, finding.message)

    def finding_hint(self, finding: FindingText | Mapping[str, Any]) -> str | None:
        if isinstance(finding, Mapping):
            if not finding.get("hint"):
                return None
            return self._finding_text(finding.get("hint_key"), finding.get("hint_params") or {}, finding["hint"])
        if not finding.hint:
            return None
        return self._finding_text(finding.hint_key, finding.hint_params, finding.hint)

    def _finding_text(self, key: str | None, params: dict[str, Any], english: str) -> str:
        templates = catalog.entry(key, "findings") if key else None
        if not self.is_zh or templates is None:
            return english
        return _FindingFormatter(self).render(templates[self.lang], params)

    # -- estimates' assumptions ------------------------------------------------

    def assumptions(self, estimates: dict[str, Any]) -> list[Any]:
        """The estimates' assumptions (the report's ``estimates``) in this language: each said
        from its key and figures (``assumption_keys``); a report without keys (an older one),
        or a key this version does not know, keeps its English sentence."""
        sentences = list(estimates.get("assumptions") or [])
        keys = estimates.get("assumption_keys")
        if not keys or len(keys) != len(sentences):
            return sentences
        return [self.assumption(item, english) for item, english in zip(keys, sentences)]

    def assumption(self, item: dict[str, Any], english: str | None = None) -> str:
        """One entry of ``estimates.assumption_keys`` ({key, params}) in this language; an
        unknown key gives ``english``, and without it raises."""
        key, params = item.get("key"), item.get("params") or {}
        templates = catalog.entry(key, "notes") if isinstance(key, str) else None
        if templates is None:
            if english is not None:
                return english
            raise KeyError(f"estimate assumption {key!r} is not in the catalog for {self.lang!r}")
        formatter = _EstimateFormatter(self) if self.is_zh else TemplateFormatter()
        return formatter.render(templates[self.lang], params)

    # -- numbers ------------------------------------------------------------
    # Both languages group thousands with "," and use "." as the decimal mark (CLDR
    # zh-Hans and en agree); they differ in units, money and dates.

    def num(self, value: float | None, digits: int = 1) -> str:
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return self("unknown")
        text = f"{value:,.{digits}f}"
        # a figure that rounds to zero has no sign: "-0.0 %" reads as a loss
        return text[1:] if text.startswith("-") and not text.strip("-0.,") else text

    def int(self, value: float | None) -> str:
        return self.num(value, 0)

    def pct(self, share: float | None, digits: builtins.int = 0) -> str:
        """A share (0..1) as a percentage."""
        if share is None:
            return self("unknown")
        return f"{self.num(share * 100, digits)} %"

    def ratio(self, value: float | None) -> str:
        return "–" if value is None else f"{value:.2f}:1"

    def aside(self, text: str) -> str:
        """``text`` in brackets after what it qualifies: " (text)"; in Chinese the full-width
        brackets, with no space ("（text）"), as the catalog's own Chinese texts write them."""
        return f"（{text}）" if self.is_zh else f" ({text})"

    @property
    def list_sep(self) -> str:
        """Between the items of a list in a sentence: ", " (Chinese "、")."""
        return "、" if self.is_zh else ", "

    def money(self, amount: float | None, currency: str, digits: builtins.int = 0) -> str:
        if amount is None:
            return self("price_not_published")
        number = f"{amount:,.{digits}f}"
        if self.is_zh:
            return f"{number} {_CURRENCY_ZH.get(currency, currency)}"
        return f"{currency} {number}"

    def money_short(self, amount: float | None, currency: str) -> str:
        """Large sums the way a reader says them: "USD 40.7 M"; in Chinese 万 (10^4) and 亿 (10^8)."""
        if amount is None:
            return self("price_not_published")
        if self.is_zh:
            unit = _CURRENCY_ZH.get(currency, " " + currency)
            if abs(amount) >= 1e8:
                return f"{amount / 1e8:,.2f} 亿{unit}"
            if abs(amount) >= 1e4:
                return f"{amount / 1e4:,.1f} 万{unit}"
            return f"{amount:,.0f} {unit.strip()}"
        for size, suffix in ((1e9, "bn"), (1e6, "M"), (1e3, "k")):
            if abs(amount) >= size:
                return f"{currency} {amount / size:,.1f} {suffix}"
        return f"{currency} {amount:,.0f}"

    def date(self, value: str | _dt.date | None) -> str:
        """ISO dates in the reader's form; anything else ("2027 Q1") as written."""
        if value is None:
            return ""
        if isinstance(value, str):
            try:
                day = _dt.date.fromisoformat(value)
            except ValueError:
                return value
        else:
            day = value
        if self.is_zh:
            return f"{day.year}年{day.month}月{day.day}日"
        return f"{day.day} {day.strftime('%B')} {day.year}"

    def answer(self, answer: str) -> str:
        return self(answer) if answer in ("yes", "no", "partly", "unknown", "unanswered") else answer


# Chinese messages with fields: a space where a Latin word or figure meets a Chinese character
_HAN_SPACED = HanSpacing()


class _FindingFormatter(HanSpacing, TemplateFormatter):
    """Chinese finding text: numbers through the Translator, lists joined with 、, terms translated."""

    def __init__(self, t: Translator) -> None:
        super().__init__()
        self.t = t

    def number(self, value: float, spec: str) -> str:
        # only the precision of a "{x:.1f}" field matters; grouping is the Translator's
        if spec.endswith("f") and spec[-2:-1].isdigit():
            return self.t.num(value, int(spec.rsplit(".", 1)[1][:-1]))
        if spec in ("", ",") and isinstance(value, int):
            return self.t.int(value)
        return format(value, spec)

    def name_list(self, items: list[str], more: int, style: str) -> str:
        return "、".join(items) + (" 等" if more else "")

    def term(self, value: Any) -> Any:
        # words that arrive as a template's field values ({tier!t}); anything else, a name, as written
        said = catalog.entry(value, "template_terms") if isinstance(value, str) else None
        return said[self.t.lang] if said else value

    def get_value(self, key: builtins.int | str, args: Any, kwargs: Any) -> Any:
        value = super().get_value(key, args, kwargs)
        if key == "fabric" and isinstance(value, str):
            # the Chinese templates say "{fabric}：…": "计算网络：…", a user's fabric "网络 east：…"
            said = self.t.fabric(value)
            return said if said != value else f"网络 {value}"
        return value


class _EstimateFormatter(_FindingFormatter):
    """Chinese assumption text: as the findings', and shares ("{x:.0%}") the way the
    proposal writes them everywhere else (``Translator.pct``: "90 %")."""

    def number(self, value: float, spec: str) -> str:
        if spec.endswith("%"):
            digits = spec[1:-1] if spec.startswith(".") else ""
            return self.t.pct(value, int(digits) if digits.isdigit() else 0)
        return super().number(value, spec)
