"""Words of the proposal and the window in English and Simplified Chinese.

A Qt-free message catalog: ``MESSAGES[key] = {"en": ..., "zh": ...}``, values with
``str.format`` fields. ``Translator(lang)`` looks keys up (here and in the window's
catalog, ``i18n_ui.UI_MESSAGES``) and formats numbers, money, dates and ratios the way a
reader of that language expects. Product and device names
are never translated. The checks' findings are said from their message key and figures
(``FINDINGS_ZH``, same keys as ``designer.checks.messages.TEMPLATES``); their codes get a
translated title. The estimates' assumptions likewise, from ``estimates.assumption_keys``
(``ESTIMATE_NOTES_ZH``, same keys as ``designer.estimates.notes.NOTE_TEMPLATES``).

A key missing from the catalog is a programming error; ``Translator`` raises so a
test catches it rather than a customer reading a raw key.
"""

from __future__ import annotations

import datetime as _dt
import math
from typing import Any

from designer.checks.messages import TemplateFormatter
from designer.estimates.notes import NOTE_TEMPLATES
from designer.report.i18n_estimates import ESTIMATE_NOTES_ZH
from designer.report.i18n_findings import FINDING_TERMS_ZH, FINDINGS_ZH
from designer.report.i18n_ui import UI_MESSAGES

LANGUAGES = ("en", "zh")

MESSAGES: dict[str, dict[str, str]] = {
    # -- document ---------------------------------------------------------
    "proposal": {"en": "AI Training Cluster Proposal", "zh": "AI 训练集群方案建议书"},
    "customer": {"en": "Customer", "zh": "客户"},
    "author": {"en": "Prepared by", "zh": "编制"},
    "date": {"en": "Date", "zh": "日期"},
    "revision": {"en": "Revision", "zh": "版本"},
    "program_version": {"en": "Cluster Designer {version}", "zh": "Cluster Designer {version}"},
    "page_of": {"en": "Page {page} of {pages}", "zh": "第 {page} 页，共 {pages} 页"},
    "confidential": {"en": "Confidential — prepared for {customer}", "zh": "机密 — 为 {customer} 编制"},
    "not_set": {"en": "not set", "zh": "未设定"},
    "unknown": {"en": "unknown", "zh": "未知"},
    "none": {"en": "none", "zh": "无"},
    "yes": {"en": "yes", "zh": "是"},
    "no": {"en": "no", "zh": "否"},
    "partly": {"en": "partly", "zh": "部分"},
    "unanswered": {"en": "unanswered", "zh": "未答复"},
    "not_estimated": {"en": "Not estimated for this design.", "zh": "本设计未做估算。"},
    "continued": {"en": "{title} (continued)", "zh": "{title}（续）"},
    # -- sections ---------------------------------------------------------
    "toc": {"en": "Contents", "zh": "目录"},
    "sec_summary": {"en": "Executive summary", "zh": "执行摘要"},
    "sec_inputs": {"en": "Design inputs and assumptions", "zh": "设计输入与假设"},
    "sec_floor": {"en": "Floor plan", "zh": "机房平面图"},
    "sec_elevations": {"en": "Rack elevations", "zh": "机柜立面图"},
    "sec_topology": {"en": "Network topology", "zh": "网络拓扑"},
    "sec_facility": {"en": "Power, cooling and weight", "zh": "供电、制冷与承重"},
    "sec_findings": {"en": "Findings and checklist", "zh": "检查结果与清单"},
    "sec_bom": {"en": "Bill of materials", "zh": "物料清单"},
    "sec_costs": {"en": "Costs and growth", "zh": "成本与扩容"},
    "sec_sources": {"en": "Appendix: catalog sources", "zh": "附录：产品资料来源"},
    # -- summary ----------------------------------------------------------
    "summary_intro": {
        "en": "{customer_phrase}This proposal describes a cluster of {servers} GPU servers with {gpus} GPUs "
        "in {racks} racks, with {switches} switches and {storage} storage systems.",
        "zh": "{customer_phrase}本方案描述一个由 {servers} 台 GPU 服务器（共 {gpus} 块 GPU）组成的集群，"
        "部署于 {racks} 个机柜，配置 {switches} 台交换机和 {storage} 套存储系统。",
    },
    "summary_for": {"en": "Prepared for {customer}. ", "zh": "为 {customer} 编制。"},
    "key_figures": {"en": "Key figures", "zh": "关键指标"},
    "gpus": {"en": "GPUs", "zh": "GPU 数量"},
    "servers": {"en": "GPU servers (nodes)", "zh": "GPU 服务器（节点）"},
    "racks": {"en": "Racks", "zh": "机柜"},
    "switches": {"en": "Switches", "zh": "交换机"},
    "storage_nodes": {"en": "Storage systems", "zh": "存储系统"},
    "links": {"en": "Cables (links)", "zh": "线缆（链路）"},
    "it_power": {"en": "IT power (maximum / typical)", "zh": "IT 功率（最大 / 典型）"},
    "facility_power": {"en": "Facility power (IT x PUE)", "zh": "设施总功率（IT × PUE）"},
    "heat": {"en": "Heat", "zh": "散热量"},
    "total_weight": {"en": "Total weight", "zh": "总重量"},
    "compute_fabric": {"en": "Compute fabric", "zh": "计算网络"},
    "fabric_line": {
        "en": "{protocol}, {tiers} tiers: {leaf} leaf / {spine} spine / {core} core switches",
        "zh": "{protocol}，{tiers} 层：{leaf} 台叶交换机 / {spine} 台脊交换机 / {core} 台核心交换机",
    },
    "oversubscription": {"en": "Oversubscription", "zh": "收敛比"},
    "bisection": {"en": "Bisection bandwidth", "zh": "对分带宽"},
    "hardware_cost": {"en": "Hardware cost (BOM)", "zh": "硬件成本（物料清单）"},
    "errors_title": {"en": "Errors to resolve before ordering ({count})", "zh": "下单前须解决的错误（{count} 项）"},
    "no_errors": {"en": "The checks found no errors.", "zh": "检查未发现错误。"},
    "key_risks": {"en": "Key risks", "zh": "主要风险"},
    "no_risks": {"en": "No warnings.", "zh": "无警告。"},
    "checklist_open": {"en": "Checklist: {question} — {answer}", "zh": "检查清单：{question} — {answer}"},
    # -- inputs -----------------------------------------------------------
    "project": {"en": "Project", "zh": "项目"},
    "design_name": {"en": "Design", "zh": "设计名称"},
    "description": {"en": "Description", "zh": "说明"},
    "currency": {"en": "Currency", "zh": "币种"},
    "rooms": {"en": "Rooms", "zh": "机房"},
    "room": {"en": "Room", "zh": "机房"},
    "size_m": {"en": "Size (m)", "zh": "尺寸（米）"},
    "area_m2": {"en": "Area (m²)", "zh": "面积（m²）"},
    "power_capacity_kw": {"en": "Power capacity (kW)", "zh": "供电容量（kW）"},
    "cooling_air_kw": {"en": "Air cooling (kW)", "zh": "风冷容量（kW）"},
    "cooling_liquid_kw": {"en": "Liquid cooling (kW)", "zh": "液冷容量（kW）"},
    "floor_rating": {"en": "Floor rating (kg/m²)", "zh": "楼板承重（kg/m²）"},
    "pue": {"en": "PUE", "zh": "PUE"},
    "aisles_mm": {"en": "Cold / hot aisle (mm)", "zh": "冷 / 热通道（mm）"},
    "fabrics": {"en": "Fabrics", "zh": "网络"},
    "fabric": {"en": "Fabric", "zh": "网络"},
    "role": {"en": "Role", "zh": "用途"},
    "protocol": {"en": "Protocol", "zh": "协议"},
    "target_oversubscription": {"en": "Target oversubscription", "zh": "目标收敛比"},
    "rail_optimized": {"en": "Rail-optimized", "zh": "轨道优化"},
    "targets": {"en": "Targets", "zh": "设计目标"},
    "storage_target": {"en": "Storage read per GPU (GB/s)", "zh": "每 GPU 存储读带宽（GB/s）"},
    "security_answer": {"en": "Data security and compliance covered", "zh": "数据安全与合规已覆盖"},
    "compliance_notes": {"en": "Compliance notes", "zh": "合规说明"},
    "assumptions": {"en": "Assumptions", "zh": "假设"},
    "assumption_power": {
        "en": "Power is checked at each part's published maximum draw; typical draw is shown beside it.",
        "zh": "供电按各部件公布的最大功耗校核，同时列出典型功耗。",
    },
    "assumption_heat": {
        "en": "Heat equals power drawn: 1 kW = 3,412 BTU/h.",
        "zh": "散热量等于功耗：1 kW = 3,412 BTU/h。",
    },
    "assumption_floor": {
        "en": "A rack's floor load is spread over its footprint plus half of each aisle.",
        "zh": "机柜楼面荷载按其占地面积加前后通道各一半计算。",
    },
    "assumption_prices": {
        "en": "Prices are the design's price list, else catalog list prices (estimates); "
        "parts without a published price are counted as zero and marked.",
        "zh": "价格取自本设计的价目表，否则取产品目录标价（估算）；未公布价格的部件按零计入并加以标注。",
    },
    "estimate_inputs": {"en": "Estimate inputs", "zh": "估算输入"},
    "unknowns": {"en": "Figures not published by the vendor", "zh": "厂商未公布的参数"},
    "unknown_line": {"en": "{figure}: {parts}{instead}", "zh": "{figure}：{parts}{instead}"},
    "used_instead": {"en": " ({figure} used instead)", "zh": "（以{figure}代替）"},
    # the report's unknowns, by figure (a figure added later shows as its key)
    "figure_power_max_w": {"en": "Maximum power", "zh": "最大功耗"},
    "figure_power_typical_w": {"en": "Typical power", "zh": "典型功耗"},
    "figure_weight_kg": {"en": "Weight", "zh": "重量"},
    "figure_enclosure_weight_kg": {"en": "Rack enclosure weight", "zh": "机柜本体重量"},
    "figure_power.typical_w": {"en": "typical power", "zh": "典型功耗"},
    "figure_power.max_w": {"en": "maximum power", "zh": "最大功耗"},
    "input": {"en": "Input", "zh": "输入项"},
    "feeds_kw": {"en": "Feeds (kW)", "zh": "供电回路（kW）"},
    "value": {"en": "Value", "zh": "数值"},
    # -- floor plan -------------------------------------------------------
    "floor_intro": {
        "en": "Room {room}, {width} m x {depth} m, drawn to scale 1:{scale} (on A4). Racks are coloured by "
        "their maximum draw as a share of their power budget; the dark edge marks the front.",
        "zh": "机房 {room}，{width} 米 × {depth} 米，按 1:{scale} 比例绘制（A4 纸）。机柜颜色表示最大功耗"
        "占其供电预算的比例；深色边为机柜正面。",
    },
    "floor_detail": {"en": "{room}: detail {n} of {count}, scale 1:{scale}", "zh": "{room}：局部图 {n}/{count}，比例 1:{scale}"},
    "floor_overview": {"en": "{room}: overview", "zh": "{room}：总览"},
    "load_share": {"en": "Load (share of budget)", "zh": "负载（占预算比例）"},
    "no_budget": {"en": "no budget", "zh": "无预算"},
    "no_racks": {"en": "The design has no racks.", "zh": "本设计没有机柜。"},
    "scale_bar_m": {"en": "{m} m", "zh": "{m} 米"},
    # -- elevations -------------------------------------------------------
    "elevations_intro": {
        "en": "Front and rear of every rack, {per_page} racks to a page. Full-depth devices show on both "
        "faces (lighter on the face they are not mounted from); zero-U PDUs are drawn at the sides of the rear.",
        "zh": "每个机柜的正面与背面，每页 {per_page} 个机柜。全深设备在两面均显示（非安装面颜色较浅）；"
        "零 U PDU 绘于背面两侧。",
    },
    "front": {"en": "Front", "zh": "正面"},
    "rear": {"en": "Rear", "zh": "背面"},
    "rack_caption": {"en": "{kw} kW / {budget} kW · {kg} kg · {used}/{total} U", "zh": "{kw} kW / {budget} kW · {kg} kg · {used}/{total} U"},
    "kind_server": {"en": "server", "zh": "服务器"},
    "kind_switch": {"en": "switch", "zh": "交换机"},
    "kind_storage": {"en": "storage", "zh": "存储"},
    "kind_pdu": {"en": "PDU", "zh": "PDU"},
    "kind_other": {"en": "other", "zh": "其他"},
    # -- topology ---------------------------------------------------------
    "topology_intro": {
        "en": "Each fabric as tiers of switches; a row shows up to {boxes} switches, larger tiers as "
        "\"N x\". Labels between tiers give cable counts and speeds.",
        "zh": "各网络按交换机层级绘制；每行最多显示 {boxes} 台交换机，更多时以“N ×”表示。层间标注线缆数量与速率。",
    },
    "tier_core": {"en": "core", "zh": "核心"},
    "tier_spine": {"en": "spine", "zh": "脊"},
    "tier_leaf": {"en": "leaf", "zh": "叶"},
    "tier_endpoints": {"en": "endpoints", "zh": "终端"},
    "endpoints_box": {"en": "{count} endpoints", "zh": "{count} 个终端"},
    "fabric_table": {"en": "Fabric figures", "zh": "网络指标"},
    "tiers": {"en": "Tiers", "zh": "层数"},
    "endpoints": {"en": "Endpoints", "zh": "终端数"},
    "switches_lsc": {"en": "Switches leaf / spine / core", "zh": "交换机 叶 / 脊 / 核心"},
    "links_tiers": {"en": "Cables endpoint-leaf / leaf-spine / spine-core", "zh": "线缆 终端-叶 / 叶-脊 / 脊-核心"},
    "over_leaf": {"en": "Oversubscription leaf (target)", "zh": "叶层收敛比（目标）"},
    "over_spine": {"en": "Oversubscription spine", "zh": "脊层收敛比"},
    "bisection_tbps": {"en": "Bisection bandwidth (Tb/s)", "zh": "对分带宽（Tb/s）"},
    "ecmp": {"en": "ECMP paths between leaves", "zh": "叶间 ECMP 路径数"},
    "max_hops": {"en": "Maximum hops", "zh": "最大跳数"},
    "fail_leaf": {"en": "Worst leaf failure", "zh": "最坏叶交换机故障"},
    "fail_spine": {"en": "Worst spine failure", "zh": "最坏脊交换机故障"},
    "fail_core": {"en": "Worst core failure", "zh": "最坏核心交换机故障"},
    "fail_link": {"en": "Worst cable failure", "zh": "最坏线缆故障"},
    "fail_value": {"en": "-{pct} % bandwidth, {cut} cut off", "zh": "带宽 -{pct} %，{cut} 个终端断开"},
    "spof": {"en": "Single points of failure", "zh": "单点故障"},
    # -- facility ---------------------------------------------------------
    "facility_intro": {
        "en": "Maximum draw against each rack's power budget, heat against its cooling, equipment weight "
        "against the rack's static load rating and floor load against the room's rating. Cells over a "
        "limit are red.",
        "zh": "最大功耗对比机柜供电预算，散热对比制冷容量，设备重量对比机柜静载额定值，楼面荷载对比机房楼板承重。"
        "超限单元格以红色标示。",
    },
    "per_rack": {"en": "Per rack", "zh": "各机柜"},
    "per_room": {"en": "Per room", "zh": "各机房"},
    "rack": {"en": "Rack", "zh": "机柜"},
    "u_use": {"en": "U used", "zh": "已用 U"},
    "power_kw": {"en": "Max kW", "zh": "最大 kW"},
    "budget_kw": {"en": "Budget kW", "zh": "预算 kW"},
    "heat_kw": {"en": "Heat kW", "zh": "散热 kW"},
    "heat_btu": {"en": "BTU/h", "zh": "BTU/h"},
    "cooling_kw": {"en": "Cooling kW", "zh": "制冷 kW"},
    "weight_kg": {"en": "Equipment kg", "zh": "设备 kg"},
    "static_kg": {"en": "Rating kg", "zh": "额定 kg"},
    "floor_kg_m2": {"en": "Floor kg/m²", "zh": "楼面 kg/m²"},
    "capacity_kw": {"en": "Capacity kW", "zh": "容量 kW"},
    "total_kg": {"en": "Total kg", "zh": "总重 kg"},
    "facility_kw": {"en": "Facility kW", "zh": "设施 kW"},
    "power_by_kind": {"en": "Maximum power by kind", "zh": "按类别的最大功耗"},
    # -- findings ---------------------------------------------------------
    "findings_counts": {
        "en": "{errors} errors, {warnings} warnings, {notes} notes.",
        "zh": "{errors} 个错误，{warnings} 个警告，{notes} 条提示。",
    },
    "severity_error": {"en": "Error", "zh": "错误"},
    "severity_warning": {"en": "Warning", "zh": "警告"},
    "severity_info": {"en": "Note", "zh": "提示"},
    "severity": {"en": "Severity", "zh": "级别"},
    "finding": {"en": "Finding", "zh": "检查结果"},
    "fix": {"en": "Fix: {hint}", "zh": "建议：{hint}"},
    "checklist": {"en": "Five-question checklist", "zh": "五项检查清单"},
    "question": {"en": "Question", "zh": "问题"},
    "answer": {"en": "Answer", "zh": "答复"},
    "based_on": {"en": "Based on", "zh": "依据"},
    "q_network": {"en": "Is network bandwidth enough?", "zh": "网络带宽是否足够？"},
    "q_storage": {"en": "Does storage throughput keep up?", "zh": "存储吞吐能否满足需求？"},
    "q_fault_tolerance": {"en": "Is there fault tolerance?", "zh": "是否具备容错能力？"},
    "q_power_cooling": {"en": "Are power and cooling planned?", "zh": "供电与制冷是否已规划？"},
    "q_security": {"en": "Are data security and compliance covered?", "zh": "数据安全与合规是否已覆盖？"},
    # -- BOM --------------------------------------------------------------
    "bom_intro": {
        "en": "Every part the design needs. Prices in {currency}, excluding tax and services; \"{np}\" marks "
        "parts without a published price, counted as zero in the totals.",
        "zh": "本设计所需的全部部件。价格单位 {currency}，不含税及服务；“{np}”表示未公布价格的部件，在合计中按零计。",
    },
    "price_not_published": {"en": "price not published", "zh": "价格未公布"},
    "part": {"en": "Part", "zh": "部件"},
    "qty": {"en": "Qty", "zh": "数量"},
    "unit_price": {"en": "Unit price", "zh": "单价"},
    "line_total": {"en": "Total", "zh": "小计"},
    "price_source": {"en": "Price source", "zh": "价格来源"},
    "subtotal": {"en": "Subtotal {section}", "zh": "{section}合计"},
    "grand_total": {"en": "Total", "zh": "总计"},
    "unpriced_note": {
        "en": "{count} parts have no published price and are not in the total: {parts}.",
        "zh": "{count} 种部件未公布价格，未计入总计：{parts}。",
    },
    "bom_servers": {"en": "Servers", "zh": "服务器"},
    "bom_switches": {"en": "Switches", "zh": "交换机"},
    "bom_storage": {"en": "Storage", "zh": "存储"},
    "bom_pdus": {"en": "PDUs", "zh": "PDU"},
    "bom_racks": {"en": "Racks", "zh": "机柜"},
    "bom_other": {"en": "Other", "zh": "其他"},
    "bom_cables": {"en": "Cables (by media and length)", "zh": "线缆（按介质与长度）"},
    "bom_transceivers": {"en": "Transceivers", "zh": "光模块"},
    "source_design": {"en": "design", "zh": "设计价目"},
    "source_catalog": {"en": "catalog", "zh": "目录价"},
    "source_catalog_estimate": {"en": "catalog estimate", "zh": "目录估价"},
    "source_unknown": {"en": "unknown", "zh": "未知"},
    "summary_sheet": {"en": "Summary", "zh": "汇总"},
    "section": {"en": "Section", "zh": "类别"},
    # -- costs ------------------------------------------------------------
    "costs_intro": {
        "en": "Capital cost is the bill of materials plus installation and facility; operating cost per year "
        "includes energy at the stated PUE, maintenance, staff and space.",
        "zh": "资本支出为物料清单加安装与设施费用；年运营成本包括按所述 PUE 计算的电费、维护、人员与场地费用。",
    },
    "tco": {"en": "Total cost of ownership", "zh": "总体拥有成本"},
    "capex": {"en": "Capital cost (CAPEX)", "zh": "资本支出（CAPEX）"},
    "opex_per_year": {"en": "Operating cost per year (OPEX)", "zh": "年运营成本（OPEX）"},
    "build_total": {"en": "Build: total over the horizon", "zh": "自建：周期内总成本"},
    "cloud_total": {"en": "Cloud: total over the horizon", "zh": "云租用：周期内总成本"},
    "break_even": {"en": "Break-even utilisation", "zh": "盈亏平衡利用率"},
    "utilization": {"en": "Utilisation", "zh": "利用率"},
    "cost_chart": {"en": "Cost against utilisation ({currency})", "zh": "成本与利用率（{currency}）"},
    "build": {"en": "build", "zh": "自建"},
    "cloud": {"en": "cloud", "zh": "云租用"},
    "scaling": {"en": "Scaling efficiency", "zh": "扩展效率"},
    "scaling_chart": {"en": "Scaling efficiency against GPUs", "zh": "扩展效率与 GPU 数量"},
    "efficiency": {"en": "this design", "zh": "本设计"},
    "efficiency_1to1": {"en": "1:1 fabric", "zh": "1:1 网络"},
    "efficiency_2to1": {"en": "2:1 fabric", "zh": "2:1 网络"},
    "allreduce": {"en": "All-reduce estimates", "zh": "All-reduce 估算"},
    "storage_estimate": {"en": "Storage sizing", "zh": "存储容量规划"},
    "stages": {"en": "Growth stages", "zh": "扩容阶段"},
    "capex_hardware": {"en": "Hardware (bill of materials)", "zh": "硬件（物料清单）"},
    "capex_installation": {"en": "Installation", "zh": "安装"},
    "capex_facility": {"en": "Facility", "zh": "机房改造"},
    "capex_total": {"en": "CAPEX total", "zh": "资本支出合计"},
    "capex_unpriced": {"en": "Parts without a price: {count} (counted as zero)", "zh": "{count} 项部件无价格，按零计入"},
    "opex_energy": {"en": "Energy per year", "zh": "年电费"},
    "opex_maintenance": {"en": "Maintenance per year", "zh": "年维保"},
    "opex_staff": {"en": "Staff per year", "zh": "年人力"},
    "opex_space": {"en": "Space per year", "zh": "年场地"},
    "opex_total": {"en": "OPEX per year", "zh": "年运营成本合计"},
    "horizon": {"en": "Horizon", "zh": "测算周期"},
    "years": {"en": "{n} years", "zh": "{n} 年"},
    "build_total_depreciated": {"en": "Build: depreciation in the horizon + OPEX", "zh": "自建：周期内折旧 + 运营成本"},
    "build_total_full": {"en": "Build: full CAPEX + OPEX", "zh": "自建：全部资本支出 + 运营成本"},
    "cloud_total_line": {"en": "Cloud: {gpus} GPUs at {price} per GPU-hour", "zh": "云租用：{gpus} 张 GPU，每卡时 {price}"},
    "build_cost_per_gpu_hour": {"en": "Build cost per GPU-hour used", "zh": "自建每卡时成本"},
    "break_even_full": {"en": "Break-even utilisation (full CAPEX)", "zh": "盈亏平衡利用率（全部资本支出）"},
    "never": {"en": "building never wins", "zh": "自建始终更贵"},
    "algorithm": {"en": "Algorithm", "zh": "算法"},
    "time_ms": {"en": "Time (ms)", "zh": "耗时（毫秒）"},
    "algbw": {"en": "Algorithm bandwidth (GB/s)", "zh": "算法带宽（GB/s）"},
    "busbw": {"en": "Bus bandwidth (GB/s)", "zh": "总线带宽（GB/s）"},
    "allreduce_intro": {
        "en": "All-reduce of {mb} MB per GPU over {gpus} GPUs ({nodes} servers); fabric {inter} GB/s per GPU, "
              "NVLink {intra} GB/s per GPU, oversubscription {ratio}.",
        "zh": "每 GPU {mb} MB 的 All-reduce，共 {gpus} 张 GPU（{nodes} 台服务器）；网络每 GPU {inter} GB/s，"
              "NVLink 每 GPU {intra} GB/s，收敛比 {ratio}。",
    },
    "read_required": {"en": "Read throughput needed", "zh": "所需读带宽"},
    "read_available": {"en": "Read throughput available", "zh": "可用读带宽"},
    "checkpoint_size": {"en": "Checkpoint size", "zh": "检查点大小"},
    "checkpoint_write": {"en": "Checkpoint write time", "zh": "检查点写入时间"},
    "tier": {"en": "Tier", "zh": "层级"},
    "capacity_tb": {"en": "Capacity (TB)", "zh": "容量（TB）"},
    "media": {"en": "Media", "zh": "介质"},
    "tier_hot": {"en": "hot", "zh": "热层"},
    "tier_warm": {"en": "warm", "zh": "温层"},
    "tier_cold": {"en": "cold", "zh": "冷层"},
    "stage_gpus": {"en": "GPUs", "zh": "GPU 数"},
    "stage_servers": {"en": "Servers", "zh": "服务器"},
    "stage_power": {"en": "Max power (kW)", "zh": "最大功率（kW）"},
    "stage_capex": {"en": "CAPEX", "zh": "资本支出"},
    "stage_added": {"en": "Added", "zh": "新增"},
    "stage_reused": {"en": "Reused", "zh": "复用"},
    "stage": {"en": "Stage", "zh": "阶段"},
    "stage_racks": {"en": "Racks", "zh": "机柜"},
    "stage_devices": {"en": "Extra devices", "zh": "附加设备"},
    # -- sources ----------------------------------------------------------
    "sources_intro": {
        "en": "The vendor documents behind every figure of every part this design uses.",
        "zh": "本设计所用每个部件各项参数所依据的厂商资料。",
    },
    "source": {"en": "Source", "zh": "来源"},
    "no_source": {"en": "no source recorded", "zh": "未记录来源"},
}

# Finding codes -> short titles (the message itself stays as the checks wrote it).
CODE_TITLES: dict[str, dict[str, str]] = {
    "RACK_SPACE_OVERLAP": {"en": "Devices overlap in a rack", "zh": "机柜内设备位置重叠"},
    "RACK_SPACE_OUT_OF_BOUNDS": {"en": "Device above the rack's top U", "zh": "设备超出机柜顶部"},
    "DEVICE_NOT_MOUNTED": {"en": "Device not mounted", "zh": "设备未安装"},
    "RACK_POWER_OVER_BUDGET": {"en": "Rack power over budget", "zh": "机柜功耗超出预算"},
    "FEED_OVER_CAPACITY": {"en": "Feeds over capacity", "zh": "供电回路超容量"},
    "FEED_REDUNDANCY_LOST": {"en": "Feed redundancy lost", "zh": "供电冗余失效"},
    "FEED_MISSING": {"en": "Rack without a feed", "zh": "机柜未配置供电回路"},
    "PDU_OVER_CAPACITY": {"en": "PDU over capacity", "zh": "PDU 超容量"},
    "PSU_REDUNDANCY_LOST": {"en": "PSU redundancy lost", "zh": "电源模块冗余不足"},
    "ROOM_POWER_OVER_CAPACITY": {"en": "Room power over capacity", "zh": "机房供电超容量"},
    "RACK_COOLING_OVER_CAPACITY": {"en": "Rack cooling over capacity", "zh": "机柜制冷超容量"},
    "ROOM_COOLING_OVER_CAPACITY": {"en": "Room cooling over capacity", "zh": "机房制冷超容量"},
    "AIRFLOW_MISMATCH": {"en": "Airflow against the rack", "zh": "设备风向与机柜相反"},
    "RACK_WEIGHT_OVER_LIMIT": {"en": "Rack weight over rating", "zh": "机柜重量超额定值"},
    "FLOOR_LOAD_OVER_LIMIT": {"en": "Floor load over rating", "zh": "楼面荷载超限"},
    "RACK_OUTSIDE_ROOM": {"en": "Rack outside the room", "zh": "机柜位于机房外"},
    "RACK_FLOOR_OVERLAP": {"en": "Racks overlap on the floor", "zh": "机柜占地重叠"},
    "PORT_UNCONNECTED": {"en": "Port not cabled", "zh": "端口未连接"},
    "PORT_DOUBLE_CONNECTED": {"en": "Two cables on one port", "zh": "端口重复连接"},
    "SWITCH_PORTS_EXHAUSTED": {"en": "Switch ports exhausted", "zh": "交换机端口耗尽"},
    "LINK_SPEED_MISMATCH": {"en": "Link speed mismatch", "zh": "链路两端速率不一致"},
    "LINK_ENDPOINT_MISSING": {"en": "Link end missing", "zh": "链路端点不存在"},
    "CABLE_REACH_EXCEEDED": {"en": "Cable beyond its reach", "zh": "线缆超出传输距离"},
    "CABLE_TOO_SHORT": {"en": "Cable too short", "zh": "线缆长度不足"},
    "OVERSUBSCRIPTION_ABOVE_TARGET": {"en": "Oversubscription above target", "zh": "收敛比高于目标"},
    "FABRIC_PARTITIONED": {"en": "Fabric partitioned", "zh": "网络分区"},
    "SINGLE_POINT_OF_FAILURE": {"en": "Single point of failure", "zh": "单点故障"},
    "STORAGE_THROUGHPUT_LOW": {"en": "Storage throughput low", "zh": "存储吞吐不足"},
    "NO_COMPUTE_FABRIC": {"en": "No compute fabric", "zh": "缺少计算网络"},
    "FIGURE_UNKNOWN": {"en": "Figure not published", "zh": "参数未公布"},
}



# Estimate inputs (``design.estimates``) as the proposal's inputs table names them; units in brackets.
INPUT_LABELS: dict[str, dict[str, str]] = {
    "cost.installation_cost": {"en": "Installation cost", "zh": "安装费用"},
    "cost.facility_cost": {"en": "Facility cost", "zh": "设施费用"},
    "cost.energy_price_per_kwh": {"en": "Energy price (per kWh)", "zh": "电价（每 kWh）"},
    "cost.utilization": {"en": "Utilisation (share of the year)", "zh": "利用率（全年占比）"},
    "cost.maintenance_share_per_year": {"en": "Maintenance per year (share of CAPEX)", "zh": "年维护费（占 CAPEX 比例）"},
    "cost.staff_cost_per_year": {"en": "Staff cost per year", "zh": "年人员成本"},
    "cost.space_cost_per_year": {"en": "Space cost per year", "zh": "年场地成本"},
    "cost.horizon_years": {"en": "Horizon (years)", "zh": "测算周期（年）"},
    "cost.depreciation_years": {"en": "Depreciation (years)", "zh": "折旧年限（年）"},
    "cost.pue": {"en": "PUE for energy (else the room's)", "zh": "电费计算 PUE（否则取机房值）"},
    "cost.cloud_price_per_gpu_hour": {"en": "Cloud price per GPU hour", "zh": "云 GPU 每小时价格"},
    "communication.message_mb": {"en": "All-reduce message per GPU (MB)", "zh": "每 GPU All-reduce 消息量（MB）"},
    "communication.alpha_intra_us": {"en": "Step latency inside a server (µs)", "zh": "服务器内单步时延（µs）"},
    "communication.alpha_inter_us": {"en": "Step latency across the fabric (µs)", "zh": "跨网络单步时延（µs）"},
    "communication.link_efficiency": {"en": "Achieved share of link bandwidth", "zh": "链路带宽实际利用比例"},
    "scaling.model_parameters_billion": {"en": "Model parameters (billion)", "zh": "模型参数量（十亿）"},
    "scaling.bytes_per_gradient": {"en": "Bytes per gradient", "zh": "每个梯度字节数"},
    "scaling.step_compute_s": {"en": "Compute time per step (s)", "zh": "每步计算时间（秒）"},
    "scaling.overlap": {"en": "Communication hidden behind compute (share)", "zh": "通信与计算重叠比例"},
    "storage.samples_per_second_per_gpu": {"en": "Samples per second per GPU", "zh": "每 GPU 每秒样本数"},
    "storage.sample_size_mb": {"en": "Sample size (MB)", "zh": "样本大小（MB）"},
    "storage.checkpoint_bytes_per_parameter": {"en": "Checkpoint bytes per parameter", "zh": "每参数检查点字节数"},
    "storage.checkpoints_kept": {"en": "Checkpoints kept", "zh": "保留检查点数"},
    "storage.dataset_tb": {"en": "Dataset (TB)", "zh": "数据集（TB）"},
    "storage.hot_share": {"en": "Share of the dataset on NVMe", "zh": "数据集在 NVMe 上的比例"},
    "storage.archive_copies": {"en": "Archive copies", "zh": "归档副本数"},
}

# ISO 4217 codes a Chinese reader sees as words; others stay as codes.
_CURRENCY_ZH = {"USD": "美元", "CNY": "元", "EUR": "欧元", "JPY": "日元", "GBP": "英镑", "HKD": "港元", "SGD": "新加坡元"}


class Translator:
    """Words and number formats of one language."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
        self.lang = lang

    @property
    def is_zh(self) -> bool:
        return self.lang == "zh"

    def __call__(self, key: str, **values: object) -> str:
        # the proposal's words, else the window's (designer/report/i18n_ui.py; its keys have a dot)
        try:
            text = (MESSAGES.get(key) or UI_MESSAGES[key])[self.lang]
        except KeyError:
            raise KeyError(f"message {key!r} is not in the catalog for {self.lang!r}") from None
        return text.format(**values) if values else text

    def input_label(self, key: str) -> str:
        """An estimate input's name; a field added later shows as its key until translated."""
        labels = INPUT_LABELS.get(key)
        return labels[self.lang] if labels else key

    def has(self, key: str) -> bool:
        return key in MESSAGES or key in UI_MESSAGES

    def code_title(self, code: str) -> str:
        titles = CODE_TITLES.get(code)
        return titles[self.lang] if titles else code

    # -- findings -------------------------------------------------------------

    def finding_message(self, finding: dict[str, Any]) -> str:
        """A finding (as in the report) in this language; English, or a finding without a
        key (older reports), as the checks wrote it."""
        return self._finding_text(finding.get("key"), finding.get("params") or {}, finding["message"])

    def finding_hint(self, finding: dict[str, Any]) -> str | None:
        if not finding.get("hint"):
            return None
        return self._finding_text(finding.get("hint_key"), finding.get("hint_params") or {}, finding["hint"])

    def _finding_text(self, key: str | None, params: dict[str, Any], english: str) -> str:
        if not self.is_zh or key not in FINDINGS_ZH:
            return english
        return _FindingFormatter(self).render(FINDINGS_ZH[key], params)

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
        templates = ESTIMATE_NOTES_ZH if self.is_zh else NOTE_TEMPLATES
        if key not in templates:
            if english is not None:
                return english
            raise KeyError(f"estimate assumption {key!r} is not in the catalog for {self.lang!r}")
        formatter = _EstimateFormatter(self) if self.is_zh else TemplateFormatter()
        return formatter.render(templates[key], params)

    # -- numbers ------------------------------------------------------------
    # Both languages group thousands with "," and use "." as the decimal mark (CLDR
    # zh-Hans and en agree); they differ in units, money and dates.

    def num(self, value: float | None, digits: int = 1) -> str:
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return self("unknown")
        return f"{value:,.{digits}f}"

    def int(self, value: float | None) -> str:
        return self.num(value, 0)

    def pct(self, share: float | None, digits: int = 0) -> str:
        """A share (0..1) as a percentage."""
        if share is None:
            return self("unknown")
        return f"{share * 100:,.{digits}f} %"

    def ratio(self, value: float | None) -> str:
        return "–" if value is None else f"{value:.2f}:1"

    def money(self, amount: float | None, currency: str, digits: int = 0) -> str:
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
                value = _dt.date.fromisoformat(value)
            except ValueError:
                return value
        if self.is_zh:
            return f"{value.year}年{value.month}月{value.day}日"
        return f"{value.day} {value.strftime('%B')} {value.year}"

    def answer(self, answer: str) -> str:
        return self(answer) if answer in ("yes", "no", "partly", "unknown", "unanswered") else answer


class _FindingFormatter(TemplateFormatter):
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
        return FINDING_TERMS_ZH.get(value, value)


class _EstimateFormatter(_FindingFormatter):
    """Chinese assumption text: as the findings', and shares ("{x:.0%}") the way the
    proposal writes them everywhere else (``Translator.pct``: "90 %")."""

    def number(self, value: float, spec: str) -> str:
        if spec.endswith("%"):
            digits = spec[1:-1] if spec.startswith(".") else ""
            return self.t.pct(value, int(digits) if digits.isdigit() else 0)
        return super().number(value, spec)
