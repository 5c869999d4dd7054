"""How a total that leaves out unpriced parts is said, in the proposal and the window.

An unpriced part counts as zero, so such a total is a lower bound: it is shown as
"≥ USD x" (or "price unknown" when nothing in it has a price) beside "incomplete: N parts
unpriced (…)", never as a plain figure; a break-even from an incomplete CAPEX is "not
stated". The figures and the ``complete`` / ``missing_parts`` flags are the report's
(``designer/estimates/missing.py``); this only words them, in the Translator's language.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from designer.i18n import Translator

MAX_NAMED = 4  # parts named in an "incomplete" note; the rest are counted


def part_names(missing: Iterable[Any]) -> list[str]:
    """Part slugs of the report's ``missing_parts`` (dicts), BOM lines or plain names."""
    out = []
    for item in missing:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            out.append(str(item.get("part")))
        else:
            out.append(str(item.part))
    return out


def incomplete_note(t: Translator, missing: Iterable[Any], *, titled: bool = False) -> str:
    """"incomplete: 1 part unpriced (weka-wekapod-nitro-8)"; more than ``MAX_NAMED`` parts end "… +N".
    ``titled``: after a title that says so already, without the lead-in ("2 parts have no
    price (…)", not "Unpriced parts: incomplete: 2 parts unpriced (…)")."""
    names = part_names(missing)
    shown = t.list_sep.join(names[:MAX_NAMED])
    if len(names) > MAX_NAMED:
        shown += t("incomplete_more", count=t.int(len(names) - MAX_NAMED))
    key = ("unpriced_parts" if titled else "incomplete_parts") + ("_one" if len(names) == 1 else "")
    return t(key, count=t.int(len(names)), parts=shown)


def total_text(t: Translator, amount: float | None, currency: str, complete: bool = True, *,
               short: bool = False, digits: int = 0) -> str:
    """A total as a figure when complete; else "≥ figure", or "price unknown" when the priced
    part of it is nothing (every part in it unpriced)."""
    if complete:
        return t.money_short(amount, currency) if short else t.money(amount, currency, digits)
    if not amount:
        return t("price_unknown")
    figure = t.money_short(amount, currency) if short else t.money(amount, currency, digits)
    return t("at_least", amount=figure)


def break_even_text(t: Translator, value: float | None, status: str | None) -> str:
    """The break-even as the report states it: a share, "building never wins", or not stated."""
    if value is not None:
        return t.pct(value)
    if status == "capex_incomplete":
        return t("break_even_not_stated")
    return t("never")
