"""Simplified Chinese templates of the findings' messages and hints, by the keys of
``designer.checks.messages.TEMPLATES`` (same fields; the Translator renders them). Data only:
``messages.py`` registers them with ``designer.i18n`` beside the English."""

from __future__ import annotations

from designer.i18n import Template

# The findings' messages and hints in Chinese, by the keys of designer.checks.messages.TEMPLATES
# (whose docstring explains the fields). One form each: Chinese nouns have no plural.
FINDINGS_ZH: dict[str, Template] = {
    # -- rack space ---------------------------------------------------------
    "device_not_mounted": "设备 {device}（{part}，{units} U）位于机柜 {rack}，但未指定安装位置",
    "rack_space_out_of_bounds": "设备 {device} 占用 U{bottom}-U{top}，超出机柜 {rack} 顶部（共 {height} U）",
    "rack_space_overlap_unit": "设备 {first} 与 {second} 同时占用机柜 {rack} 的 U{low}",
    "rack_space_overlap": "设备 {first} 与 {second} 同时占用机柜 {rack} 的 U{low}-U{high}",
    "hint.give_position": "为其设定 position_u，或将其拖入空闲槽位",
    "hint.lower_device": "将其下移至 U{u} 或更低位置",
    "hint.free_units": "将其中一台移至空闲 U 位",
    # -- rack power and feeds -----------------------------------------------
    "rack_power_over_budget": "机柜 {rack} 最大功耗 {draw_kw:.1f} kW，超出 {budget_kw:.1f} kW 预算 {over_kw:.1f} kW",
    "feed_over_capacity": "机柜 {rack} 最大功耗 {draw_kw:.1f} kW，而全部供电回路合计只能提供 {feeds_kw:.1f} kW",
    "feed_single": "机柜 {rack} 仅有一路供电（{feed}），该路故障将导致整个机柜断电",
    "feed_redundancy_lost": "机柜 {rack} 功耗 {draw_kw:.1f} kW；若 {feed} 路供电故障，其余回路仅有 "
                            "{remaining_kw:.1f} kW，无法承载（缺口 {short_kw:.1f} kW）",
    "pdu_over_capacity": "机柜 {rack}：{feed} 路上的 PDU 只能承载 {carried_kw:.1f} kW，而另一路故障时"
                         "机柜负载为 {draw_kw:.1f} kW",
    "pdu_over_capacity_share": "机柜 {rack}：{feed} 路上的 PDU 只能承载 {carried_kw:.1f} kW，而另一路故障时"
                               "该路需承担机柜 {draw_kw:.1f} kW 中的 {share_kw:.1f} kW",
    "feed_missing": "机柜 {rack} 功耗 {draw_kw:.1f} kW，但没有配置供电回路：无法核查回路容量与 A/B 冗余",
    "hint.add_feeds": "为机柜配置 A、B 两路供电及其容量",
    "hint.add_feed": "增加一路供电或提高回路容量",
    "hint.add_b_feed": "增加 B 路供电",
    "hint.keep_under_remaining": "将机柜功耗控制在 {remaining_kw:.1f} kW 以内，或提高其他回路的容量",
    "hint.add_pdus": "在 {feed} 路上增加 PDU，或换用更大容量的 PDU",
    "hint.relieve_power": "将 {count} 台 {part}（每台 {each_kw:.1f} kW）移至其他机柜，或提高功率预算",
    "hint.relieve_heat": "将 {count} 台 {part}（每台 {each_kw:.1f} kW）移至其他机柜，或提高制冷容量",
    "hint.relieve_weight": "将 {count} 台 {part}（每台 {each_kg:.0f} kg）移至其他机柜，或换用承重更高的机柜",
    "hint.raise_rack_limit": "提高该机柜的限值",
    # -- rack cooling, airflow, weight ----------------------------------------
    "rack_cooling_air": "机柜 {rack} 风冷散热 {heat_kw:.1f} kW（{heat_btu_h:.0f} BTU/h），"
                        "超出 {cooling_kw:.1f} kW 风冷容量 {over_kw:.1f} kW",
    "rack_cooling_liquid": "机柜 {rack} 液冷散热 {heat_kw:.1f} kW，超出 {cooling_kw:.1f} kW 液冷容量 {over_kw:.1f} kW",
    "hint.connect_coolant": "将机柜接入容量足够的冷却液回路",
    "airflow_mismatch_rear": "设备 {device} 为前进后出风向，却朝机柜 {rack} 背面安装，会把热风吹入冷通道",
    "airflow_mismatch_front": "设备 {device} 为后进前出风向，却朝机柜 {rack} 正面安装，会把热风吹入冷通道",
    "hint.mount_front": "改为正面安装，或订购反向风道的型号",
    "hint.mount_rear": "改为背面安装，或订购反向风道的型号",
    "rack_weight_over_limit": "机柜 {rack} 设备重量 {weight_kg:.0f} kg，超出 {rack_type} 的静载额定值 "
                              "{rating_kg:.0f} kg 达 {over_kg:.0f} kg",
    "floor_load_over_limit": "机柜 {rack} 在 {area_m2:.2f} m² 上承重 {total_kg:.0f} kg（{pressure_kg_m2:.0f} kg/m²），"
                             "超过 {room} 的楼板承重 {rating_kg_m2:.0f} kg/m²",
    "hint.spread_floor_load": "将负载分散到更多机柜，或加固楼板（加装荷载分散板）",
    # -- rooms ----------------------------------------------------------------
    "room_power_over_capacity": "机房 {room} 的 {count} 个机柜最大功耗 {draw_kw:.1f} kW，"
                                "超出 {capacity_kw:.1f} kW 供电容量 {over_kw:.1f} kW",
    "hint.room_power": "将部分机柜移至其他机房，或提高机房供电容量",
    "room_cooling_no_liquid": "机房 {room} 需排出 {heat_kw:.1f} kW 液冷散热，但未配置液冷",
    "hint.set_room_liquid": "设定机房的液冷容量",
    "room_cooling_air": "机房 {room} 风冷散热 {heat_kw:.1f} kW（{heat_btu_h:.0f} BTU/h），"
                        "超出 {cooling_kw:.1f} kW 风冷容量 {over_kw:.1f} kW",
    "room_cooling_liquid": "机房 {room} 液冷散热 {heat_kw:.1f} kW（{heat_btu_h:.0f} BTU/h），"
                           "超出 {cooling_kw:.1f} kW 液冷容量 {over_kw:.1f} kW",
    "hint.add_air_cooling": "增加风冷容量，或将部分机柜移出",
    "hint.add_liquid_cooling": "增加液冷容量，或将部分机柜移出",
    "rack_outside_room": "机柜 {rack}（x {x_mm:.0f} mm，y {y_mm:.0f} mm）超出机房 {room} 范围"
                         "（{width_mm:.0f} × {depth_mm:.0f} mm）",
    "hint.move_inside_room": "将机柜移入机房内，或扩大机房尺寸",
    "rack_floor_overlap": "机柜 {first} 与 {second} 在机房 {room} 中占地重叠",
    "hint.move_one": "移动其中一个",
    # -- ports and cables -----------------------------------------------------
    "port_unconnected_compute": "设备 {device}：{count} 个计算端口未接线（{ports}）",
    "port_unconnected_storage": "设备 {device}：{count} 个存储端口未接线（{ports}）",
    "hint.cable_to_compute_fabric": "将其接入 GPU 计算网络",
    "hint.cable_to_storage_fabric": "将其接入存储网络",
    "port_double_connected": "设备 {device}：{count} 个端口连接了多根线缆（{ports}）",
    "hint.move_extra_cables": "将多余的线缆改接到空闲端口",
    "port_cabled_to_itself": "设备 {device}：端口 {ports} 自环（同一根线缆的两端接在同一端口上）",
    "hint.cable_other_end": "将该线缆的另一端改接到应连的端口，或删除该线缆",
    "port_split_cabled_whole": "设备 {device}：端口 {ports} 已拆分为子通道，却按整口接线",
    "hint.cable_lanes": "改接其子通道（如 p1s1），或取消拆分",
    "link_endpoint_missing": "链路 {link}：{ends} 不存在",
    "hint.recable_or_delete": "将其改接到现有端口，或删除该链路",
    "cable_no_part_cable": "{count} 条链路（{links}）：目录中没有最长 {length_m:g} m、{speed:g}G 的 {media} 线缆"
                           "可连接 {cage_a} 与 {cage_b} 端口笼",
    "cable_no_part_splitter": "{count} 条链路（{links}）：目录中没有最长 {length_m:g} m、{legs} × {speed:g}G 的 "
                              "{media} 分支线缆可连接 {cage_a} 与 {cage_b} 端口笼",
    "cable_no_part_module": "{count} 条链路（{links}）：目录中没有适配 {device} 的 {cage} 端口笼的 {media} 光模块"
                            "（{ports} × {port_speed:g}G，{protocol!t}，{side!t}侧，{top!t}顶），距离最长 {length_m:g} m",
    "cable_no_part_fibre": "{count} 条链路（{links}）：目录中没有 {length_m:g} m 或更长、承载 {speed:g}G 的 {media} 光纤",
    "cable_no_part_split_fibre": "{count} 条链路（{links}）：目录中没有 {length_m:g} m 或更长、承载 {speed:g}G 的 "
                                 "{media} {legs} 分支光纤",
    "hint.add_catalog_part": "将厂商部件（含料号与出处）加入线缆目录，或改用其他介质或端口",
    "link_speed_mismatch": "链路 {link} 连接 {speed_a:g}G 端口与 {speed_b:g}G 端口，实际速率为 {speed:g}G",
    "hint.match_speed": "使用较快端口的拆分子通道，或改用速率相同的端口",
    "cable_no_media": "链路 {link} 需要 {length_m:g} m，产品目录中没有能在 {speed:g}G 下达到该距离的介质",
    "hint.move_devices_closer": "将两台设备靠近放置",
    "cable_reach_exceeded": "链路 {link} 为 {length_m:g} m 的 {media} 线缆，而 {media} 在 {speed:g}G 下最远只能达到 {reach_m:g} m",
    "hint.reach_dac": "改用有源铜缆（ACC）或光模块，或将设备靠近放置",
    "hint.reach_acc": "改用 AOC 或光模块，或将设备靠近放置",
    "hint.reach_aoc": "改用多模光纤，或将设备靠近放置",
    "hint.reach_mmf": "改用单模光纤，或将设备靠近放置",
    "hint.reach_smf": "缩短布线路由，或将设备靠近放置",
    "hint.reach_cat6a": "改用光纤，或将设备靠近放置",
    "cable_too_short": "链路 {link} 长 {length_m:g} m，但两端之间的布线路由为 {route_m:.1f} m",
    "hint.reroute_or_longer": "重新布线（Edit > Re-route cables），或订购更长的线缆",
    # -- fabrics --------------------------------------------------------------
    "leaves_without_uplinks": "{fabric}：{count} 台叶交换机没有上行链路（{leaves}），其下终端无法到达其他叶交换机",
    "hint.cable_leaves_to_spines": "将其连接到脊交换机",
    "oversubscription_above_target": "{fabric}：{tier!t}层收敛比达到 {worst:ratio}（{count} 台{tier!t}交换机），"
                                     "高于 {target:ratio} 的目标",
    "hint.add_uplinks": "在 {switch} 上增加上行链路，或将部分终端迁出",
    "fabric_partitioned": "{fabric} 已分裂：部分叶交换机之间无法经由交换机互通",
    "hint.cable_every_leaf": "将每台叶交换机都连接到脊交换机",
    "fabric_without_links": "{fabric} 没有任何链路：没有线缆归属该网络，其连接无法校核",
    "hint.cable_or_remove_fabric": "为其布线（或生成设计）、将链路归入该网络，或删除该网络",
    "spof_switch": "{fabric}：{count} 台{tier!t}交换机为单点故障（{names}），故障时共有 {cut} 个终端断开",
    "spof_switch_split": "{fabric}：{count} 台{tier!t}交换机为单点故障（{names}），任一台故障都会使网络分裂（无终端断开）",
    "spof_link": "{fabric}：{count} 条链路为单点故障（{names}），故障时共有 {cut} 个终端断开",
    "spof_link_split": "{fabric}：{count} 条链路为单点故障（{names}），任一条故障都会使网络分裂（无终端断开）",
    "hint.dual_home": "将终端接入两台交换机（轨道优化或双归属），并至少使用两台脊交换机",
    "switch_ports_exhausted": "{fabric}：{count} 台交换机端口已全部占用，没有为扩容或端口故障留出余量（{switches}）",
    "hint.plan_growth": "在新的叶交换机上规划下一个可扩展单元，或每台交换机预留一个备用端口",
    # -- the whole design -----------------------------------------------------
    "storage_read_unknown": "{parts} 未公布存储读带宽；存储校核不计上述型号，按 {supply_gbytes_s:.1f} GB/s 计算",
    "hint.enter_read_bandwidth": "按厂商数据手册填写读带宽",
    "storage_throughput_low": "{gpus} 块 GPU 每块需要 {per_gpu_gbytes_s:g} GB/s，合计需要 {demand_gbytes_s:.1f} GB/s "
                              "存储读带宽；存储系统只能提供 {supply_gbytes_s:.1f} GB/s（缺口 {short_gbytes_s:.1f} GB/s）",
    "hint.add_storage": "增加存储节点，或选用更快的存储系统",
    "roce_headroom_exceeds_buffer": "RoCE 网络 {fabric} 中 {count} 台 {part} 交换机（{switches}）最多需要 "
                                    "{headroom_mb:.2f} MB 的 PFC 预留缓存（{ports} 个端口，{priorities} 个无损优先级，"
                                    "帧长 {mtu_bytes} 字节），超过其 {buffer_mb:.1f} MB 包缓存",
    "hint.reduce_headroom": "减少无损优先级、减小 MTU 或缩短 {part} 的线缆，或选用缓存更大的交换机；"
                            "并按规格书核对缓存数值",
    "no_compute_fabric": "共有 {count} 台 GPU 服务器，但没有计算网络：不同服务器上的 GPU 无法交换梯度",
    "hint.generate_fabric": "生成网络（File > New design），或添加计算网络及其交换机",
    "psu_redundancy_lost": "{count} 台 {part} 在一路机柜供电故障时仅剩 {surviving}/{psus} 个电源模块，"
                           "满载需要 {needed} 个（{redundancy} 冗余）— 机柜 {racks}",
    "hint.psu_third_feed": "一路供电故障时性能会下降；如不可接受，请增加第三路供电",
    "figure_unknown_power_max": "{parts} 未公布最大功耗（以典型功耗代替）",
    "figure_unknown_power_typical": "{parts} 未公布典型功耗（以最大功耗代替）",
    "figure_unknown_weight": "{parts} 未公布重量（按 0 kg 计）",
    "hint.enter_figure": "按厂商数据手册在产品目录文件中填写该参数",
    "weight_unknown": "{count} 台已上架设备未公布重量（{parts}）：机柜承重和楼面荷载检查按 0 kg 计，"
                      "无法据此判断是否超限 — 机柜 {racks}",
    "hint.enter_weight": "按厂商数据手册在产品目录文件中填写各设备的重量，或为本设计提供该数值"
                         "（选中设备：其部件框可填写厂商未公布的参数），然后重新检查",
}

# Words that arrive as a finding's field values (``{tier!t}``).
FINDING_TERMS_ZH = {"leaf": "叶", "spine": "脊", "core": "核心", "other": "其他",
                    # CABLE_NO_PART: link layer, side and module top
                    "infiniband": "InfiniBand", "ethernet": "以太网", "any": "不限", "switch": "交换机",
                    "adapter": "网卡", "finned": "带散热鳍片", "flat": "平"}

# issue 11 (hardware): a liquid-cooled part whose vendor does not publish the air/liquid split
FINDINGS_ZH["figure_unknown_liquid_share"] = "{parts} 未公布液冷散热占比（其散热按风冷计）"
FINDINGS_ZH["rack_liquid_cooling_missing"] = (
    "机柜 {rack} 装有 {count} 台液冷设备 {part}（最大 {max_kw:.1f} kW；液冷散热占比未公布），但该机柜没有液冷")
FINDINGS_ZH["hint.liquid_loop"] = "将机柜接入冷却液回路，并按厂商资料填写该设备的液冷散热占比"

# issue 11 (facility): the coolant the room supplies, against the warmest a part takes
FINDINGS_ZH["coolant_supply_too_warm"] = (
    "机房 {room} 供液温度 {supply_c:.1f} °C，高于 {part} 可接受的最高 {warmest_c:.1f} °C（{count} 台，机柜 {racks}）")
FINDINGS_ZH["hint.coolant_supply"] = "降低 CDU 供液温度（更冷的设施水回路），或将这些机柜接到更冷的回路"
FINDINGS_ZH["figure_unknown_coolant_supply"] = (
    "{parts} 未公布可接受的最高供液温度：无法判断机房 {room} 的 {supply_c:.1f} °C 供液是否适用")
FINDINGS_ZH["hint.enter_coolant_supply"] = (
    "按厂商资料填写该设备的最高供液温度（designer new --server-liquid-supply-max-c，或在窗口中该设备的参数框）")
