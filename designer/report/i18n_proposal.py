"""The proposal's words in English and Simplified Chinese: ``MESSAGES`` (headings,
labels, sentences), ``CODE_TITLES`` (a short title per finding code) and
``INPUT_LABELS`` (the estimate inputs' names). Registered with ``designer.i18n`` at the end
of this module (``designer/report/__init__.py`` imports it), so ``Translator`` finds them.
"""

from __future__ import annotations

from designer.i18n import register

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
    "sec_engineering": {"en": "Appendix: engineering notes", "zh": "附录：工程说明"},
    "sec_cables": {"en": "Appendix: cable schedule", "zh": "附录：线缆清单"},
    "sec_delivery": {"en": "Scope, delivery and sign-off", "zh": "范围、交付与签署"},
    # -- summary ----------------------------------------------------------
    # counted nouns, said through ProposalContext.counted: the "_one" form when the count is 1
    "n_gpu_servers": {"en": "{count} {chip} servers", "zh": "{count} 台 {chip} 服务器"},
    "n_gpu_servers_one": {"en": "{count} {chip} server", "zh": "{count} 台 {chip} 服务器"},
    "n_model_servers": {"en": "{count} × {model} servers", "zh": "{count} 台 {model} 服务器"},
    "n_model_servers_one": {"en": "{count} × {model} server", "zh": "{count} 台 {model} 服务器"},
    # rack-scale systems (an NVL72: the model names itself "rack-scale system"), not "servers"
    "n_model_systems": {"en": "{count} × {model}", "zh": "{count} 套 {model}"},
    # zh without brackets: the sentences put the GPUs in brackets right after ("（共 576 块 GPU）")
    "n_rack_systems": {"en": "{count} rack-scale systems ({trays} compute trays)",
                       "zh": "{count} 套机柜级系统、{trays} 个计算托盘"},
    "n_rack_systems_one": {"en": "{count} rack-scale system ({trays} compute trays)",
                           "zh": "{count} 套机柜级系统、{trays} 个计算托盘"},
    # the cover's and key figures' count of rack-scale systems, their compute trays the nodes
    "rack_systems": {"en": "Rack-scale systems (compute trays)", "zh": "机柜级系统（计算托盘）"},
    "rack_systems_short": {"en": "Rack-scale systems", "zh": "机柜级系统"},
    "n_servers": {"en": "{count} servers", "zh": "{count} 台服务器"},
    "n_servers_one": {"en": "{count} server", "zh": "{count} 台服务器"},
    "n_gpus": {"en": "{count} {chip}s", "zh": "{count} 块 {chip}"},
    "n_gpus_one": {"en": "{count} {chip}", "zh": "{count} 块 {chip}"},
    "n_racks": {"en": "{count} racks", "zh": "{count} 个机柜"},
    "n_racks_one": {"en": "{count} rack", "zh": "{count} 个机柜"},
    "n_switches": {"en": "{count} switches", "zh": "{count} 台交换机"},
    "n_switches_one": {"en": "{count} switch", "zh": "{count} 台交换机"},
    "n_cables": {"en": "{count} cables", "zh": "{count} 条线缆"},
    "n_cables_one": {"en": "{count} cable", "zh": "{count} 条线缆"},
    "n_links": {"en": "{count} links", "zh": "{count} 条链路"},
    "n_links_one": {"en": "{count} link", "zh": "{count} 条链路"},
    "n_storage_systems": {"en": "{count} storage systems", "zh": "{count} 套存储系统"},
    "n_storage_systems_one": {"en": "{count} storage system", "zh": "{count} 套存储系统"},
    "n_domains": {"en": "{count} domains", "zh": "{count} 个域"},
    "n_domains_one": {"en": "{count} domain", "zh": "{count} 个域"},
    "summary_intro": {
        "en": "{customer_phrase}This proposal describes a cluster of {servers} with {gpus} "
        "in {racks}, with {switches} and {storage}.",
        "zh": "{customer_phrase}本方案描述一个由 {servers}（共 {gpus}）组成的集群，"
        "部署于 {racks}，配置 {switches}和 {storage}。",
    },
    "summary_intro_no_storage": {
        "en": "{customer_phrase}This proposal describes a cluster of {servers} with {gpus} "
        "in {racks}, with {switches}; it includes no storage systems yet.",
        "zh": "{customer_phrase}本方案描述一个由 {servers}（共 {gpus}）组成的集群，"
        "部署于 {racks}，配置 {switches}；暂未包含存储系统。",
    },
    "summary_for": {"en": "Prepared for {customer}. ", "zh": "为 {customer} 编制。"},
    "key_figures": {"en": "Key figures", "zh": "关键指标"},
    # -- executive summary prose (summary.py) ------------------------------
    "exec_objective": {"en": "Objective", "zh": "目标"},
    "exec_objective_text": {
        "en": "{customer} plans an AI training cluster of {gpus} {chip}s. This proposal sets out the hardware, how it "
        "is racked, cabled, powered and cooled in {rooms}, and what it costs.",
        "zh": "{customer}计划建设一套共 {gpus} 块 {chip} 的 AI 训练集群。本方案说明所需硬件及其在{rooms}中的上架、"
        "布线、供电与制冷方式，以及相应成本。",
    },
    "exec_the_customer": {"en": "The customer", "zh": "客户"},
    # the same within a sentence
    "exec_the_customer_mid": {"en": "the customer", "zh": "客户"},
    "exec_solution": {"en": "Proposed solution", "zh": "方案概述"},
    "exec_solution_text": {
        "en": "{servers} ({gpus}){other_servers_phrase} in {racks}, {fabric_phrase}"
        "{storage_phrase}. In all {switches} and {cables}. The IT equipment draws up to {power} kW"
        "{facility_phrase} and weighs {weight} kg.",
        "zh": "{servers}（共 {gpus}）{other_servers_phrase}，部署于 {racks}，{fabric_phrase}{storage_phrase}。"
        "全套共 {switches}、{cables}。IT 设备最大功耗 {power} kW{facility_phrase}，总重 {weight} kg。",
    },
    # how the GPU servers are joined: by their compute fabric, or (none) inside one server only
    "exec_fabric_phrase": {
        "en": "joined by a {tiers}-tier {protocol} compute fabric of {fabric_switches} (oversubscription {over}, "
        "bisection bandwidth {bisection})",
        "zh": "由 {fabric_switches}组成的 {tiers} 层 {protocol} 计算网络互连（收敛比 {over}，对分带宽 {bisection}）",
    },
    "exec_no_fabric_single": {
        "en": "its {chip}s joined by {interconnect} with no scale-out fabric (one server)",
        "zh": "单台服务器，{chip} 之间由 {interconnect} 互连，无横向扩展网络",
    },
    "exec_no_fabric": {
        "en": "with no compute fabric between the servers yet",
        "zh": "服务器之间尚无计算网络",
    },
    # a server's GPUs without a named scale-up interconnect in the catalog
    "exec_internal_interconnect": {"en": "the server's internal interconnect", "zh": "服务器内部互连"},
    # the key figures' compute fabric row when there is none
    "no_compute_fabric_single": {"en": "none: one server, its {chip}s joined by {interconnect}",
                                 "zh": "无：单台服务器，{chip} 之间由 {interconnect} 互连"},
    "no_compute_fabric": {"en": "none", "zh": "无"},
    # servers without GPUs (BCM management / head nodes), after the GPU servers
    "exec_other_servers_phrase": {"en": ", plus {count} × {model},", "zh": "，另有 {count} 台 {model}"},
    "exec_storage_phrase": {"en": ", with {count} × {model} for storage", "zh": "，存储采用 {count} 套 {model}"},
    "exec_facility_phrase": {"en": " ({facility} kW at the facility, with cooling and power losses)",
                             "zh": "（计入制冷与配电损耗，设施总功率 {facility} kW）"},
    "exec_price": {"en": "Price", "zh": "价格"},
    "exec_price_text": {
        "en": "The hardware on the bill of materials comes to {total}{incomplete}. It excludes tax, shipping, "
        "installation services, software licences and support{capex_phrase}.",
        "zh": "物料清单所列硬件合计 {total}{incomplete}。不含税费、运输、安装服务、软件许可与技术支持{capex_phrase}。",
    },
    "exec_price_incomplete": {"en": " — a lower bound, {note}", "zh": "（为下限，{note}）"},
    "exec_price_unknown": {"en": " ({note})", "zh": "（{note}）"},
    "exec_capex_phrase": {"en": "; with installation and facility work the capital cost is {capex}",
                          "zh": "；计入安装与设施费用后，资本支出为 {capex}"},
    "exec_risks": {"en": "Top risks and mitigations", "zh": "主要风险与应对"},
    "exec_risk": {"en": "{n}. {title}: {message}. Mitigation: {mitigation}.",
                  "zh": "{n}. {title}：{message}。应对：{mitigation}。"},
    "exec_no_risk": {"en": "The checks found no errors or warnings.", "zh": "检查未发现错误或警告。"},
    "exec_open_question": {"en": "Open question", "zh": "待确认问题"},
    "exec_open_mitigation": {"en": "answer it with {customer} before the order",
                             "zh": "下单前与{customer}确认"},
    "exec_unpriced_title": {"en": "Unpriced parts", "zh": "未报价部件"},
    "exec_unpriced_mitigation": {"en": "request vendor quotes for them before the order",
                                 "zh": "下单前向厂商询价"},
    "exec_review_mitigation": {"en": "resolve it in the detailed design (section 7)",
                               "zh": "在详细设计中解决（见第 7 节）"},
    "exec_next": {"en": "Next steps", "zh": "后续步骤"},
    "exec_next_review": {"en": "Review this proposal and answer the open questions.",
                         "zh": "审阅本方案并答复待确认问题。"},
    "exec_next_quotes": {"en": "Obtain quotes for the parts without a published price.",
                         "zh": "为无公开价格的部件获取报价。"},
    "exec_next_site": {"en": "Survey the site: power feeds, cooling and floor loading against section 6.",
                       "zh": "现场勘查：按第 6 节核对供电、制冷与楼板承重。"},
    "exec_next_acceptance": {
        "en": "Agree the acceptance tests (burn-in, {library} bandwidth, storage throughput), the delivery schedule "
        "and the commercial terms.",
        "zh": "确定验收测试（老化测试、{library} 带宽、存储吞吐）、交付计划与商务条款。",
    },
    "exec_next_acceptance_no_storage": {
        "en": "Agree the acceptance tests (burn-in, {library} bandwidth), the delivery schedule and the commercial "
              "terms.",
        "zh": "确定验收测试（老化测试、{library} 带宽）、交付计划与商务条款。",
    },
    "exec_next_sign": {"en": "Sign off the design; the order follows.", "zh": "签署确认设计方案，随后下单。"},
    "gpus": {"en": "{chip}s", "zh": "{chip} 数量"},
    "servers": {"en": "{chip} servers (nodes)", "zh": "{chip} 服务器（节点）"},
    "racks": {"en": "Racks", "zh": "机柜"},
    "switches": {"en": "Switches", "zh": "交换机"},
    "storage_nodes": {"en": "Storage systems", "zh": "存储系统"},
    # the key figure: physical cables (totals.cables), as the summary's prose and the BOM count them
    "cables": {"en": "Cables", "zh": "线缆"},
    "cables_links_aside": {"en": "{links} links: a splitter or twin-port cable carries several",
                           "zh": "{links} 条链路：一条分支线缆或双端口线缆承载多条"},
    "it_power": {"en": "IT power (maximum / typical)", "zh": "IT 功率（最大 / 典型）"},
    "facility_power": {"en": "Facility power (IT x PUE)", "zh": "设施总功率（IT × PUE）"},
    "heat": {"en": "Heat", "zh": "散热量"},
    "total_weight": {"en": "Total weight", "zh": "总重量"},
    "compute_fabric": {"en": "Compute fabric", "zh": "计算网络"},
    "fabric_line": {
        "en": "{protocol}, {tiers} tiers: {leaf} leaf / {spine} spine / {core} core switches",
        "zh": "{protocol}，{tiers} 层：{leaf} 台叶交换机 / {spine} 台脊交换机 / {core} 台核心交换机",
    },
    # twin-plane compute fabrics (a DGX B300's or GB300 NVL72's ConnectX-8 split over two
    # planes): each plane's switches, and how many planes
    "fabric_line_planes": {
        "en": "{protocol}, {planes} planes of {tiers} tiers: {leaf} leaf / {spine} spine / {core} core switches each",
        "zh": "{protocol}，{planes} 个平面，每平面 {tiers} 层：{leaf} 台叶交换机 / {spine} 台脊交换机 / {core} 台核心交换机",
    },
    "exec_fabric_phrase_planes": {
        "en": "joined by a {tiers}-tier {protocol} compute fabric of {planes} planes, {fabric_switches} in all "
              "(oversubscription {over}, bisection bandwidth {bisection})",
        "zh": "由 {planes} 个平面共 {fabric_switches}组成的 {tiers} 层 {protocol} 计算网络互连（收敛比 {over}，对分带宽 {bisection}）",
    },
    "fabric_line_one": {
        "en": "{protocol}, {tiers} tier: {leaf} leaf / {spine} spine / {core} core switches",
        "zh": "{protocol}，{tiers} 层：{leaf} 台叶交换机 / {spine} 台脊交换机 / {core} 台核心交换机",
    },
    "oversubscription": {"en": "Oversubscription", "zh": "收敛比"},
    "bisection": {"en": "Bisection bandwidth", "zh": "对分带宽"},
    "hardware_cost": {"en": "Hardware cost (BOM)", "zh": "硬件成本（物料清单）"},
    "errors_title": {"en": "Errors to resolve before ordering ({count})", "zh": "下单前须解决的错误（{count} 项）"},
    "no_errors": {"en": "The checks found no errors.", "zh": "检查未发现错误。"},
    "risks_title": {"en": "Warnings ({warnings}) and open points ({open})", "zh": "警告（{warnings} 项）与待定事项（{open} 项）"},
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
    "coolant_supply_rooms": {"en": "Coolant supply to the racks (the CDUs' supply temperature): {rooms}.",
                             "zh": "机柜供液温度（CDU 供液温度）：{rooms}。"},
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
    "storage_target": {"en": "Storage read per {chip} (GB/s)", "zh": "每 {chip} 存储读带宽（GB/s）"},
    "security_answer": {"en": "Data security and compliance covered", "zh": "数据安全与合规已覆盖"},
    "compliance_notes": {"en": "Compliance notes", "zh": "合规说明"},
    "assumptions": {"en": "Assumptions", "zh": "假设"},
    "supplied_heading": {"en": "Figures supplied, not published", "zh": "用户提供（非厂商公布）的数据"},
    "supplied_intro": {"en": "The vendor publishes no figure for the following; the values were supplied by the "
                             "design's author and every power, cooling and weight figure of this proposal that "
                             "depends on them rests on them. Confirm them with the vendor before ordering.",
                       "zh": "以下数据厂商未公布，由本设计的作者提供；本方案中依赖这些数据的功耗、散热和重量数字均以其为准。"
                             "下单前请向厂商确认。"},
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
        "a part without a price is marked \"price unknown\", every total it belongs to reads \"≥\" (a lower "
        "bound) and no break-even is stated from an incomplete CAPEX.",
        "zh": "价格取自本设计的价目表，否则取产品目录标价（估算）；没有价格的部件标为“价格未知”，"
        "含有此类部件的合计均标为“≥”（仅为下限），资本支出不完整时不给出盈亏平衡利用率。",
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
    "fail_value": {"en": "-{pct} % bandwidth, {cut} cut off", "zh": "带宽 -{pct}%，{cut} 个终端断开"},
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
        "en": "{errors}, {warnings}, {notes}.",
        "zh": "{errors}，{warnings}，{notes}。",
    },
    "count_errors": {"en": "{count} errors", "zh": "{count} 个错误"},
    "count_errors_one": {"en": "{count} error", "zh": "{count} 个错误"},
    "count_warnings": {"en": "{count} warnings", "zh": "{count} 个警告"},
    "count_warnings_one": {"en": "{count} warning", "zh": "{count} 个警告"},
    "count_notes": {"en": "{count} notes", "zh": "{count} 条提示"},
    "count_notes_one": {"en": "{count} note", "zh": "{count} 条提示"},
    "severity_error": {"en": "Error", "zh": "错误"},
    "severity_warning": {"en": "Warning", "zh": "警告"},
    "severity_info": {"en": "Note", "zh": "提示"},
    "severity": {"en": "Severity", "zh": "级别"},
    "finding": {"en": "Finding", "zh": "检查结果"},
    "fix": {"en": "Fix: {hint}", "zh": "建议：{hint}"},
    "checklist": {"en": "Checklist", "zh": "检查清单"},
    "question": {"en": "Question", "zh": "问题"},
    "answer": {"en": "Answer", "zh": "答复"},
    "based_on": {"en": "Based on", "zh": "依据"},
    "q_network": {"en": "Is network bandwidth enough?", "zh": "网络带宽是否足够？"},
    "q_storage": {"en": "Does storage throughput keep up?", "zh": "存储吞吐能否满足需求？"},
    "q_fault_tolerance": {"en": "Is there fault tolerance?", "zh": "是否具备容错能力？"},
    "q_power_cooling": {"en": "Are power and cooling planned?", "zh": "供电与制冷是否已规划？"},
    "q_security": {"en": "Are data security and compliance covered?", "zh": "数据安全与合规是否已覆盖？"},
    "q_cabling": {"en": "Can every cable be built as planned?", "zh": "所有线缆能否按规划制作与敷设？"},
    # -- BOM --------------------------------------------------------------
    "bom_intro": {
        "en": "Every part the design needs. Prices in {currency}, excluding tax and services; \"{np}\" marks "
        "parts without a price; a total that leaves them out reads \"≥\" and is a lower bound.",
        "zh": "本设计所需的全部部件。价格单位 {currency}，不含税及服务；“{np}”表示没有价格的部件；"
        "未计入这些部件的合计标为“≥”，仅为下限。",
    },
    "price_not_published": {"en": "price not published", "zh": "价格未公布"},
    # -- totals that leave out unpriced parts (designer/report/incomplete.py) --
    "price_unknown": {"en": "price unknown", "zh": "价格未知"},
    "at_least": {"en": "≥ {amount}", "zh": "≥ {amount}"},
    "incomplete_parts": {"en": "incomplete: {count} parts unpriced ({parts})",
                         "zh": "不完整：{count} 项部件无价格（{parts}）"},
    "incomplete_parts_one": {"en": "incomplete: {count} part unpriced ({parts})",
                             "zh": "不完整：{count} 项部件无价格（{parts}）"},
    # the same list after a title that already says the parts are unpriced
    "unpriced_parts": {"en": "{count} parts have no price ({parts})", "zh": "{count} 项部件无价格（{parts}）"},
    "unpriced_parts_one": {"en": "{count} part has no price ({parts})", "zh": "{count} 项部件无价格（{parts}）"},
    "incomplete_more": {"en": " … +{count}", "zh": " 等另 {count} 项"},
    "break_even_not_stated": {"en": "not stated: CAPEX incomplete", "zh": "不予给出：资本支出不完整"},
    "risk_unpriced": {"en": "Costs: {note}; the hardware total, CAPEX and TCO are lower bounds.",
                      "zh": "成本：{note}；硬件合计、资本支出与总体拥有成本均为下限。"},
    "with_note": {"en": "{total}; {note}", "zh": "{total}；{note}"},
    # the chart's title is one line: which parts are unpriced is said in the table above it
    "lower_bound_chart": {"en": "{title}; build is a lower bound (CAPEX incomplete, see above)",
                          "zh": "{title}；自建为下限（资本支出不完整，见上表）"},
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
    "scaling_chart": {"en": "Scaling efficiency against {chip}s", "zh": "扩展效率与 {chip} 数量"},
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
    "cloud_total_line": {"en": "Cloud: {gpus} {chip}s at {price} per {chip}-hour", "zh": "云租用：{gpus} 块 {chip}，每卡时 {price}"},
    "build_cost_per_gpu_hour": {"en": "Build cost per {chip}-hour used", "zh": "自建每卡时成本"},
    "break_even_full": {"en": "Break-even utilisation (full CAPEX)", "zh": "盈亏平衡利用率（全部资本支出）"},
    "never": {"en": "building never wins", "zh": "自建始终更贵"},
    "algorithm": {"en": "Algorithm", "zh": "算法"},
    "time_ms": {"en": "Time (ms)", "zh": "耗时（毫秒）"},
    "algbw": {"en": "Algorithm bandwidth (GB/s)", "zh": "算法带宽（GB/s）"},
    "busbw": {"en": "Bus bandwidth (GB/s)", "zh": "总线带宽（GB/s）"},
    "allreduce_intro": {
        "en": "All-reduce of {mb} MB per {chip} over {gpus} {chip}s ({nodes}); fabric {inter} GB/s per {chip}, "
              "{link} {intra} per {chip}, oversubscription {ratio}.",
        "zh": "每 {chip} {mb} MB 的 All-reduce，共 {gpus} 块 {chip}（{nodes}）；网络每 {chip} {inter} GB/s，"
              "{link} 每 {chip} {intra}，收敛比 {ratio}。",
    },
    "allreduce_intro_one_domain": {
        "en": "All-reduce of {mb} MB per {chip} over {gpus} {chip}s ({nodes}), all inside one {link} domain at {intra} "
              "per {chip}; at this size no all-reduce traffic crosses the scale-out fabric.",
        "zh": "每 {chip} {mb} MB 的 All-reduce，共 {gpus} 块 {chip}（{nodes}），全部在同一个 {link} 域内完成，"
              "每 {chip} {intra}；在此规模下 All-reduce 流量不经过横向扩展网络。",
    },

    # where the scale-up link's bandwidth is unpublished (the estimate takes it as 0, review 54)
    "allreduce_intro.unpublished": {
        "en": "All-reduce of {mb} MB per {chip} over {gpus} {chip}s ({nodes}); fabric {inter} GB/s per {chip}, "
              "{link} bandwidth per {chip} unpublished (taken as 0), oversubscription {ratio}.",
        "zh": "每 {chip} {mb} MB 的 All-reduce，共 {gpus} 块 {chip}（{nodes}）；网络每 {chip} {inter} GB/s，"
              "每 {chip} 的 {link} 带宽未公布（按 0 计），收敛比 {ratio}。",
    },
    "allreduce_intro_one_domain.unpublished": {
        "en": "All-reduce of {mb} MB per {chip} over {gpus} {chip}s ({nodes}), all inside one {link} domain, whose "
              "bandwidth per {chip} is unpublished (taken as 0); at this size no all-reduce traffic crosses the "
              "scale-out fabric.",
        "zh": "每 {chip} {mb} MB 的 All-reduce，共 {gpus} 块 {chip}（{nodes}），全部在同一个 {link} 域内完成，"
              "其每 {chip} 带宽未公布（按 0 计）；在此规模下 All-reduce 流量不经过横向扩展网络。",
    },

    "read_required": {"en": "Read throughput needed", "zh": "所需读带宽"},
    "read_available": {"en": "Read throughput available", "zh": "可用读带宽"},
    "read_no_storage": {"en": "none: the design has no storage system", "zh": "无：本设计不含存储系统"},
    "checkpoint_size": {"en": "Checkpoint size", "zh": "检查点大小"},
    "checkpoint_write": {"en": "Checkpoint write time", "zh": "检查点写入时间"},
    "tier": {"en": "Tier", "zh": "层级"},
    "capacity_tb": {"en": "Capacity (TB)", "zh": "容量（TB）"},
    "media": {"en": "Media", "zh": "介质"},
    "tier_hot": {"en": "hot", "zh": "热层"},
    "tier_warm": {"en": "warm", "zh": "温层"},
    "tier_cold": {"en": "cold", "zh": "冷层"},
    "stage_gpus": {"en": "{chip}s", "zh": "{chip} 数"},
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
    # -- scope, delivery and sign-off (delivery.py) --------------------------
    "dl_other_servers": {"en": ", {count} servers without {chip}s (management)", "zh": "、{count} 台无 {chip} 的管理服务器"},
    # the storage systems in the scope's list, left out when there are none
    "dl_storage": {"en": "{count} storage systems, ", "zh": "{count} 套存储系统、"},
    "dl_storage_one": {"en": "{count} storage system, ", "zh": "{count} 套存储系统、"},
    "dl_scope": {"en": "Scope", "zh": "范围"},
    "dl_included": {
        "en": "Included: the hardware on the bill of materials (section 8) — {servers}{other_servers}, "
        "{switches}, "
        "{storage}{racks} with {pdus} PDUs, {cables} and {optics} transceivers — and the "
        "rack layout, cabling and power plan of this proposal.",
        "zh": "包含：物料清单（第 8 节）所列硬件——{servers}{other_servers}、{switches}、{storage}"
        "{racks}及 {pdus} 台 PDU、{cables}和 {optics} 个光模块——以及本方案中的机柜布局、布线与供电规划。",
    },
    "dl_excluded": {
        "en": "Not included unless agreed separately: building works, room power and cooling plant, tax, shipping and "
        "insurance, software licences and subscriptions, installation and support services{unpriced}.",
        "zh": "除另行约定外不包含：土建工程、机房供电与制冷设施、税费、运输与保险、软件许可与订阅、安装与支持服务{unpriced}。",
    },
    "dl_excluded_unpriced": {"en": ", and the prices of the parts without one ({parts})",
                             "zh": "，以及无价格部件（{parts}）的费用"},
    "dl_software": {"en": "Software and licences", "zh": "软件与许可"},
    # {stack_software}: the accelerator vendor's driver, runtime and collective library
    # (designer/catalog/software_stack.py: "GPU drivers, CUDA and NCCL" on NVIDIA's GPUs)
    "dl_software_text": {
        "en": "To be agreed and quoted separately (not in the prices of this proposal): the servers' operating system, "
        "{stack_software}; cluster management and a job scheduler; {fabric_software}.",
        "zh": "需另行约定并单独报价（不含在本方案价格内）：服务器操作系统、{stack_software}；集群管理与作业调度软件；"
        "{fabric_software}。",
    },
    "dl_fabric_ib": {"en": "the InfiniBand fabric manager (subnet manager)", "zh": "InfiniBand 网络管理软件（子网管理器）"},
    "dl_fabric_eth": {"en": "the Ethernet switches' network operating system", "zh": "以太网交换机网络操作系统"},
    "dl_install": {"en": "Installation and acceptance", "zh": "安装与验收"},
    "dl_install_steps": {
        "en": "Racking and cabling as planned ({links} in {racks}), power-on and firmware alignment; then "
        "the acceptance tests below. Durations and pass marks are agreed before delivery.",
        "zh": "按规划上架与布线（{racks}、{links}），加电并统一固件版本；随后进行以下验收测试。"
        "测试时长与通过标准在交付前约定。",
    },
    "dl_test": {"en": "Test", "zh": "测试"},
    "dl_criterion": {"en": "What it shows", "zh": "验证内容"},
    "dl_test_burnin": {"en": "Burn-in", "zh": "老化测试"},
    "dl_test_burnin_text": {"en": "every {chip} server under full load; no hardware errors",
                            "zh": "每台 {chip} 服务器满载运行，无硬件错误"},
    "dl_test_burnin_text_trays": {"en": "every compute tray of every rack-scale system under full load; no hardware "
                                        "errors",
                                  "zh": "每套机柜级系统的每个计算托盘满载运行，无硬件错误"},
    "dl_test_nccl": {"en": "{library} all-reduce", "zh": "{library} All-reduce"},
    "dl_test_nccl_text": {"en": "all {gpus} {chip}s in one job; bus bandwidth as agreed",
                          "zh": "全部 {gpus} 块 {chip} 同时参与；总线带宽达到约定值"},
    "dl_test_storage": {"en": "Storage throughput", "zh": "存储吞吐"},
    "dl_test_storage_text": {"en": "read throughput of {target} GB/s per {chip} (the design target)",
                             "zh": "每 {chip} 读取吞吐 {target} GB/s（设计目标）"},
    "dl_test_storage_unset": {"en": "read throughput as agreed (no design target set)",
                              "zh": "读取吞吐达到约定值（未设定设计目标）"},
    "dl_test_failover": {"en": "Failover", "zh": "故障切换"},
    # the estimate inputs named for another vendor's accelerators (inputs.py; on NVIDIA's, INPUT_LABELS)
    "input_other_stack.communication.nic_efficiency": {
        "en": "Achieved share of a NIC's line rate (NVIDIA's measured figure, assumed for {library})",
        "zh": "网卡线速实际利用比例（NVIDIA 实测值，假定 {library} 相同）"},
    "input_other_stack.communication.nvlink_efficiency": {
        "en": "Achieved share of the {link} line rate (NVIDIA's measured figure, assumed for {library})",
        "zh": "{link} 线速实际利用比例（NVIDIA 实测值，假定 {library} 相同）"},
    "input_other_stack.communication.nvls_efficiency": {
        "en": "In-switch all-reduce algbw, share of the line rate (NVIDIA NVSwitch systems only)",
        "zh": "交换机内 All-reduce 算法带宽占线速比例（仅 NVIDIA NVSwitch 系统）"},
    "input_other_stack.communication.nvls": {
        "en": "In-switch reduction (NVIDIA NVLS) available (else from the catalog)",
        "zh": "是否支持交换机内归约（NVIDIA NVLS）（否则按产品目录判断）"},
    "input_other_stack.communication.scale_up_gpus": {
        "en": "{chip}s per {link} domain (else {chip}s per server)",
        "zh": "每个 {link} 域的 {chip} 数（否则取每台服务器的 {chip} 数）"},
    "dl_test_failover_text": {"en": "a power feed and a fabric link removed in turn; service continues as planned",
                              "zh": "依次断开一路供电与一条网络链路，服务按规划持续"},
    "dl_test_failover_single": {"en": "a power feed removed; service continues as planned (no compute fabric "
                                      "is cabled: there is no fabric link to fail over)",
                                "zh": "断开一路供电，服务按规划持续（未布线计算网络，无网络链路可做切换）"},
    "dl_terms": {"en": "Support, delivery and commercial terms", "zh": "支持、交付与商务条款"},
    "dl_warranty": {"en": "Warranty and support", "zh": "保修与支持"},
    "dl_warranty_text": {"en": "vendors' standard warranty; support level to be agreed",
                         "zh": "厂商标准保修；支持级别待约定"},
    "dl_schedule": {"en": "Delivery schedule", "zh": "交付计划"},
    "dl_schedule_unset": {"en": "to be agreed", "zh": "待约定"},
    "dl_lead_times": {"en": "Lead times", "zh": "供货周期"},
    "dl_lead_times_text": {"en": "to be confirmed with the vendors at order", "zh": "下单时与厂商确认"},
    "dl_validity": {"en": "Validity of prices", "zh": "价格有效期"},
    "dl_validity_text": {"en": "list prices and estimates as of {date}; binding prices by quotation",
                         "zh": "截至 {date} 的目录价与估价；以正式报价为准"},
    "dl_payment": {"en": "Payment terms", "zh": "付款条款"},
    "dl_revisions": {"en": "Revision history", "zh": "修订记录"},
    "dl_note": {"en": "Note", "zh": "说明"},
    "dl_this_revision": {"en": "this proposal", "zh": "本方案"},
    "dl_sign": {"en": "Sign-off", "zh": "签署"},
    "dl_for": {"en": "For {party}", "zh": "{party}"},
    "dl_name": {"en": "Name", "zh": "姓名"},
    "dl_signature": {"en": "Signature", "zh": "签名"},
    "dl_integrator": {"en": "the integrator", "zh": "集成商"},
    # -- engineering appendix (what the customer body leaves out) ----------
    "engineering_intro": {
        "en": "For the integrator's engineers: every finding of the design checks with its code and the "
        "suggested fix, the figures the vendors do not publish, and the catalog part and price source "
        "behind each line of the bill of materials.",
        "zh": "供集成商工程师参考：设计检查的全部结论及其代码与处理建议、厂商未公布的参数，"
        "以及物料清单每一行对应的目录部件与价格来源。",
    },
    "findings_left_out": {
        "en": "{count} of them, on figures the vendors do not publish, are listed in the integrator's engineering "
        "edition, not below.",
        "zh": "其中 {count} 条涉及厂商未公布的数据，列于集成商的工程版，未列于下表。",
    },
    "findings_left_out_one": {
        "en": "{count} of them, on a figure the vendor does not publish, is listed in the integrator's engineering "
        "edition, not below.",
        "zh": "其中 {count} 条涉及厂商未公布的数据，列于集成商的工程版，未列于下表。",
    },
    "findings_left_out_internal_one": {
        "en": "{count} of them, on a figure the vendor does not publish, is listed in the engineering appendix, "
        "not below.",
        "zh": "其中 {count} 条涉及厂商未公布的数据，见附录“工程说明”，未列于下表。",
    },
    "findings_left_out_internal": {
        "en": "{count} of them, on figures the vendors do not publish, are listed in the engineering appendix, "
        "not below.",
        "zh": "其中 {count} 条涉及厂商未公布的数据，见附录“工程说明”，未列于下表。",
    },
    "findings_in_appendix": {
        "en": "Check codes and suggested fixes are listed in the engineering appendix.",
        "zh": "检查代码与处理建议见附录“工程说明”。",
    },
    "code": {"en": "Code", "zh": "代码"},
    "fix_column": {"en": "Suggested fix", "zh": "处理建议"},
    "catalog_part": {"en": "Catalog part", "zh": "目录部件"},
    "bom_provenance": {"en": "Bill of materials: catalog parts and price sources",
                       "zh": "物料清单：目录部件与价格来源"},
    "manufacturer": {"en": "Manufacturer", "zh": "制造商"},
    "part_number": {"en": "Part number (OPN)", "zh": "订货料号（OPN）"},
    "part_number_note": {"en": "Part number note", "zh": "料号说明"},
    "no_part_number": {"en": "to be confirmed", "zh": "待确认"},
}

# -- Chinese throughout and the procurement BOM (issue 16) ---------------------
MESSAGES.update({
    # CSV column headers of a Chinese BOM (the English CSV keeps its stable keys)
    "csv_section": {"en": "section", "zh": "类别"},
    "csv_part": {"en": "part", "zh": "部件代码"},
    "csv_description": {"en": "description", "zh": "说明"},
    "csv_quantity": {"en": "quantity", "zh": "安装数量"},
    "csv_unit_price": {"en": "unit_price", "zh": "单价"},
    "csv_total": {"en": "total", "zh": "小计"},
    "csv_currency": {"en": "currency", "zh": "币种"},
    "csv_price_source": {"en": "price_source", "zh": "价格来源"},
    "csv_manufacturer": {"en": "manufacturer", "zh": "制造商"},
    "csv_part_number": {"en": "part_number", "zh": "订货料号（OPN）"},
    "csv_part_number_note": {"en": "part_number_note", "zh": "料号说明"},
    "csv_spares": {"en": "spares", "zh": "备件"},
    "csv_order_quantity": {"en": "order_quantity", "zh": "订货数量"},
    # why a line has no part number
    "pn_none_device": {"en": "no part number in the catalog entry's sources", "zh": "产品资料未给出订货料号"},
    "pn_none_part": {"en": "no catalog part serves this line's links", "zh": "目录中没有适用于这些链路的部件"},
    "pn_none_length": {"en": "no part number published for this length", "zh": "该长度未公布订货料号"},
    "pn_none_flat": {"en": "no flat-top variant published for this length", "zh": "该长度未公布平顶型号"},
    "pn_none_commodity": {"en": "commodity cord made to length; no vendor part number",
                          "zh": "通用线缆，按长度定制；无厂商订货料号"},
    "pn_none_catalog": {"en": "no vendor part number (see the catalog entry)", "zh": "无厂商订货料号（见产品目录说明）"},
    # spares
    "spares": {"en": "Spares", "zh": "备件"},
    "order_qty": {"en": "Order qty", "zh": "订货数量"},
    "spares_note": {"en": "Cables and transceivers include {pct} % spares (rounded up per line); "
                          "quantity is what is installed, order quantity what is ordered and priced.",
                    "zh": "线缆与光模块含 {pct} % 备件（每行向上取整）；安装数量为实际安装数，订货数量为采购并计价的数量。"},
    "no_spares_note": {"en": "Quantities are what is installed; no spares are included.",
                       "zh": "数量为实际安装数，未含备件。"},
    "incomplete_short": {"en": "incomplete: a lower bound", "zh": "不完整，为下限"},
    "unpriced_note_one": {
        "en": "{count} part has no published price and is not in the total: {parts}.",
        "zh": "{count} 种部件未公布价格，未计入总计：{parts}。",
    },
    # growth stages: what a stage adds
    "stage_kind_server": {"en": "{count} servers", "zh": "{count} 台服务器"},
    "stage_kind_server_one": {"en": "{count} server", "zh": "{count} 台服务器"},
    "stage_kind_switch": {"en": "{count} switches", "zh": "{count} 台交换机"},
    "stage_kind_switch_one": {"en": "{count} switch", "zh": "{count} 台交换机"},
    "stage_kind_storage": {"en": "{count} storage systems", "zh": "{count} 套存储"},
    "stage_kind_storage_one": {"en": "{count} storage system", "zh": "{count} 套存储"},
    "stage_kind_pdu": {"en": "{count} PDUs", "zh": "{count} 台 PDU"},
    "stage_kind_pdu_one": {"en": "{count} PDU", "zh": "{count} 台 PDU"},
    "stage_kind_other": {"en": "{count} other devices", "zh": "{count} 台其他设备"},
    "stage_kind_other_one": {"en": "{count} other device", "zh": "{count} 台其他设备"},
    "stage_racks": {"en": "{count} racks", "zh": "{count} 个机柜"},
    "stage_racks_one": {"en": "{count} rack", "zh": "{count} 个机柜"},
    "pn_with_reason": {"en": "to be confirmed: {reason}", "zh": "待确认：{reason}"},
    "endpoints_box_one": {"en": "{count} endpoint", "zh": "{count} 个终端"},
    "years_one": {"en": "{n} year", "zh": "{n} 年"},
    # rack elevations of a large design, one per rack type
    "rack_type_title": {"en": "{name} ×{count}", "zh": "{name} ×{count}"},
    "elevations_by_type_title": {"en": "One elevation per rack type, named after its first rack   ({page}/{pages})",
                                 "zh": "每种机柜配置一张立面图，以其第一个机柜命名（{page}/{pages}）"},
    "rack_types_heading": {"en": "Racks of each type", "zh": "各配置的机柜"},
    "rack_types_intro": {"en": "Racks of one type hold the same devices at the same positions in the same rack "
                                "model; device names in the drawing are those of the type's first rack.",
                         "zh": "同一配置的机柜型号相同，且设备型号与安装位置完全相同；图中设备名称取自该配置的第一个机柜。"},
    "rack_type": {"en": "Rack type", "zh": "机柜配置"},
    "racks_count": {"en": "Racks", "zh": "数量"},
    "rack_model": {"en": "Rack model", "zh": "机柜型号"},
    "kw_each": {"en": "Max kW each", "zh": "单柜最大 kW"},
    "racks_of_type": {"en": "Racks", "zh": "机柜"},
    # floor plan
    "scale_up_line": {"en": "Scale-up: {interconnect} joins the {chip}s of each {model} ({gpus} {chip}s per domain, "
                             "{domains}). Between domains — tensor parallelism beyond {gpus} {chip}s, data and "
                             "pipeline parallelism, storage — every byte crosses the scale-out fabrics below, through "
                             "each {chip}'s own network port.",
                      "zh": "纵向扩展：每台 {model} 内的 {chip} 由 {interconnect} 互联（每个域 {gpus} 块 {chip}，共 {domains}）。"
                            "域与域之间的通信——超过 {gpus} 块 {chip} 的张量并行、数据并行与流水线并行以及存储访问——"
                            "全部经由下文的横向扩展网络，通过每块 {chip} 自己的网络端口。"},
    "scale_up_line_one": {"en": "Scale-up: {interconnect} joins the {chip}s of each {model} ({gpus} {chip}s per domain, "
                                 "{domains}). With one domain, tensor, data and pipeline parallelism all stay on "
                                 "{interconnect}: the fabrics below carry no collective traffic (storage and management "
                                 "only).",
                          "zh": "纵向扩展：每台 {model} 内的 {chip} 由 {interconnect} 互联（每个域 {gpus} 块 {chip}，共 {domains}）。"
                                "只有一个域时，张量并行、数据并行与流水线并行全部在 {interconnect} 上完成："
                                "下文的网络不承载集合通信流量（仅用于存储与管理）。"},
    # the bar under the leaves: whatever is cabled to them (servers, storage, and on a management
    # network switches' and PDUs' own ports), counted
    "topology_endpoints_legend": {"en": "endpoints (the devices cabled to the leaves, counted)",
                                  "zh": "终端（接入叶交换机的设备，计数）"},
    "scale_up_own": {"en": "the {chip}s' own interconnect", "zh": "{chip} 自身的互联"},
    "cold_aisle": {"en": "cold aisle", "zh": "冷通道"},
    "hot_aisle": {"en": "hot aisle", "zh": "热通道"},
    "unit_m": {"en": "m", "zh": "米"},
    # chart axes
    "axis_utilisation": {"en": "{chip} utilisation", "zh": "{chip} 利用率"},
    "axis_cost": {"en": "Cost over {years} years ({currency})", "zh": "{years} 年总成本（{currency}）"},
    "axis_gpus": {"en": "{chip}s (log scale)", "zh": "{chip} 数量（对数刻度）"},
    "axis_efficiency": {"en": "Scaling efficiency", "zh": "扩展效率"},
    # project inputs on the cover and in the terms
    "company": {"en": "Company", "zh": "公司"},
    "contact": {"en": "Contact", "zh": "联系人"},
    "dl_support": {"en": "Support", "zh": "技术支持"},
    "dl_validity_days": {"en": "{days} days from {date} (until {until}); binding prices by quotation",
                         "zh": "自 {date} 起 {days} 天（至 {until}）；以正式报价为准"},
})

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
    "CABLE_NO_PART": {"en": "Cable or optic not in the catalog", "zh": "目录中无对应线缆或光模块"},
    "CABLE_TOO_SHORT": {"en": "Cable too short", "zh": "线缆长度不足"},
    "OVERSUBSCRIPTION_ABOVE_TARGET": {"en": "Oversubscription above target", "zh": "收敛比高于目标"},
    "FABRIC_PARTITIONED": {"en": "Fabric partitioned", "zh": "网络分区"},
    "FABRIC_WITHOUT_LINKS": {"en": "Fabric without links", "zh": "网络无链路"},
    "SINGLE_POINT_OF_FAILURE": {"en": "Single point of failure", "zh": "单点故障"},
    "STORAGE_THROUGHPUT_LOW": {"en": "Storage throughput low", "zh": "存储吞吐不足"},
    "ROCE_HEADROOM_EXCEEDS_BUFFER": {"en": "RoCE headroom above the switch buffer", "zh": "RoCE 预留缓存超过交换机缓存"},
    "NO_COMPUTE_FABRIC": {"en": "No compute fabric", "zh": "缺少计算网络"},
    "FIGURE_UNKNOWN": {"en": "Figure not published", "zh": "参数未公布"},
    "WEIGHT_UNKNOWN": {"en": "Weight not published", "zh": "重量未公布"},
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
    "cost.cloud_price_per_gpu_hour": {"en": "Cloud price per {chip} hour", "zh": "云 {chip} 每小时价格"},
    "communication.message_mb": {"en": "All-reduce message per {chip} (MB)", "zh": "每 {chip} All-reduce 消息量（MB）"},
    "communication.alpha_intra_us": {"en": "Step latency inside a server (µs)", "zh": "服务器内单步时延（µs）"},
    "communication.alpha_inter_us": {"en": "Step latency across the fabric (µs)", "zh": "跨网络单步时延（µs）"},
    "communication.link_efficiency": {"en": "Achieved share of link bandwidth", "zh": "链路带宽实际利用比例"},
    "communication.nic_efficiency": {"en": "NCCL: achieved share of a NIC's line rate", "zh": "NCCL：网卡线速实际利用比例"},
    "communication.nvlink_efficiency": {"en": "NCCL: achieved share of the NVLink line rate",
                                        "zh": "NCCL：NVLink 线速实际利用比例"},
    "communication.nvls_efficiency": {"en": "NCCL: NVLink SHARP all-reduce algbw (share of NVLink line rate)",
                                      "zh": "NCCL：NVLink SHARP All-reduce 算法带宽（占 NVLink 线速比例）"},
    "communication.nvls": {"en": "NVLink SHARP (NVLS) available (else from the catalog)",
                           "zh": "是否支持 NVLink SHARP（NVLS）（否则按产品目录判断）"},
    "communication.sharp": {"en": "In-network reduction (SHARP) available (else from the catalog)",
                            "zh": "是否支持网内归约（SHARP）（否则按产品目录判断）"},
    "communication.scale_up_gpus": {"en": "{chip}s per NVLink domain (else {chip}s per server)",
                                    "zh": "每个 NVLink 域的 {chip} 数（否则取每台服务器的 {chip} 数）"},
    "scaling.model_parameters_billion": {"en": "Model parameters (billion)", "zh": "模型参数量（十亿）"},
    "scaling.bytes_per_gradient": {"en": "Bytes per gradient", "zh": "每个梯度字节数"},
    "scaling.step_compute_s": {"en": "Compute time per step (s)", "zh": "每步计算时间（秒）"},
    "scaling.overlap": {"en": "Communication hidden behind compute (share)", "zh": "通信与计算重叠比例"},
    "workload.parameters_billion": {"en": "Workload: model parameters (billion)", "zh": "训练任务：模型参数量（十亿）"},
    "workload.tokens_billion": {"en": "Workload: training tokens (billion)", "zh": "训练任务：训练 token 数（十亿）"},
    "workload.sequence_length": {"en": "Workload: sequence length (tokens)", "zh": "训练任务：序列长度（token）"},
    "workload.global_batch_sequences": {"en": "Workload: global batch (sequences)", "zh": "训练任务：全局批大小（序列数）"},
    "workload.micro_batch_sequences": {"en": "Workload: micro-batch (sequences)", "zh": "训练任务：微批大小（序列数）"},
    "workload.precision": {"en": "Workload: precision", "zh": "训练任务：精度"},
    "workload.optimizer": {"en": "Workload: optimizer", "zh": "训练任务：优化器"},
    "workload.zero_stage": {"en": "Workload: ZeRO stage", "zh": "训练任务：ZeRO 阶段"},
    "workload.recompute": {"en": "Workload: activation recomputation", "zh": "训练任务：激活重计算"},
    "workload.tensor_parallel": {"en": "Workload: tensor parallel size (else chosen)", "zh": "训练任务：张量并行度（否则自动选择）"},
    "workload.pipeline_parallel": {"en": "Workload: pipeline parallel size (else chosen)",
                                   "zh": "训练任务：流水线并行度（否则自动选择）"},
    "workload.data_parallel": {"en": "Workload: data parallel size (else chosen)", "zh": "训练任务：数据并行度（否则自动选择）"},
    "workload.layers": {"en": "Workload: layers (else derived)", "zh": "训练任务：层数（否则推算）"},
    "workload.hidden_size": {"en": "Workload: hidden size (else derived)", "zh": "训练任务：隐藏维度（否则推算）"},
    "workload.attention_heads": {"en": "Workload: attention heads (else derived)", "zh": "训练任务：注意力头数（否则推算）"},
    "workload.peak_tflops_per_gpu": {"en": "Workload: peak dense TFLOPS per {chip} (else the datasheet's)",
                                     "zh": "训练任务：每 {chip} 稠密峰值 TFLOPS（否则取规格书值）"},
    "workload.mfu": {"en": "Workload: model FLOPs utilisation", "zh": "训练任务：模型算力利用率（MFU）"},
    "roce.mtu_bytes": {"en": "RoCE: largest frame (bytes)", "zh": "RoCE：最大帧长（字节）"},
    "roce.cable_delay_ns_per_m": {"en": "RoCE: cable delay (ns per m)", "zh": "RoCE：线缆时延（纳秒/米）"},
    "roce.response_bits_by_speed_gbps": {"en": "RoCE: PAUSE response time by speed (bit times)",
                                         "zh": "RoCE：按速率的 PAUSE 响应时间（比特时间）"},
    "roce.switch_buffer_mb": {"en": "RoCE: switch packet buffer by type (MB)", "zh": "RoCE：各型号交换机包缓存（MB）"},
    "roce.lossless_priorities": {"en": "RoCE: lossless priorities", "zh": "RoCE：无损优先级数"},
    "storage.samples_per_second_per_gpu": {"en": "Samples per second per {chip}", "zh": "每 {chip} 每秒样本数"},
    "storage.sample_size_mb": {"en": "Sample size (MB)", "zh": "样本大小（MB）"},
    "storage.checkpoint_bytes_per_parameter": {"en": "Checkpoint bytes per parameter", "zh": "每参数检查点字节数"},
    "storage.checkpoints_kept": {"en": "Checkpoints kept", "zh": "保留检查点数"},
    "storage.dataset_tb": {"en": "Dataset (TB)", "zh": "数据集（TB）"},
    "storage.hot_share": {"en": "Share of the dataset on NVMe", "zh": "数据集在 NVMe 上的比例"},
    "storage.archive_copies": {"en": "Archive copies", "zh": "归档副本数"},
    "storage.read_per_node_gbytes_s": {"en": "Read demand per {chip} server (GB/s; else samples x size)",
                                       "zh": "每台 {chip} 服务器的读带宽需求（GB/s；否则按样本数 × 样本大小）"},
    "storage.read_tiers_per_node_gbytes_s": {"en": "Read tiers per {chip} server (GB/s, e.g. the RA's Good/Better/Best)",
                                             "zh": "每台 {chip} 服务器的读带宽分级（GB/s，如参考架构的 Good/Better/Best）"},
}

# The performance section's, the estimates panel's and the POC appendix's words (issue 12) live in
# their own module; registered here so the Translator finds them like the rest.
from designer.report.i18n_performance import PERFORMANCE_MESSAGES  # noqa: E402

MESSAGES.update(PERFORMANCE_MESSAGES)

# issue 11 (hardware)
CODE_TITLES["RACK_LIQUID_COOLING_MISSING"] = {"en": "Liquid-cooled part without liquid cooling",
                                              "zh": "液冷设备所在机柜无液冷"}
CODE_TITLES["COOLANT_SUPPLY_TOO_WARM"] = {"en": "Coolant supply too warm", "zh": "供液温度过高"}

# issue 16 item 6: the scalable-unit drawing's words, in their own module
from designer.report.i18n_su import SU_MESSAGES  # noqa: E402

MESSAGES.update(SU_MESSAGES)

register("report.proposal", MESSAGES)
register("report.code_titles", CODE_TITLES, kind="code_titles")
register("report.input_labels", INPUT_LABELS, kind="input_labels")
