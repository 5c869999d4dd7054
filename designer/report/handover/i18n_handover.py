"""Words of the hand-over files (cable schedule PDF, diagrams) in English and Simplified
Chinese: ``HANDOVER_MESSAGES[key] = {"en": ..., "zh": ...}``, ``str.format`` fields.

Kept beside the hand-over writers (the shared catalogs in ``designer/report/i18n*.py``
belong to the proposal) and registered with ``designer.i18n`` under ``handover.<key>`` (the
window's cable list has "cables.col.part" of its own); ``say(lang, key, **fields)`` says a
word through the Translator and raises on a missing key so a test catches it rather than a
reader seeing a raw key.
"""

from __future__ import annotations

from designer.i18n import Translator, register

HANDOVER_MESSAGES: dict[str, dict[str, str]] = {
    "cables.title": {"en": "Cable schedule", "zh": "线缆清单"},
    "cables.intro": {
        "en": "{count} cables of {design}, one row per physical cable, sorted by rack pair for the installers. "
              "Labels: {scheme} (TIA-606-B port identifier: floor space, rack, rack unit, port).",
        "zh": "{design} 共 {count} 根线缆，每根物理线缆一行，按机柜对排序，便于安装施工。"
              "标签格式：{scheme}（TIA-606-B 端口标识：机房、机柜、U 位、端口）。",
    },
    "cables.pair": {"en": "{a} to {b} ({count})", "zh": "{a} 至 {b}（{count} 根）"},
    "cables.pair_same": {"en": "Within {a} ({count})", "zh": "{a} 柜内（{count} 根）"},
    "cables.unplaced": {"en": "(not in a rack)", "zh": "（未上架）"},
    "cables.col.id": {"en": "Cable ID", "zh": "线缆编号"},
    "cables.col.a_label": {"en": "A-end label", "zh": "A 端标签"},
    "cables.col.a_end": {"en": "A-end device / port", "zh": "A 端设备 / 端口"},
    "cables.col.b_label": {"en": "B-end label", "zh": "B 端标签"},
    "cables.col.b_end": {"en": "B-end device / port", "zh": "B 端设备 / 端口"},
    "cables.col.media": {"en": "Media", "zh": "介质"},
    "cables.col.part": {"en": "Part / OPN", "zh": "料号 / OPN"},
    "cables.col.length": {"en": "Length (m)", "zh": "长度（米）"},
    "cables.col.fabric": {"en": "Fabric", "zh": "网络"},
    "cables.empty": {"en": "The design has no cables.", "zh": "该设计没有线缆。"},
    "drawio.floor": {"en": "Floor plan", "zh": "机房平面图"},
    "drawio.elevations": {"en": "Elevations", "zh": "机柜立面图"},
    "drawio.topology": {"en": "Topology", "zh": "网络拓扑"},
    "drawio.row": {"en": "{room} row {row}", "zh": "{room} 第 {row} 排"},
}


register("report.handover", {f"handover.{key}": texts for key, texts in HANDOVER_MESSAGES.items()})


def say(lang: str, key: str, **fields: object) -> str:
    return Translator(lang)(f"handover.{key}", **fields)
