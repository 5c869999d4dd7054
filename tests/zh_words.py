"""Stray English in a Chinese document: every ASCII word of its text that is not a name from
the design or catalog, a part number, a unit or a technical term on the explicit allow-list.

Used by tests/test_proposal_chinese.py; a word list, not a heuristic, so a new English word in a
Chinese document fails a test until it is translated (or, if it is a term of art, allowed here)."""

from __future__ import annotations

import re

# units, acronyms and terms of art a Chinese engineering document writes in Latin letters
ALLOWED = set(["kW", "kWh", "kg", "U", "mm", "m", "G", "Gb", "GB", "TB", "MB", "Tb", "s", "h", "V", "A", "W", "BTU", "USD", "CNY", "EUR", "GPU", "GPUs", "AI", "NCCL", "NVLink", "NVSwitch", "InfiniBand", "Ethernet", "PDU", "PUE", "CAPEX", "OPEX", "TCO", "RoCE", "v2", "SHARP", "NVLS", "ECMP", "MFU", "TFLOPS", "ZeRO", "OSFP", "QSFP28", "QSFP112", "QSFP", "NVMe", "HDD", "TLC", "QLC", "DAC", "ACC", "AOC", "CAT6A", "OPN", "BF16", "FP8", "FP16", "FP32", "Adam", "SGD", "IT", "CUDA", "NDR", "SuperPOD", "RA", "LinkX", "SR4", "x", "N", "n", "A4", "ID", "token", "issue", "tests", "alpha", "beta", "ceil", "log2", "busbw", "algbw", "Kaplan", "Korthikanti", "Rajbhandari", "Llama", "Good", "Better", "Best", "Cluster", "Designer", "BCM", "Slurm", "UFM", "MLAG", "BMC", "POC", "SKU", "ECN", "PFC", "Simple", "LL", "LL128"])
# multi-word terms and citations removed before the words are counted
PHRASES = ("All-reduce", "All-to-all", "All-gather", "Reduce-scatter", "nccl-tests", "alpha-beta", "src/graph/tuning.cc", "NCCL_COLLNET_ENABLE",
           "kg/m²", "BTU/h", "GB/s", "Tb/s")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(…)?")


def words(text: str) -> list[tuple[str, bool]]:
    for phrase in PHRASES:
        text = text.replace(phrase, " ")
    return [(m.group(0).rstrip("…"), bool(m.group(1))) for m in WORD.finditer(text)]


def name_words(design, catalog=None) -> set[str]:
    """Words of every name the design (and the cabling catalog's part numbers) hold."""
    texts = [design.name, design.project.customer, design.project.author, design.project.description]
    texts += [getattr(design.project, f, None) for f in ("company", "contact_name", "contact_email")]
    texts += [room.name for room in design.site.rooms]
    texts += [rack.name for rack in design.racks] + [device.name for device in design.devices]
    texts += [stage.name for stage in design.stages] + [fabric.name for fabric in design.fabrics]
    for kind in (*design.device_types, *design.rack_types):
        texts += [kind.slug, kind.manufacturer, kind.model, getattr(kind, "part_number", None)]
    if catalog is not None:
        # names of catalog products the proposal may weigh (the workload sizing's server options)
        for kind in catalog.device_types.values():
            texts += [kind.slug, kind.manufacturer, kind.model, getattr(kind, "part_number", None)]
        for part in (*catalog.cabling.cables, *catalog.cabling.transceivers):
            texts += [part.slug, part.manufacturer, getattr(part, "part_number", None)]
            texts += list((getattr(part, "part_numbers", None) or {}).values())
    out: set[str] = set()
    for text in texts:
        if text:
            out |= {w for w, _cut in words(str(text))}
    return out


def stray(text: str, allowed_names: set[str]) -> list[str]:
    """The words of ``text`` that are English a Chinese reader should not meet."""
    allowed = ALLOWED | allowed_names
    out = []
    for line in text.splitlines():
        found = words(line)
        for n, (word, cut) in enumerate(found):
            if word in allowed:
                continue
            if re.fullmatch(r"[A-Z]?\d+[A-Za-z]?\d*|[A-Z]\d*|\d+[a-z]?", word):
                continue  # a figure or a code: 400G, 2x, B2
            if (cut or n == len(found) - 1) and any(name.startswith(word) for name in allowed_names):
                continue  # a name cut short with "…" to fit a box, or wrapped at the end of a line
            if n == 0 and any(name.endswith(word) for name in allowed_names):
                continue  # the rest of a name wrapped onto this line
            out.append(word)
    return sorted(set(out))
