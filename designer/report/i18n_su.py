"""Words of the scalable-unit drawing (issue 16, item 6: "a rail/scalable-unit diagram of one
unit"), in English and Simplified Chinese. Merged into the proposal's catalog
(``i18n_proposal.MESSAGES``) at its end, like ``i18n_performance``. Terms as elsewhere:
叶/脊/核心 for the tiers, 可扩展单元 for a scalable unit (SU), 轨道 for a rail.
"""

from __future__ import annotations

SU_MESSAGES: dict[str, dict[str, str]] = {
    "su.heading": {"en": "One scalable unit", "zh": "一个可扩展单元"},
    "su.intro": {
        "en": "Scalable unit {n} of the {fabric} fabric as cabled: {holder} network ports as "
              "coloured lines to the leaf switches they plug into (one colour per {what}), and the leaves' "
              "uplinks to the tier above as one bundle per leaf. The other {others} units are built the same way.",
        "zh": "{fabric}中第 {n} 个可扩展单元的实际布线：{holder}网络端口以彩色线连到其所接的叶交换机"
              "（每{what}一种颜色），各叶交换机至上一层的上行链路每台画成一束。其余 {others} 个单元结构相同。",
    },
    "su.intro_one": {
        "en": "The {fabric} fabric is one scalable unit, drawn as cabled: {holder} network ports as "
              "coloured lines to the leaf switches they plug into (one colour per {what}), and the leaves' "
              "uplinks to the tier above as one bundle per leaf.",
        "zh": "{fabric}只有一个可扩展单元，按实际布线绘制：{holder}网络端口以彩色线连到其所接的叶交换机"
              "（每{what}一种颜色），各叶交换机至上一层的上行链路每台画成一束。",
    },
    "su.what_rail": {"en": "rail", "zh": "条轨道"},
    # whose ports the drawing shows: a server's, or a rack-scale system's compute trays'
    "su.holder_server": {"en": "each {chip} server's", "zh": "每台 {chip} 服务器的"},
    "su.holder_system": {"en": "each rack-scale system's compute trays'", "zh": "每套机柜级系统中计算托盘的"},
    "su.what_port": {"en": "server port", "zh": "个服务器端口"},
    "su.title": {"en": "{fabric} fabric: scalable unit {n} of {units}", "zh": "{fabric}：第 {n} 个可扩展单元（共 {units} 个）"},
    # the drawing's counts line, joined with " · "
    "su.n_servers": {"en": "{count} servers", "zh": "{count} 台服务器"},
    "su.n_servers_one": {"en": "{count} server", "zh": "{count} 台服务器"},
    "su.n_leaves": {"en": "{count} leaf switches", "zh": "{count} 台叶交换机"},
    "su.n_leaves_one": {"en": "{count} leaf switch", "zh": "{count} 台叶交换机"},
    "su.n_links": {"en": "{count} server-to-leaf links", "zh": "{count} 条服务器至叶链路"},
    "su.n_links_one": {"en": "{count} server-to-leaf link", "zh": "{count} 条服务器至叶链路"},
    "su.n_uplinks": {"en": "{count} leaf uplinks", "zh": "{count} 条叶上行链路"},
    "su.n_uplinks_one": {"en": "{count} leaf uplink", "zh": "{count} 条叶上行链路"},
    "su.tier_servers": {"en": "servers", "zh": "服务器"},
    # rack-scale systems (NVL72): the systems, and their compute trays' links to the leaves
    "su.n_systems": {"en": "{count} rack-scale systems", "zh": "{count} 套机柜级系统"},
    "su.n_systems_one": {"en": "{count} rack-scale system", "zh": "{count} 套机柜级系统"},
    "su.n_tray_links": {"en": "{count} compute-tray-to-leaf links", "zh": "{count} 条计算托盘至叶链路"},
    "su.n_tray_links_one": {"en": "{count} compute-tray-to-leaf link", "zh": "{count} 条计算托盘至叶链路"},
    "su.tier_systems": {"en": "systems", "zh": "机柜级系统"},
    "su.tier_above": {"en": "above", "zh": "上层"},
    "su.rail": {"en": "rail {n}", "zh": "轨道 {n}"},
    "su.bundle_head": {"en": "Uplinks of each leaf", "zh": "每台叶交换机的上行链路"},
    "su.bundle_each": {"en": "{count} × {speed}G to each of {n} {tier} switches ({total} in all)",
                       "zh": "至 {n} 台{tier}交换机各 {count} × {speed}G（共 {total} 条）"},
    "su.bundle_one": {"en": "{count} × {speed}G to one {tier} switch", "zh": "至 1 台{tier}交换机 {count} × {speed}G"},
    "su.bundle_leaf": {"en": "{leaf}: {links} to {n} switches", "zh": "{leaf}：{links}，至 {n} 台交换机"},
    "su.legend_rails": {"en": "Rails (NIC n → rail n)", "zh": "轨道（第 n 块网卡 → 轨道 n）"},
    "su.legend_ports": {"en": "Server ports", "zh": "服务器端口"},
    "su.legend_rail": {"en": "rail {n} → {leaves}", "zh": "轨道 {n} → {leaves}"},
    "su.legend_port": {"en": "port {n} → {leaves}", "zh": "端口 {n} → {leaves}"},
}
