"""The generator's refusals in the new-design wizard's words.

``designer new`` says why it cannot build a design in English and names its options
(``--rack-power-kw 10.3 or more``). The wizard calls the same generator; where a refusal
carries a key (``GenerationError.key``, with its raw figures) it is said here, in the
window's language, naming the wizard's fields. A refusal without a key (one only the
command line can cause) is shown as the generator wrote it.
"""

from __future__ import annotations

from designer.errors import DesignerError
from designer.i18n import Translator, register

# wizard.* labels (designer/ui/words.py) are quoted as the user sees them
GENERATION_WORDS: dict[str, dict[str, str]] = {
    "gen.rack_budget_below_server": {
        "en": "One {part} draws {draw_kw:.1f} kW at most; a rack power budget of {budget_kw:.1f} kW cannot hold "
              "it: raise \"Rack power budget\" to {need_kw:g} kW or more.",
        "zh": "一台 {part} 最大功耗 {draw_kw:.1f} kW，{budget_kw:.1f} kW 的机柜功率预算放不下：请将“机柜功率预算”"
              "提高到 {need_kw:g} kW 或以上。",
    },
    "gen.rack_too_short": {
        "en": "{part} is {units} U; rack type {rack} has {free_u} U free: choose a taller \"Rack type\".",
        "zh": "{part} 高 {units} U，机柜型号 {rack} 仅余 {free_u} U：请在“机柜型号”中选择更高的机柜。",
    },
    "gen.rack_too_weak": {
        "en": "{part} weighs {weight_kg:,.0f} kg; rack type {rack} carries {limit_kg:,.0f} kg, {free_kg:,.0f} kg of "
              "it beside what every rack holds: choose a \"Rack type\" with a higher static load rating.",
        "zh": "{part} 重 {weight_kg:,.0f} kg，机柜型号 {rack} 静载 {limit_kg:,.0f} kg，除每个机柜的固定设备外仅余 "
              "{free_kg:,.0f} kg：请在“机柜型号”中选择静载更高的机柜。",
    },
    # appended to the two refusals above (figure ``fits``: the catalog's rack types that take one)
    "gen.rack_fits": {
        "en": " Rack types that take it: {fits}.",
        "zh": "可容纳它的机柜型号：{fits}。",
    },
    "gen.rack_fits_none": {
        "en": " No rack type in the catalog takes it: add one in a catalog file and start the program with "
              "--catalog FILE.",
        "zh": "产品目录中没有可容纳它的机柜型号：请在目录文件中添加一种，并以 --catalog FILE 启动程序。",
    },
    "gen.compute_switch_slower": {
        "en": "The server's compute ports run at {port_gbps:g}G but {switch}'s ports at {switch_gbps:g}G: choose a "
              "compute switch with {port_gbps:g}G or faster ports.",
        "zh": "服务器计算网口为 {port_gbps:g}G，而 {switch} 的端口为 {switch_gbps:g}G：请选择端口为 {port_gbps:g}G "
              "或更快的计算网络交换机。",
    },
    "gen.compute_switch_no_split": {
        "en": "{switch}'s {switch_gbps:g}G ports cannot split into the servers' {port_gbps:g}G compute ports: choose "
              "a compute switch with {port_gbps:g}G ports.",
        "zh": "{switch} 的 {switch_gbps:g}G 端口无法拆分为服务器的 {port_gbps:g}G 计算网口：请选择端口为 "
              "{port_gbps:g}G 的计算网络交换机。",
    },
    "gen.capacity_one_tier": {
        "en": "{nodes:,} nodes ({gpus:,} GPUs) do not fit one switch: one {switch} ({ports} ports) holds at most "
              "{most:,} nodes ({most_gpus:,} GPUs). Set \"Tiers\" to auto or 2.",
        "zh": "{nodes:,} 个节点（{gpus:,} 块 GPU）无法接入单台交换机：一台 {switch}（{ports} 口）最多接入 {most:,} "
              "个节点（{most_gpus:,} 块 GPU）。请将“网络层数”设为自动或 2。",
    },
    "gen.capacity_two_tiers": {
        "en": "{nodes:,} nodes ({gpus:,} GPUs) exceed what {switch} ({ports} ports) connects in two tiers at "
              "{ratio}: at most {most:,} nodes ({most_gpus:,} GPUs). Set \"Tiers\" to auto or 3 ("
              "{three_tiers:,} nodes fit there), raise the oversubscription, or choose a switch with more ports.",
        "zh": "{nodes:,} 个节点（{gpus:,} 块 GPU）超出 {switch}（{ports} 口）在收敛比 {ratio} 下两层网络的容量："
              "最多 {most:,} 个节点（{most_gpus:,} 块 GPU）。请将“网络层数”设为自动或 3（可容纳 {three_tiers:,} "
              "个节点）、提高收敛比，或选择端口更多的交换机。",
    },
    "gen.capacity_three_tiers": {
        "en": "{nodes:,} nodes ({gpus:,} GPUs) exceed what {switch} ({ports} ports) connects at {ratio}: at most "
              "{most:,} nodes ({most_gpus:,} GPUs) in three tiers. Raise the oversubscription or choose a switch "
              "with more ports.",
        "zh": "{nodes:,} 个节点（{gpus:,} 块 GPU）超出 {switch}（{ports} 口）在收敛比 {ratio} 下的容量：三层网络最多 "
              "{most:,} 个节点（{most_gpus:,} 块 GPU）。请提高收敛比，或选择端口更多的交换机。",
    },
    "gen.needs_power": {
        "en": "The vendor of {part} publishes no power figure, so its racks cannot be sized: enter its maximum "
              "power above.",
        "zh": "{part} 的厂商未公布功耗数据，无法按机柜功率预算排布：请在上方输入其最大功耗。",
    },
    "gen.storage_needs_power": {
        "en": "The vendor of storage system {part} publishes no power figure, so its racks cannot be sized: add "
              "its maximum power in a catalog file, or choose another storage system.",
        "zh": "存储系统 {part} 的厂商未公布功耗数据，无法按机柜功率预算排布：请在目录文件中补充其最大功耗，或选择其他"
              "存储系统。",
    },
    "gen.needs_switch": {
        "en": "{nodes:,} servers need a compute fabric switch: choose one above (one server needs none: NVLink "
              "inside it is its whole GPU fabric).",
        "zh": "{nodes:,} 台服务器需要计算网络交换机：请在上方选择（单台服务器无需交换机：机内 NVLink 即其全部 "
              "GPU 互联）。",
    },
    "gen.needs_weight": {
        "en": "The vendor of {part} publishes no weight, so its racks and the floor load cannot be weighed: enter "
              "its weight above.",
        "zh": "{part} 的厂商未公布重量，无法核算机柜重量与楼板承重：请在上方输入其重量。",
    },
    "gen.needs_liquid_share": {
        "en": "{part} is liquid-cooled but its vendor publishes no share of its heat removed by liquid, so the air "
              "and liquid cooling each rack needs cannot be told: enter its liquid-cooled share above.",
        "zh": "{part} 为液冷设备，但厂商未公布液冷带走的热量占比，无法确定每个机柜所需的风冷与液冷量：请在上方输入其"
              "液冷散热占比。",
    },
    "gen.figure_published": {
        "en": "The vendor publishes the {figure} of {part}: leave that field at \"vendor's figure\" (a figure "
              "entered there would replace the vendor's).",
        "zh": "厂商已公布 {part} 的{figure}：请将该项保留为“采用厂商数据”（输入的数值会取代厂商数据）。",
    },
    "gen.figure_refused": {
        "en": "{given:g} is not a {figure} {part} can have: correct the field above.",
        "zh": "{given:g} 不是 {part} 可能的{figure}：请修改上方的输入。",
    },
    "gen.name_colon": {
        "en": "A design name cannot hold a colon (:): write e.g. \"Acme - Phase 1\".",
        "zh": "设计名称不能包含冒号（:）：可写作“Acme - Phase 1”。",
    },
    "gen.text_refused": {
        "en": "The {field} holds a character a design cannot store (a control character) or is too long: retype it.",
        "zh": "{field}包含设计无法保存的字符（控制字符）或过长：请重新输入。",
    },
    "gen.server_no_compute": {
        "en": "{part} has no compute fabric ports in the catalog: choose a GPU server with fabric NICs as \"Server\".",
        "zh": "{part} 在目录中没有计算网络端口：请在“服务器”中选择带计算网卡的 GPU 服务器。",
    },
    "gen.no_storage_switch": {
        "en": "No {protocol} switch in the catalog has {speed:g}G ports for the {fabric} fabric (it runs the compute "
              "fabric's protocol): choose a \"Compute switch\" of the other protocol, or add such a switch to the "
              "catalog.",
        "zh": "目录中没有带 {speed:g}G 端口的 {protocol} 交换机可用于{fabric}网络（其协议与计算网络相同）："
              "请在“计算网络交换机”中改选另一种协议，或在目录中添加这样的交换机。",
    },
    "gen.no_side_switch": {
        "en": "No {protocol} switch in the catalog has {speed:g}G ports for the {fabric} fabric: add such a switch "
              "to the catalog.",
        "zh": "目录中没有带 {speed:g}G 端口的 {protocol} 交换机可用于{fabric}网络：请在目录中添加这样的交换机。",
    },
    "gen.protocol.infiniband": {"en": "InfiniBand", "zh": "InfiniBand"},
    "gen.protocol.ethernet": {"en": "Ethernet", "zh": "以太网"},
    "gen.protocol.roce-v2": {"en": "RoCE v2", "zh": "RoCE v2"},
    "gen.fabric.storage": {"en": "storage", "zh": "存储"},
    "gen.fabric.inband": {"en": "in-band management", "zh": "带内管理"},
    "gen.fabric.oob": {"en": "out-of-band management", "zh": "带外管理"},
    # the tiers ``pick_switch`` is asked for besides whole fabrics (review 56: the role words
    # "spine" and "in-band core" showed as they are, untranslated)
    "gen.fabric.spine": {"en": "compute (spine tier)", "zh": "计算（Spine 层）"},
    "gen.fabric.in-band core": {"en": "in-band management (core tier)", "zh": "带内管理（核心层）"},
    "gen.fabric.oob-aggregation": {"en": "out-of-band management (aggregation tier)",
                                   "zh": "带外管理（汇聚层）"},
    "gen.field.name": {"en": "design name", "zh": "设计名称"},
    "gen.field.customer": {"en": "customer", "zh": "客户名称"},
    "gen.field.author": {"en": "author", "zh": "作者"},
}

register("ui.generate", GENERATION_WORDS)


def generation_problem(exc: DesignerError, t: Translator) -> str:
    """What the wizard shows for a refusal: its key's words in ``t``'s language, or, for a
    refusal without one, the generator's own line."""
    key = getattr(exc, "key", None)
    if not key or not t.has(f"gen.{key}"):
        return exc.format()
    figures = dict(getattr(exc, "figures", {}))
    if "figure" in figures:
        figures["figure"] = t(f"supplied.what.{figures['figure']}")
    for name in ("protocol", "fabric"):
        if name in figures and t.has(f"gen.{name}.{figures[name]}"):
            figures[name] = t(f"gen.{name}.{figures[name]}")
    if "field" in figures:
        figures["field"] = t(f"gen.field.{figures['field']}")
    text = t(f"gen.{key}", **figures)
    if "fits" in figures:
        text += t("gen.rack_fits", fits=figures["fits"]) if figures["fits"] else t("gen.rack_fits_none")
    return text
