"""The descriptions the BOM writes for cables and optics, in the reader's language.

A user's own name (a fabric called "east", a rack "A01") is a name and stays as written; only
the names the tool itself writes (``compute``, ``storage``, ``inband``, ``oob``, ``compute-p1``)
are translated. Product names and part numbers are never translated.
The tool-written terms themselves (``TERMS_ZH``, ``term``) are ``designer/i18n/terms.py``'s;
data and small pure functions only.
"""

from __future__ import annotations

from typing import Any

from designer.i18n.terms import TERMS_ZH, term

# a cable as a Chinese buyer names it, by media; an optic's media as an adjective
CABLE_ZH = {"DAC": "无源铜缆（DAC）", "ACC": "有源铜缆（ACC）", "AOC": "有源光缆（AOC）", "MMF": "多模光纤跳线",
            "SMF": "单模光纤跳线", "CAT6A": "CAT6A 网线"}
MODULE_MEDIA_ZH = {"MMF": "多模", "SMF": "单模"}


def _length(lang: str, metres: float) -> str:
    return f"{metres:g} 米" if lang == "zh" else f"{metres:g} m"


def cable_description(lang: str, media: str, speed_gbps: float, length_m: float, breakout: bool,
                      top: str | None, part_number: str | None) -> str:
    """A BOM cable line's description: "DAC cable 100G, 1 m (MCP1600-E001E30)" /
    "无源铜缆（DAC）100G，1 米（MCP1600-E001E30）"."""
    flat = top in ("flat", "flat-to-finned")
    if lang == "zh":
        text = f"{CABLE_ZH.get(media, media)}{'（分支）' if breakout else ''} {speed_gbps:g}G，{_length(lang, length_m)}"
        if part_number:
            text += f"（{part_number.split(' ')[0]}）"
        if flat:
            text += f"，{TERMS_ZH[top]}"
        return text
    text = f"{media} {'breakout ' if breakout else ''}cable {speed_gbps:g}G, {_length(lang, length_m)}"
    if part_number:
        text += f" ({part_number.split(' ')[0]})"
    if flat:
        text += f", {top}"
    return text


def transceiver_description(lang: str, module: Any | None, type_text: str) -> str:
    """A BOM optics line's description. English: the catalog's model (a product name). Chinese:
    said from the module's figures ("NVIDIA LinkX MMA4Z00-NS 800G OSFP 多模光纤 光模块，带散热鳍片，
    交换机侧"), since the catalog's model string is an English sentence."""
    if module is None:
        if lang != "zh":
            return type_text
        return "光模块 " + " ".join(term(lang, word) for word in type_text.split())
    if lang != "zh":
        return f"{module.manufacturer or ''} {module.model or module.slug}".strip()
    product = (module.model or "").split(" ")
    # the product family and part ("LinkX MMA4Z00-NS"), without the English words after it
    head = " ".join(word for word in product[:2] if word and not word[0].islower())
    number = (module.part_number or "").split(" ")[0]
    if number and number not in head:
        head = f"{head} {number}".strip()
    parts = [f"{module.manufacturer or ''} {head}".strip(),
             f"{getattr(module, 'speed_gbps', 0) or 0:g}G", getattr(module, "form_factor", None) or "",
             ]
    media = getattr(module, "media", "") or ""
    text = " ".join(p for p in parts if p) + f" {MODULE_MEDIA_ZH.get(media, media)}光模块"
    extras = []
    top = getattr(module, "top", None)
    if top:
        extras.append(TERMS_ZH.get(top, top))
    side = getattr(module, "side", None)
    if side in ("switch", "adapter"):
        extras.append(("交换机" if side == "switch" else "网卡") + "侧")
    return text + ("，" + "，".join(extras) if extras else "")


def line_description(lang: str, line: Any) -> str:
    """A BOM line's description in ``lang``: cables and optics said from their figures
    (``BomLine.spec``); a device, rack or anything else is its product name, as the BOM wrote it."""
    spec = getattr(line, "spec", None) or {}
    if lang == "en" or not spec:
        return line.description
    if spec.get("kind") == "cable":
        return cable_description(lang, spec["media"], spec["speed_gbps"], spec["length_m"], spec["breakout"],
                                 spec.get("top"), spec.get("part_number"))
    if spec.get("kind") == "transceiver":
        return transceiver_description(lang, spec.get("module"), spec.get("type") or line.description)
    return line.description
