"""Words of the performance estimates (the proposal's performance section, the window's
estimates panel) and of the POC acceptance appendix, in English and Simplified Chinese.

Merged into the proposal's catalog (``i18n_proposal.MESSAGES``) at its end, which registers
them with ``designer.i18n``, so the ``Translator`` finds them like any other word. Terms as elsewhere: 收敛比 (oversubscription),
集合通信, 检查点, 无损; nccl-tests' column names (algbw, busbw) stay as nccl-tests prints them.
"""

from __future__ import annotations

PERFORMANCE_MESSAGES: dict[str, dict[str, str]] = {
    "sec_performance": {"en": "Performance estimates", "zh": "性能估算"},
    "sec_poc": {"en": "Appendix: POC acceptance results", "zh": "附录：POC 验收结果"},
    "perf.intro": {
        "en": "What the design should reach when the POC measures it: collective bandwidth as nccl-tests prints it, "
              "the training workload's memory and time, the storage tier and the lossless RoCE settings. The figures "
              "are estimates from published measurements (their assumptions are listed with the costs); paper "
              "specifications do not replace measurement, and the POC acceptance tests confirm them.",
        "zh": "POC 实测时本设计应达到的水平：按 nccl-tests 输出格式给出的集合通信带宽、训练任务的显存与时间、"
              "存储分级以及无损 RoCE 配置。以下数字是基于公开实测数据的估算（其假设与成本一并列出）；"
              "纸面参数不能替代实测，需由 POC 验收测试确认。",
    },
    # on another vendor's accelerators (AMD, Huawei Ascend; designer/catalog/software_stack.py) the
    # collectives are NVIDIA's model applied as an assumption, and their words say so (".other_stack")
    "perf.intro.other_stack": {
        "en": "What the design should reach when the POC measures it: collective bandwidth (algorithm and bus "
              "bandwidth, algbw and busbw), the training workload's memory and time, the storage tier and the "
              "lossless RoCE settings. The figures are estimates from published measurements, NVIDIA's for the "
              "collectives, applied here as an assumption (their assumptions are listed with the costs); paper "
              "specifications do not replace measurement, and the POC acceptance tests confirm them.",
        "zh": "POC 实测时本设计应达到的水平：集合通信带宽（算法带宽 algbw 与总线带宽 busbw）、训练任务的显存与时间、"
              "存储分级以及无损 RoCE 配置。以下数字是基于公开实测数据的估算，集合通信部分采用 NVIDIA 的实测数据作为假设"
              "（其假设与成本一并列出）；纸面参数不能替代实测，需由 POC 验收测试确认。",
    },
    "perf.collectives.other_stack": {"en": "Collective communication ({library}, estimated with NVIDIA's model)",
                                     "zh": "集合通信（{library}，按 NVIDIA 的模型估算）"},
    "perf.system.other_stack": {
        "en": "{gpus} {chip}s: {nodes} {link} domains of {per_node} {chip}s, each with {nics} NICs of {nic} GB/s "
              "({nic_achieved} GB/s reached per NIC); {link} {nvlink} per {chip} ({nvlink_achieved} reached); "
              "in-network reduction (SHARP): {sharp}; oversubscription {ratio}.",
        "zh": "{gpus} 块 {chip}：{nodes} 个 {link} 域，每域 {per_node} 块 {chip}、{nics} 块 {nic} GB/s 网卡"
              "（每卡实际可达 {nic_achieved} GB/s）；每 {chip} {link} {nvlink}（实际可达 {nvlink_achieved}）；"
              "网内归约（SHARP）：{sharp}；收敛比 {ratio}。",
    },
    "perf.system_one_domain.other_stack": {
        "en": "{gpus} {chip}s in one {link} domain: {link} {nvlink} per {chip} ({nvlink_achieved} reached). At this "
              "size no collective crosses the scale-out fabric, so its NICs and oversubscription do not enter these "
              "figures.",
        "zh": "{gpus} 块 {chip} 同属一个 {link} 域：每 {chip} {link} {nvlink}（实际可达 {nvlink_achieved}）。"
              "在此规模下集合通信不经过横向扩展网络，其网卡与收敛比不计入以下数字。",
    },
    "perf.curve.other_stack": {"en": "{operation} over {gpus} {chip}s: size, time, algbw and busbw",
                               "zh": "{gpus} 块 {chip} 的 {operation}：消息大小、时间、algbw 与 busbw"},
    "perf.sharp_note.other_stack": {
        "en": "SHARP (in-network reduction) is NVIDIA's, documented for its own collective library; whether "
              "{library} uses it is not stated here, so the POC acceptance plan passes the figures without it.",
        "zh": "SHARP（网内归约）是 NVIDIA 针对其自家集合通信库说明的功能；{library} 能否使用此处未作说明，"
              "因此 POC 验收计划以不启用 SHARP 的数字为通过标准。",
    },
    # the same where the scale-up link's bandwidth is unpublished (the estimates take it as 0): no
    # "unpublished per GPU (unpublished reached)" (review 54)
    "perf.system.unpublished": {
        "en": "{gpus} {chip}s: {nodes} {link} domains of {per_node} {chip}s, each with {nics} NICs of {nic} GB/s "
              "({nic_achieved} GB/s reached per NIC); {link} bandwidth per {chip} unpublished (taken as 0); "
              "NVLink SHARP: {nvls}; in-network reduction (SHARP): {sharp}; oversubscription {ratio}.",
        "zh": "{gpus} 块 {chip}：{nodes} 个 {link} 域，每域 {per_node} 块 {chip}、{nics} 块 {nic} GB/s 网卡"
              "（每卡实际可达 {nic_achieved} GB/s）；每 {chip} 的 {link} 带宽未公布（按 0 计）；"
              "NVLink SHARP：{nvls}；网内归约（SHARP）：{sharp}；收敛比 {ratio}。",
    },
    "perf.system_one_domain.unpublished": {
        "en": "{gpus} {chip}s in one {link} domain, whose bandwidth per {chip} is unpublished (taken as 0); NVLink SHARP: "
              "{nvls}. At this size no collective crosses the scale-out fabric, so its NICs and oversubscription do "
              "not enter these figures.",
        "zh": "{gpus} 块 {chip} 同属一个 {link} 域，其每 {chip} 带宽未公布（按 0 计）；NVLink SHARP：{nvls}。"
              "在此规模下集合通信不经过横向扩展网络，其网卡与收敛比不计入以下数字。",
    },
    "perf.system.other_stack.unpublished": {
        "en": "{gpus} {chip}s: {nodes} {link} domains of {per_node} {chip}s, each with {nics} NICs of {nic} GB/s "
              "({nic_achieved} GB/s reached per NIC); {link} bandwidth per {chip} unpublished (taken as 0); "
              "in-network reduction (SHARP): {sharp}; oversubscription {ratio}.",
        "zh": "{gpus} 块 {chip}：{nodes} 个 {link} 域，每域 {per_node} 块 {chip}、{nics} 块 {nic} GB/s 网卡"
              "（每卡实际可达 {nic_achieved} GB/s）；每 {chip} 的 {link} 带宽未公布（按 0 计）；"
              "网内归约（SHARP）：{sharp}；收敛比 {ratio}。",
    },
    "perf.system_one_domain.other_stack.unpublished": {
        "en": "{gpus} {chip}s in one {link} domain, whose bandwidth per {chip} is unpublished (taken as 0). At this size "
              "no collective crosses the scale-out fabric, so its NICs and oversubscription do not enter these "
              "figures.",
        "zh": "{gpus} 块 {chip} 同属一个 {link} 域，其每 {chip} 带宽未公布（按 0 计）。"
              "在此规模下集合通信不经过横向扩展网络，其网卡与收敛比不计入以下数字。",
    },
    "perf.inside_domain.other_stack": {"en": " inside the {link} domain", "zh": "，在 {link} 域内"},
    "perf.bn.scale_up_domain.other_stack": {"en": "tensor parallelism larger than the {link} domain",
                                            "zh": "张量并行度超过 {link} 域"},
    # -- collectives --------------------------------------------------------------
    "perf.collectives": {"en": "Collective communication (NCCL model)", "zh": "集合通信（NCCL 模型）"},
    "perf.system": {
        "en": "{gpus} {chip}s: {nodes} {link} domains of {per_node} {chip}s, each with {nics} NICs of {nic} GB/s "
              "({nic_achieved} GB/s reached per NIC); {link} {nvlink} per {chip} ({nvlink_achieved} reached); "
              "NVLink SHARP: {nvls}; in-network reduction (SHARP): {sharp}; oversubscription {ratio}.",
        "zh": "{gpus} 块 {chip}：{nodes} 个 {link} 域，每域 {per_node} 块 {chip}、{nics} 块 {nic} GB/s 网卡"
              "（每卡实际可达 {nic_achieved} GB/s）；每 {chip} {link} {nvlink}（实际可达 {nvlink_achieved}）；"
              "NVLink SHARP：{nvls}；网内归约（SHARP）：{sharp}；收敛比 {ratio}。",
    },
    "perf.system_one_domain": {
        "en": "{gpus} {chip}s in one {link} domain: {link} {nvlink} per {chip} ({nvlink_achieved} reached); "
              "NVLink SHARP: {nvls}. At this size no collective crosses the scale-out fabric, so its NICs and "
              "oversubscription do not enter these figures.",
        "zh": "{gpus} 块 {chip} 同属一个 {link} 域：每 {chip} {link} {nvlink}（实际可达 {nvlink_achieved}）；"
              "NVLink SHARP：{nvls}。在此规模下集合通信不经过横向扩展网络，其网卡与收敛比不计入以下数字。",
    },
    # what joins a node's GPUs where the catalog names nothing; a bandwidth the vendor does not publish
    "scale_up_link": {"en": "scale-up interconnect", "zh": "纵向扩展互连"},
    "bandwidth_unpublished": {"en": "unpublished", "zh": "未公布"},
    "perf.yes": {"en": "yes", "zh": "是"},
    "perf.no": {"en": "no", "zh": "否"},
    "perf.none": {"en": "none", "zh": "无"},
    "perf.curve": {"en": "{operation} over {gpus} {chip}s, as nccl-tests prints it",
                   "zh": "{gpus} 块 {chip} 的 {operation}（nccl-tests 输出格式）"},
    "perf.peaks": {"en": "Each collective at its peak and at the {mb} MB message",
                   "zh": "各集合通信的峰值及 {mb} MB 消息时的表现"},
    "perf.op.all_reduce": {"en": "All-reduce", "zh": "All-reduce（全归约）"},
    "perf.op.all_gather": {"en": "All-gather", "zh": "All-gather（全收集）"},
    "perf.op.reduce_scatter": {"en": "Reduce-scatter", "zh": "Reduce-scatter（归约散播）"},
    "perf.op.all_to_all": {"en": "All-to-all", "zh": "All-to-all（全交换）"},
    "perf.size": {"en": "size (B)", "zh": "消息大小（B）"},
    "perf.time_us": {"en": "time (us)", "zh": "时间（微秒）"},
    "perf.algbw": {"en": "algbw (GB/s)", "zh": "algbw（GB/s）"},
    "perf.busbw": {"en": "busbw (GB/s)", "zh": "busbw（GB/s）"},
    "perf.algorithm": {"en": "algorithm", "zh": "算法"},
    "perf.operation": {"en": "operation", "zh": "操作"},
    "perf.peak_busbw": {"en": "peak busbw (GB/s)", "zh": "峰值 busbw（GB/s）"},
    "perf.at_time": {"en": "time at {mb} MB (ms)", "zh": "{mb} MB 时间（毫秒）"},
    "perf.at_busbw": {"en": "busbw at {mb} MB (GB/s)", "zh": "{mb} MB 时 busbw（GB/s）"},
    "perf.without_sharp": {"en": "{operation} without SHARP", "zh": "不启用 SHARP 的 {operation}"},
    "perf.sharp_note": {
        "en": "SHARP (in-network reduction) runs only with NCCL's SHARP plugin and NCCL_COLLNET_ENABLE=1; the POC "
              "acceptance plan passes the figures without it and states those with it.",
        "zh": "SHARP（网内归约）需安装 NCCL 的 SHARP 插件并设置 NCCL_COLLNET_ENABLE=1 才会启用；POC 验收计划以不启用 "
              "SHARP 的数字为通过标准，并同时给出启用后的数字。",
    },
    # -- workload -------------------------------------------------------------------
    "perf.workload": {"en": "Training workload sizing", "zh": "训练任务规模测算"},
    "perf.model": {"en": "Model", "zh": "模型"},
    "perf.model_value": {"en": "{params} B parameters, {tokens} B tokens, sequence {seq}, {precision}, {optimizer}",
                         "zh": "{params}B 参数，{tokens}B token，序列长度 {seq}，{precision}，{optimizer}"},
    "perf.states": {"en": "Model states (weights, gradients, optimizer)", "zh": "模型状态（权重、梯度、优化器）"},
    "perf.states_value": {"en": "{bytes} bytes per parameter, {gb} GB in all", "zh": "每参数 {bytes} 字节，合计 {gb} GB"},
    "perf.flops": {"en": "Training FLOPs (6 N T)", "zh": "训练计算量（6 N T）"},
    "perf.min_gpus": {"en": "Fewest {chip}s that hold the model states", "zh": "容纳模型状态所需的最少 {chip} 数"},
    "perf.layout": {"en": "Parallel layout", "zh": "并行方案"},
    "perf.layout_value": {"en": "TP {t} x PP {p} x DP {d} = {gpus} {chip}s{chosen}",
                          "zh": "张量并行 {t} × 流水线并行 {p} × 数据并行 {d} = {gpus} 块 {chip}{chosen}"},
    "perf.chosen": {"en": " (chosen)", "zh": "（自动选择）"},
    "perf.memory": {"en": "Memory per {chip}", "zh": "每 {chip} 显存"},
    "perf.memory_value": {
        "en": "{total} of {capacity} GB (weights {w}, gradients {g}, optimizer {o}, activations {a}){fits}",
        "zh": "{total} / {capacity} GB（权重 {w}，梯度 {g}，优化器 {o}，激活 {a}）{fits}",
    },
    "perf.does_not_fit": {"en": ": does not fit", "zh": "：放不下"},
    "perf.fit_unknown": {"en": ": {chip} memory unknown, so whether it fits is unknown",
                         "zh": "：{chip} 显存容量未知，无法判断能否放下"},
    "perf.layout_exceeds": {"en": ", more than the design's {gpus}", "zh": "，超过本设计的 {gpus} 块"},
    "perf.activations": {"en": "Activations per {chip}: no / selective / full recomputation",
                         "zh": "每 {chip} 激活：不重计算 / 选择性重计算 / 完全重计算"},
    "perf.activations_value": {"en": "{none} / {selective} / {full} GB", "zh": "{none} / {selective} / {full} GB"},
    "perf.tp_comm": {"en": "Tensor-parallel all-reduces per step", "zh": "每步张量并行 All-reduce"},
    "perf.tp_comm_value": {"en": "{count} x {mb} MB, {time}{where}", "zh": "{count} 次 × {mb} MB，{time}{where}"},
    "perf.inside_domain": {"en": " inside the NVLink domain", "zh": "，在 NVLink 域内"},
    "perf.outside_domain": {"en": " across the fabric", "zh": "，跨网络"},
    "perf.dp_comm": {"en": "Data-parallel gradient all-reduce per step", "zh": "每步数据并行梯度 All-reduce"},
    "perf.dp_comm_value": {"en": "{mb} MB, {time}", "zh": "{mb} MB，{time}"},
    "perf.step": {"en": "Step time at {mfu} MFU", "zh": "MFU 为 {mfu} 时的单步时间"},
    "perf.days": {"en": "Days to train", "zh": "训练天数"},
    "perf.seconds": {"en": "{value} s", "zh": "{value} 秒"},
    "perf.days_value": {"en": "{value} days", "zh": "{value} 天"},
    "perf.bottlenecks": {"en": "Bottlenecks", "zh": "瓶颈"},
    "perf.bn.scale_up_domain": {"en": "tensor parallelism larger than the NVLink domain",
                                "zh": "张量并行度超过 NVLink 域"},
    "perf.bn.memory": {"en": "the model does not fit in {chip} memory", "zh": "{chip} 显存放不下模型"},
    "perf.bn.layout_exceeds_design": {"en": "the layout needs more {chip}s than the design has: no time is stated",
                                      "zh": "该并行方式所需 {chip} 多于本设计：不给出训练时间"},
    "perf.bn.fabric": {"en": "the fabric: the gradient all-reduce outlasts the step",
                       "zh": "网络：梯度 All-reduce 长于单步计算"},
    "perf.bn.tensor_parallel_communication": {"en": "tensor-parallel communication outlasts the step",
                                              "zh": "张量并行通信长于单步计算"},
    "perf.catalog": {"en": "Which servers, how many (the model states alone; activations come on top)",
                     "zh": "选哪种服务器、需要几台（仅按模型状态；激活另计）"},
    "perf.server": {"en": "server", "zh": "服务器"},
    "perf.gpus_per_server": {"en": "{chip}s per server", "zh": "每台 {chip} 数"},
    "perf.gpu_memory": {"en": "{chip} memory (GB)", "zh": "{chip} 显存（GB）"},
    "perf.min_servers": {"en": "fewest servers", "zh": "最少台数"},
    "perf.peak_tflops": {"en": "dense BF16 TFLOPS per {chip}", "zh": "每 {chip} 稠密 BF16 TFLOPS"},
    # -- storage ----------------------------------------------------------------------
    "perf.storage": {"en": "Storage tier", "zh": "存储分级"},
    "perf.read_per_node": {"en": "Storage read per {chip} server", "zh": "每台 {chip} 服务器可得的存储读带宽"},
    "perf.read_per_node_value": {"en": "{value} GB/s ({total} GB/s over {nodes} servers)",
                                 "zh": "{value} GB/s（{nodes} 台服务器合计 {total} GB/s）"},
    "perf.tier": {"en": "tier", "zh": "分级"},
    "perf.tier_per_node": {"en": "read per server (GB/s)", "zh": "每台读带宽（GB/s）"},
    "perf.tier_required": {"en": "needed in all (GB/s)", "zh": "合计需要（GB/s）"},
    "perf.tier_reached": {"en": "reached", "zh": "是否达到"},
    "perf.tier_reached_line": {"en": "Tier reached", "zh": "达到的分级"},
    "perf.no_tiers": {
        # the customer's words: no field path or tool instruction (those are the engineering appendix's)
        "en": "The storage read tiers are not agreed yet, so the tier this design reaches is not stated; it will be "
              "once they are (for example the Good / Better / Best per-server read figures of the storage guidance "
              "in NVIDIA's DGX SuperPOD reference architecture).",
        "zh": "存储读带宽分级尚未确定，因此暂不说明本设计达到哪一级；确定后即可说明"
              "（例如 NVIDIA DGX SuperPOD 参考架构存储指南中每台服务器的 Good / Better / Best 读带宽）。",
    },
    "perf.checkpoint": {"en": "Checkpoint of the workload's model", "zh": "训练任务模型的检查点"},
    "perf.checkpoint_value": {"en": "{tb} TB ({bytes} bytes per parameter), written in {time}",
                              "zh": "{tb} TB（每参数 {bytes} 字节），写入耗时 {time}"},
    "perf.unknown_time": {"en": "unknown time (a storage system publishes no write figure)",
                          "zh": "未知（有存储系统未公布写带宽）"},
    "perf.no_storage": {"en": "none yet: the design has no storage system", "zh": "暂无：本设计尚未包含存储系统"},
    "perf.no_storage_time": {"en": "unknown time (the design has no storage system yet)",
                             "zh": "未知（本设计尚未包含存储系统）"},
    # -- RoCE ---------------------------------------------------------------------------
    "perf.roce": {"en": "Lossless RoCE v2: PFC headroom per switch", "zh": "无损 RoCE v2：每台交换机的 PFC 预留缓存"},
    "perf.switch": {"en": "switch", "zh": "交换机"},
    "perf.ports": {"en": "ports", "zh": "端口数"},
    "perf.headroom": {"en": "headroom (MB)", "zh": "预留缓存（MB）"},
    "perf.buffer": {"en": "buffer (MB)", "zh": "包缓存（MB）"},
    "perf.over_buffer": {"en": "over the buffer", "zh": "超过缓存"},
    "perf.not_given": {"en": "not given", "zh": "未给出"},
    "perf.checklist": {"en": "ECN / PFC settings the design needs", "zh": "本设计需要的 ECN / PFC 配置"},
    "perf.no_roce": {"en": "No RoCE v2 fabric: no PFC headroom or ECN settings to plan.",
                     "zh": "没有 RoCE v2 网络：无需规划 PFC 预留缓存与 ECN 配置。"},
    # -- POC appendix ------------------------------------------------------------------
    "perf.poc_intro": {
        "en": "Results supplied to designer poc check, matched to the acceptance plan's tests by their content "
              "(ranks, hosts, message sizes, devices); a test passes at its expected figure less {tolerance}.",
        "zh": "提交给 designer poc check 的实测结果，按内容（进程数、主机、消息大小、设备）匹配到验收计划中的测试；"
              "达到预期值减去 {tolerance} 即为通过。",
    },
    "perf.poc_summary": {"en": "Summary", "zh": "汇总"},
    "perf.test": {"en": "test", "zh": "测试"},
    "perf.verdict": {"en": "verdict", "zh": "结论"},
    "perf.measured": {"en": "measured", "zh": "实测"},
    "perf.expected": {"en": "expected", "zh": "预期"},
    "perf.unit": {"en": "unit", "zh": "单位"},
    "perf.file": {"en": "file", "zh": "文件"},
    "perf.v.pass": {"en": "pass", "zh": "通过"},
    "perf.v.fail": {"en": "fail", "zh": "未通过"},
    "perf.v.missing": {"en": "missing", "zh": "缺少结果"},
    "perf.v.unmatched": {"en": "unmatched", "zh": "未匹配"},
    "perf.v.recorded": {"en": "recorded", "zh": "仅记录"},
    "perf.v.by_hand": {"en": "checked by hand", "zh": "人工核对"},
    "perf.poc_errors": {"en": "Files that could not be used", "zh": "无法使用的文件"},
    "perf.no_test": {"en": "(no test)", "zh": "（无对应测试）"},
    # the units designer/poc/check.py gives its figures in
    "perf.unit.GB/s busbw": {"en": "GB/s busbw", "zh": "GB/s（busbw）"},
    "perf.unit.Gb/s": {"en": "Gb/s", "zh": "Gb/s"},
    "perf.unit.us typical": {"en": "us typical", "zh": "微秒（典型值）"},
    "perf.unit.GB/s aggregate": {"en": "GB/s aggregate", "zh": "GB/s（合计）"},
    "perf.unit.GB/s alg_bandwidth": {"en": "GB/s alg_bandwidth", "zh": "GB/s（算法带宽）"},
}

# the estimates panel's workload inputs and POC button (designer/ui/estimates_panel.py)
PERFORMANCE_MESSAGES.update({
    "perf.in.workload": {"en": "Training workload", "zh": "训练任务"},
    "perf.in.parameters": {"en": "Model parameters", "zh": "模型参数量"},
    "perf.in.tokens": {"en": "Training tokens", "zh": "训练 token 数"},
    "perf.in.sequence": {"en": "Sequence length", "zh": "序列长度"},
    "perf.in.global_batch": {"en": "Global batch (sequences)", "zh": "全局批大小（序列数）"},
    "perf.in.micro_batch": {"en": "Micro-batch (sequences)", "zh": "微批大小（序列数）"},
    "perf.in.tensor_parallel": {"en": "Tensor parallel (else chosen)", "zh": "张量并行度（否则自动选择）"},
    "perf.in.pipeline_parallel": {"en": "Pipeline parallel (else chosen)", "zh": "流水线并行度（否则自动选择）"},
    "perf.in.data_parallel": {"en": "Data parallel (else chosen)", "zh": "数据并行度（否则自动选择）"},
    "perf.in.peak_tflops": {"en": "Peak dense TFLOPS per {chip} (else the datasheet's)",
                            "zh": "每 {chip} 稠密峰值 TFLOPS（否则取规格书值）"},
    "perf.in.mfu": {"en": "Model FLOPs utilisation (MFU)", "zh": "模型算力利用率（MFU）"},
    "perf.in.precision": {"en": "Precision", "zh": "训练精度"},
    "perf.in.optimizer": {"en": "Optimizer", "zh": "优化器"},
    "perf.in.zero_stage": {"en": "ZeRO stage", "zh": "ZeRO 阶段"},
    "perf.in.recompute": {"en": "Activation recomputation", "zh": "激活重计算"},
    # the choices of those fields, as the form shows them (``choice.<value>``)
    "choice.bf16": {"en": "BF16 mixed precision", "zh": "BF16 混合精度"},
    "choice.fp16": {"en": "FP16 mixed precision", "zh": "FP16 混合精度"},
    "choice.fp8": {"en": "FP8 (BF16 weights)", "zh": "FP8（BF16 权重）"},
    "choice.fp32": {"en": "FP32", "zh": "FP32 全精度"},
    "choice.adam": {"en": "Adam", "zh": "Adam 优化器"},
    "choice.sgd": {"en": "SGD with momentum", "zh": "带动量的 SGD"},
    "choice.none": {"en": "none", "zh": "不重计算"},
    "choice.selective": {"en": "selective", "zh": "选择性重计算"},
    "choice.full": {"en": "full", "zh": "完全重计算"},
    "perf.poc_button": {"en": "Check POC results…", "zh": "核对 POC 实测结果…"},
    # what poc check reads: nccl-tests' table, which rccl-tests prints too, and HCCL Test's
    "perf.poc_dialog": {"en": "nccl-tests, rccl-tests or HCCL Test, perftest and fio outputs",
                        "zh": "nccl-tests、rccl-tests 或 HCCL Test、perftest 与 fio 输出文件"},
    "perf.poc_filter": {"en": "Test outputs", "zh": "测试输出"},
})
