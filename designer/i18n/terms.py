"""Tool-written words said in the reader's language: the generator's fabric names, fabric
roles and protocols, cable media, cooling, collective algorithms, storage tiers' media,
workload choices, device kinds, module sides and tops: the values the model and the
estimates write, which every layer shows (``Translator.term``, ``Translator.fabric``).

A user's own name (a fabric called "east", a rack "A01") is a name and stays as written; only
the names the tool itself writes (``compute``, ``storage``, ``inband``, ``oob``, ``compute-p1``)
are translated. Product names and part numbers are never translated. Data and small pure
functions only.
"""

from __future__ import annotations

import re
from typing import Any

# what the generator and the estimates write -> Chinese; English is the value itself (or TERMS_EN)
TERMS_ZH: dict[str, str] = {
    # fabric names and roles (designer.model.link.FabricRole)
    "compute": "计算网络",
    "storage": "存储网络",
    "inband": "带内管理网络",
    "oob": "带外管理网络",
    "management": "管理网络",
    # protocols (designer.model.link.Protocol)
    "infiniband": "InfiniBand",
    "ethernet": "以太网",
    "roce-v2": "RoCE v2",
    # cable media (designer.model.link.Media)
    "DAC": "无源铜缆（DAC）",
    "ACC": "有源铜缆（ACC）",
    "AOC": "有源光缆（AOC）",
    "MMF": "多模光纤",
    "SMF": "单模光纤",
    "CAT6A": "CAT6A 网线",
    # cooling
    "air": "风冷",
    "liquid": "液冷",
    # collective algorithms (estimates.collective / nccl)
    "ring": "环形",
    "tree": "树形",
    "hierarchical": "分层",
    "nvls": "NVLS",
    "nvls_tree": "NVLS 树形",
    "sharp": "SHARP",
    "p2p": "点对点",
    # storage tiers' media (estimates.storage.TIER_MEDIA)
    "NVMe flash (TLC)": "NVMe 闪存（TLC）",
    "capacity flash (QLC) or hybrid flash/HDD": "大容量闪存（QLC）或闪存/HDD 混合",
    "HDD object storage or tape": "HDD 对象存储或磁带",
    # workload inputs' choices (model.estimates)
    "selective": "选择性",
    "full": "全部",
    "adam": "Adam",
    "bf16": "BF16",
    "fp8": "FP8",
    "fp16": "FP16",
    "fp32": "FP32",
    "sgd": "SGD",
    "none": "无",
    # manufacturers the tool writes for commodity parts
    "generic": "通用",
    # device kinds, as growth stages count them
    "server": "服务器",
    "switch": "交换机",
    "pdu": "PDU",
    "other": "其他",
    # module sides and tops
    "adapter": "网卡",
    "any": "不限",
    "finned": "带散热鳍片",
    "flat": "平顶",
    "flat-to-finned": "平顶转带鳍片",
}

# English for terms whose written value is a code rather than a word
TERMS_EN: dict[str, str] = {
    "infiniband": "InfiniBand",
    "ethernet": "Ethernet",
    "roce-v2": "RoCE v2",
    "inband": "in-band",
    "oob": "out-of-band",
    "nvls": "NVLS",
    "nvls_tree": "NVLS tree",
    "sharp": "SHARP",
    "p2p": "point-to-point",
    "generic": "generic",
}

_PLANE = re.compile(r"^(compute|storage|inband|oob)-p(\d+)$")


def term(lang: str, value: Any) -> Any:
    """A tool-written word in ``lang``; anything unknown (a name) unchanged."""
    if not isinstance(value, str):
        return value
    if lang == "zh":
        return TERMS_ZH.get(value, value)
    return TERMS_EN.get(value, value)


def fabric_name(lang: str, name: str) -> str:
    """A fabric's name as the reader sees it: the generator's names ("compute", "oob",
    "compute-p2") said in words ("计算网络", "计算网络（平面 2）"); a user's name unchanged."""
    plane = _PLANE.match(name or "")
    if plane:
        base, number = plane.groups()
        if lang == "zh":
            return f"{TERMS_ZH[base]}（平面 {number}）"
        return f"{TERMS_EN.get(base, base)} (plane {number})"
    if lang == "zh" and name in ("compute", "storage", "inband", "oob"):
        return TERMS_ZH[name]
    return name
