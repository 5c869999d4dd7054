"""Simplified Chinese templates of the estimates' assumptions, by the keys of
``designer.estimates.notes.NOTE_TEMPLATES`` (same fields; the Translator renders them), and
the lossless RoCE checklist's items. Data only: ``notes.py`` registers the templates and
``roce.py`` the checklist with ``designer.i18n``, each beside the English.

Terms as elsewhere in the proposal: 收敛比 (oversubscription), All-reduce, 集合通信,
资本支出（CAPEX）, 维保, 折旧, 云租用, 检查点, 热层 / 温层 / 冷层, 典型功耗.
"""

from __future__ import annotations

from designer.i18n import Template

# Where the PUE comes from (``notes.PUE_SOURCES``), inside the PUE sentence's brackets.
PUE_SOURCES_ZH: dict[str, str] = {
    "inputs": "取自成本输入",
    "default": "假设值：机房均未给出 PUE",
    "room": "取自机房 {room}",
    "rooms": "按机房 {rooms} 的负载加权",
    "rooms_partial": "按机房 {rooms} 的负载加权；{missing} 未给出 PUE，按 {default} 计",
}

ESTIMATE_NOTES_ZH: dict[str, Template] = {
    # -- cost of ownership ------------------------------------------------------
    **{f"tco.pue.{source}": "电源使用效率 PUE 为 {pue:.2f}（" + text + "）。" for source, text in PUE_SOURCES_ZH.items()},
    "tco.energy": "电费仅按利用时段计算，取各设备的典型功耗；不计空闲功耗。",
    "tco.depreciation": "按 {years} 年直线折旧，硬件、安装与机房改造费用均按此折旧。",
    "tco.maintenance": "每年维保费用按全部资本支出（CAPEX）的一定比例计。",
    "tco.cloud": "云租用方案按相同数量的 GPU、相同的利用时长计费；不含云上存储、网络及出网流量费用。",
    "tco.capex_partial": "物料清单中有 {count} 项部件无价格，按零计入：资本支出（CAPEX）不完整。",
    # -- the design's price list --------------------------------------------------
    "bom.price_other_currency": "设计中以项目货币 {currency} 以外的货币填写的价格不做换算：{parts} 按无价格计。",
    "bom.price_unknown_part": "设计中为 {parts} 填写的价格：本设计与产品目录中均无此部件，该价格未被使用（请检查型号标识）。",
    # -- collective communication -----------------------------------------------
    "allreduce.model": "All-reduce 采用 alpha-beta（时延-带宽）模型：服务器内每步时延 {alpha_intra_us:g} 微秒，"
                       "跨网络每步时延 {alpha_inter_us:g} 微秒；集合通信可达到网络链路带宽的 {link_efficiency:.0%}；"
                       "不计归约运算耗时。",
    "allreduce.bandwidths": "服务器内 All-reduce 按 GPU 双向 NVLink 带宽的一半计；服务器间按每块 GPU 分摊的"
                            "服务器计算端口带宽计，叶层最坏收敛比大于 1 时再除以该收敛比。",
    "allreduce.tree": "树形 All-reduce 按 NCCL 的流水线双二叉树计：2 × ceil(log2 n) 步时延，"
                      "每个字节在最慢链路上传输两次。",
    "allreduce.no_gpu_servers": "没有 GPU 服务器：无集合通信可估算。",
    "allreduce.nvlink_unpublished": "{part} 未公布 GPU 互联带宽，按 0 计（服务器内不做 All-reduce）。",
    "allreduce.no_compute_fabric": "没有计算网络：不同服务器上的 GPU 无法交换梯度。",
    "allreduce.fabric_uncabled": "计算网络 {fabric} 尚未连接任何服务器：估算假设所有计算端口均按其速率接线，"
                                 "且无收敛（1:1）。",
    "allreduce.scale_up_domain": "按设计设定的 NVLink 域（estimates.communication.scale_up_gpus）每域 {domain_gpus} "
                                 "块 GPU 计：{gpus} 块 GPU 共 {domains} 个域，作为集合通信的节点。",
    "allreduce.scale_up_domain_rounded": "estimates.communication.scale_up_gpus = {given} 不能整除 {gpus} 块 GPU"
                                         "（{servers} 台服务器，每台 {gpus_per_server} 块）：按 {domains} 个域、每域 "
                                         "{domain_gpus} 块 GPU 计；请改为 {gpus} 的约数。",
    "allreduce.mixed_servers": "包含多种 GPU 服务器型号：按每台 {gpus_per_server} 块 GPU 计（同 {part}），"
                               "各项带宽取最慢型号的值。",
    # -- collectives as NCCL runs them -----------------------------------------
    "collectives.model": "集合通信按 NCCL 的实际运行方式估算（采用其自身的代价模型 src/graph/tuning.cc）：每块网卡一个环，"
                         "每块网卡 {nic_achieved_gbytes_s:g} GB/s（线速的 {nic_efficiency:.0%}；NVIDIA 给出每块 NDR 400G "
                         "网卡 46–48 GB/s，见 nccl-tests issue 290），每块 GPU 的 NVLink 为 {nvlink_achieved_gbytes_s:g} "
                         "GB/s（线速的 {nvlink_efficiency:.0%}，见 nccl-tests issue 212），叶层最坏收敛比大于 1 时再除以"
                         "该收敛比；总线带宽（busbw）按 nccl-tests 的定义计算。",
    "collectives.nvls": "NVLink SHARP（NVLS）：由 NVSwitch 完成归约；All-reduce 每块 GPU 的算法带宽（algbw）为 "
                        "{nvls_algbw_gbytes_s:g} GB/s（8 块 H100 上约为 450 GB/s 中的 275 GB/s，即总线带宽约 480 GB/s，"
                        "见 nccl-tests issue 212）。",
    "collectives.no_nvls": "无 NVLink SHARP（NVLS）：GPU 之间没有经 NVSwitch 的 NVLink 4 或更新版本互联。",
    "collectives.sharp": "{switches} 支持网内归约（SHARP）：节点之间的归约由网络完成；NCCL 需安装 SHARP 插件并设置 "
                         "NCCL_COLLNET_ENABLE=1。",
    "collectives.no_sharp": "无网内归约（SHARP）：计算网络中并非所有交换机都支持。",
    "collectives.all_to_all": "跨节点的 All-to-all 每块 GPU 只能达到一块网卡的带宽（NCCL 不会为其聚合多块网卡，"
                              "见 nccl-tests issue 267）；其时延为假设值：一个环的基础时延加上最慢链路上的一跳。",
    # -- the same on another vendor's accelerators: NVIDIA's figures, applied as an assumption ---
    "allreduce.bandwidths.other_stack": "服务器内 All-reduce 按 GPU 双向 {link} 带宽的一半计；服务器间按每块 GPU 分摊的"
                                        "服务器计算端口带宽计，叶层最坏收敛比大于 1 时再除以该收敛比。",
    "allreduce.tree.other_stack": "树形 All-reduce 按 NVIDIA 的 NCCL 流水线双二叉树建模，假定 {library} 与之相同："
                                  "2 × ceil(log2 n) 步时延，每个字节在最慢链路上传输两次。",
    "allreduce.scale_up_domain.other_stack": "按设计设定的 {link} 域（estimates.communication.scale_up_gpus）每域 "
                                             "{domain_gpus} 块 GPU 计：{gpus} 块 GPU 共 {domains} 个域，作为集合通信的节点。",
    "collectives.model.other_stack": "集合通信按 NVIDIA 的 NCCL 代价模型（src/graph/tuning.cc）估算，作为假设套用于 "
                                     "{library}：每块网卡一个环，每块网卡 {nic_achieved_gbytes_s:g} GB/s（线速的 "
                                     "{nic_efficiency:.0%}），每块 GPU 的 {link} 为 {nvlink_achieved_gbytes_s:g} GB/s"
                                     "（线速的 {nvlink_efficiency:.0%}），叶层最坏收敛比大于 1 时再除以该收敛比；这两个"
                                     "比例是 NVIDIA 在其自家硬件上的实测值（每块 NDR 400G 网卡 46–48 GB/s，见 nccl-tests "
                                     "issue 290；NVIDIA GPU 互联见 nccl-tests issue 212），并非 {library} 的实测值；总线带宽"
                                     "（busbw）按 nccl-tests 的定义计算。",
    "collectives.no_nvls.other_stack": "不计 {link} 域内的交换机归约（NVIDIA 的 NVLS 仅适用于 NVSwitch 系统）。",
    "collectives.sharp.other_stack": "{switches} 支持网内归约（SHARP）：节点之间的归约由网络完成，这是 NVIDIA 针对其自家"
                                     "通信库的说明；{library} 能否使用此处未作说明。",
    "collectives.all_to_all.other_stack": "跨节点的 All-to-all 每块 GPU 只能达到一块网卡的带宽（NVIDIA 的 NCCL 即如此，"
                                          "见 nccl-tests issue 267；假定 {library} 相同）；其时延为假设值：一个环的基础"
                                          "时延加上最慢链路上的一跳。",
    # -- sizing from the workload ---------------------------------------------
    "workload.model": "按训练任务估算规模：模型状态每参数 {bytes_per_parameter:g} 字节（ZeRO，Rajbhandari 等 2020），"
                      "激活值按 Korthikanti 等 2022 计算，训练计算量 = 6 × 参数量 × token 数（Kaplan 等 2020），"
                      "模型算力利用率（MFU）按 {mfu:.0%} 计（Llama 3 在 H100 上达到 38–43 %）。",
    "workload.shape_derived": "模型结构由参数量推算：{layers} 层，隐藏维度 {hidden_size}，{attention_heads} 个注意力头。",
    "workload.peak_unknown": "{gpu} 的稠密峰值算力未知；请填写 workload.peak_tflops_per_gpu 以估算训练天数。",
    "workload.layout": "并行方式：张量并行 {tensor_parallel} × 流水线并行 {pipeline_parallel} × 数据并行 {data_parallel}。",
    "workload.memory_unknown": "{gpu} 的显存容量未知，无法判断模型能否放下；并行方式按其余规则取最小规模。",
    "workload.layout_exceeds_design": "并行方式张量并行 {tensor_parallel} × 流水线并行 {pipeline_parallel} × "
                                      "数据并行 {data_parallel} 需要 {gpus_needed:,} 块 GPU，而本设计只有 {gpus:,} 块："
                                      "不给出单步时间与训练时间。",
    "workload.gpus_idle": "该并行方式使用 {gpus:,} 块 GPU 中的 {gpus_used:,} 块：数据并行度 {data_parallel_all:,} "
                          "不能整除 {global_batch:,} 个序列的全局批大小（微批 {micro_batch}）；"
                          "全局批大小取 {global_batch_all:,} 时可用满 {gpus_all:,} 块 GPU。",
    "workload.rule.heads": "张量并行度 {tensor_parallel} 不能整除 {attention_heads} 个注意力头（Megatron-LM 要求整除）。",
    "workload.rule.sequence": "张量并行度 {tensor_parallel} 不能整除序列长度 {sequence_length}"
                              "（序列并行把序列切分到各张量并行进程上）。",
    "workload.rule.layers": "流水线并行度 {pipeline_parallel} 不能整除 {layers} 层（Megatron-LM 要求每级层数相同）。",
    "workload.rule.batch": "{global_batch:,} 个序列的全局批大小不是数据并行度 {data_parallel:,} × 微批 {micro_batch} "
                           "的整数倍（Megatron-LM 要求整除）。",
    # -- lossless RoCE v2 ------------------------------------------------------
    "roce.headroom": "每个端口每个无损优先级的 PFC 缓冲余量（headroom）：2 × {mtu_bytes} 字节 + 按链路速率计的两倍线缆时延"
                     "（每米 {cable_delay_ns_per_m:g} 纳秒）+ PAUSE 帧与 IEEE 802.3 规定的响应时间，按交换机汇总。",
    "roce.buffer_unpublished": "产品目录中没有 {parts} 的包缓存大小；请填入 roce.switch_buffer_mb 以便与缓冲余量比较。",
    "roce.response_unknown": "{speeds} 端口没有 PAUSE 响应时间：其缓冲余量未计入。",
    "roce.no_length": "{count} 个 RoCE 交换机端口没有线缆长度：按 0 米计。",
    # -- data-parallel scaling --------------------------------------------------
    "scaling.weak": "扩展效率按弱扩展计：任意规模下每步计算 {step_compute_s:g} 秒，All-reduce 的 {overlap:.0%} "
                    "与计算重叠；每个多服务器规模点均计入收敛比。",
    # -- storage ------------------------------------------------------------------
    "storage.tiers": "容量分层：热层 = 数据集 × 热数据占比 + 保留的检查点；温层 = 数据集其余部分；"
                     "冷层 = 归档副本数 ×（数据集 + 保留的检查点）。",
    "storage.tiers_unset": "未填写每节点存储读带宽分级：SuperPOD 参考架构的 Good / Better / Best 表"
                           "（RA-11333-001 表 6）未能连同出处一并录入；请将其数值填入估算输入“每台 GPU 服务器的读带宽分级”。",
    "storage.read_unpublished": "{parts} 未公布存储读带宽，按 0 计。",
    "storage.write_unpublished": "{parts} 未公布存储写带宽，检查点写入时间未知。",
}

# The lossless RoCE v2 checklist (``designer.estimates.roce.CHECKLIST``), by key.
ROCE_CHECKLIST_ZH: dict[str, str] = {
    "pfc_priority": "仅在 RoCE 优先级（如优先级 3）上启用 PFC，所有交换机端口与网卡一致",
    "ecn": "在 RoCE 队列上启用 ECN 标记（WRED），网卡启用 DCQCN 拥塞控制",
    "trust_dscp": "交换机端口信任 DSCP；网卡按约定的 DSCP 标记 RoCE 报文与 CNP",
    "headroom": "无损缓冲池与每端口缓冲余量不小于计算值",
    "watchdog": "启用 PFC watchdog，防止 PFC 风暴与死锁",
    "mtu": "端到端 MTU 一致（网卡、交换机端口、RoCE 路径 MTU）",
}
