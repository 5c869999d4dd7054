"""Words in English and Simplified Chinese, and the formats a reader of each expects: the
lowest layer, below the model, imported by every layer and importing none of them.

Each layer registers its words here when the module holding them is imported
(``register("report.proposal", MESSAGES)``); ``Translator(lang)`` says any registered key
in ``lang`` and formats numbers, money, dates and ratios. ``TemplateFormatter`` renders the
findings' and the estimates' templates from a key and raw figures. Qt-free.
"""

from __future__ import annotations

from designer.i18n.catalog import KINDS, LANGUAGES, CatalogError, register
from designer.i18n.templates import Template, TemplateFormatter, format_ratio, names, plural_form
from designer.i18n.translator import Translator

__all__ = ["KINDS", "LANGUAGES", "CatalogError", "Template", "TemplateFormatter", "Translator", "format_ratio",
           "names", "plural_form", "register"]
