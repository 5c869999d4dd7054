"""Executive summary: errors first, then a page of prose (objective, solution, price and what
it excludes, the top three risks with mitigations, next steps), then the key figures and the
risks in full. Every figure is the report's or the BOM's, worded as the tables word it."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from collections import Counter

from reportlab.platypus import ListFlowable, ListItem, PageBreak, Spacer, Table

from designer.checks.findings import Finding
from designer.fabric.results import FabricAnalysis
from designer.report.incomplete import break_even_text, total_text
from designer.report.json_report import Report
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections import software_stack
from designer.report.pdf.styles import ERROR, ERROR_FILL, WARNING, WARNING_FILL

MAX_LISTED = 12  # longer lists continue in the findings section
TOP_RISKS = 3
PROTOCOLS = {"infiniband": "InfiniBand", "roce-v2": "RoCE v2", "ethernet": "Ethernet"}
# findings about the catalog rather than the design (engineering appendix only)
_INTERNAL_CODES = frozenset({"FIGURE_UNKNOWN"})
# hints that are to-dos in the tool's catalog, not a mitigation a customer reads
_CATALOG_HINTS = frozenset({"hint.add_catalog_part", "hint.enter_figure"})


def compute_fabric(report: Report) -> FabricAnalysis | None:
    """The compute fabric's analysis; None without one (a single NVLink server): never another
    fabric's, so a management network is not called the compute fabric."""
    return next((f for f in report.fabrics if f.role == "compute"), None)


def compute_planes(report: Report) -> list[FabricAnalysis]:
    """Every compute fabric: one, or the planes of twin-plane NICs (``compute-p1``, ``-p2``),
    whose switches and bisection add up (a plane alone is half the fabric)."""
    return [f for f in report.fabrics if f.role == "compute"]


def scale_up_interconnect(ctx: ProposalContext) -> str:
    """What joins one server's GPUs (the report's scale-up domain: "NVLink 4"), for a design
    without a compute fabric."""
    named = [d["interconnect"] for d in ctx.report.scale_up if d.get("interconnect")]
    return named[0] if named else ctx.t("exec_internal_interconnect")


def no_fabric_text(ctx: ProposalContext, key: str) -> str:
    """A design without a compute fabric: one server joined inside by its scale-up
    interconnect (``key`` + "_single"), or servers with nothing between them yet (``key``)."""
    if ctx.report.totals["gpu_servers"] <= 1:
        return ctx.t(f"{key}_single", interconnect=scale_up_interconnect(ctx))
    return ctx.t(key)


def cables_text(ctx: ProposalContext) -> str:
    """The physical cables (``totals.cables``, the figure the prose and the BOM count), and the
    links they carry when a splitter or twin-port cable makes those more: "2,647 (2,649 links)"."""
    t, totals = ctx.t, ctx.report.totals
    text = t.int(totals["cables"])
    if totals["links"] != totals["cables"]:
        text += t.aside(t("cables_links_aside", links=t.int(totals["links"])))
    return text


def finding_markup(ctx: ProposalContext, f: Finding, separator: str = ": ") -> str:
    """A finding in the customer's words: its title and message, products by name; the check
    code and the fix hint are the engineering appendix's."""
    s, t = ctx.styles, ctx.t
    return f"<b>{s.markup(t.code_title(f.code))}</b>{separator}{s.markup(ctx.customer_words(t.finding_message(f)))}"


def unpriced_note(ctx: ProposalContext) -> str:
    """"incomplete: 1 part unpriced (WEKApod Nitro …)": the unpriced parts by product name."""
    return ctx.incomplete(ctx.bom.unpriced)


def _finding_rows(ctx: ProposalContext, findings: list[Finding]) -> list[list]:
    s = ctx.styles
    rows = []
    for f in findings[:MAX_LISTED]:
        rows.append([s.p_markup(finding_markup(ctx, f), s.cell)])
    if len(findings) > MAX_LISTED:
        rows.append([s.p(f"… +{len(findings) - MAX_LISTED}", s.cell)])
    return rows


def _boxed(ctx: ProposalContext, title: str, rows: list[list], colour, fill) -> Table:
    s = ctx.styles
    width = ctx.portrait[0]
    table = Table([[s.p_markup(f"<b>{s.markup(title)}</b>", s.body)]] + rows, colWidths=[width])
    style = s.table_style(header_rows=0, zebra=False)
    style.add("BOX", (0, 0), (-1, -1), 1.2, colour)
    style.add("BACKGROUND", (0, 0), (-1, -1), fill)
    style.add("LINEBELOW", (0, 0), (-1, -1), 0, fill)
    table.setStyle(style)
    return table


def build(ctx: ProposalContext) -> list:
    t, s, report = ctx.t, ctx.styles, ctx.report
    totals = report.totals
    findings = report.findings
    errors = [f for f in findings if f.severity == "error"]
    warnings = [f for f in findings if f.severity == "warning"]
    story = ctx.start_section("sec_summary")
    # A design with errors can still be exported, but the reader sees them before anything else.
    if errors:
        story += [_boxed(ctx, t("errors_title", count=len(errors)), _finding_rows(ctx, errors), ERROR, ERROR_FILL),
                  Spacer(1, 10)]
    customer = ctx.design.project.customer
    story += _prose(ctx)
    story.append(PageBreak())
    # a design without storage says so ("no storage systems yet"), not "0 storage systems"
    story.append(s.p(t("summary_intro" if totals["storage_nodes"] else "summary_intro_no_storage",
                       customer_phrase=t("summary_for", customer=customer) if customer else "",
                       servers=ctx.gpu_systems(),
                       gpus=ctx.counted("n_gpus", totals["gpus"]), racks=ctx.counted("n_racks", totals["racks"]),
                       switches=ctx.counted("n_switches", totals["switches"]),
                       storage=ctx.counted("n_storage_systems", totals["storage_nodes"]))))
    story.append(ctx.h2(t("key_figures")))
    story.append(_figures_table(ctx))
    story.append(ctx.h2(t("key_risks")))
    if not errors:
        story.append(s.p(t("no_errors")))
    risk_rows = _finding_rows(ctx, warnings)
    for item in report.checklist:
        if item["answer"] in ("no", "partly", "unknown", "unanswered"):
            question = t(f"q_{item['key']}") if t.has(f"q_{item['key']}") else item["question"]
            risk_rows.append([s.p(t("checklist_open", question=question, answer=t.answer(item["answer"])), s.cell)])
    if ctx.bom.unpriced:
        # a cost the reader might take for the whole: said among the risks, not only in the tables
        risk_rows.append([s.p(t("risk_unpriced", note=unpriced_note(ctx)), s.cell)])
    if risk_rows:
        # the warnings, then the open questions and incomplete costs: counted apart in the title
        title = t("risks_title", warnings=t.int(len(warnings)), open=t.int(len(risk_rows) - len(warnings)))
        story.append(_boxed(ctx, title, risk_rows, WARNING, WARNING_FILL))
    else:
        story.append(s.p(t("no_risks")))
    return story


def _switches(fabric: FabricAnalysis) -> int:
    """The fabric's switches, every tier."""
    tiers = fabric.switches
    return tiers.leaf + tiers.spine + tiers.core + tiers.other


def _models(ctx: ProposalContext, kind: str, gpus: bool | None = None) -> list[tuple[str, int]]:
    """(model, count) of the design's devices of ``kind``, most first; ``gpus``: only those
    with GPUs (True) or without (False)."""
    kinds = {d.slug: d for d in ctx.design.device_types}
    counts = Counter(ctx.part_name(d.device_type) for d in ctx.design.devices
                     if d.device_type in kinds and kinds[d.device_type].kind == kind
                     and (gpus is None or (kinds[d.device_type].gpu_count > 0) == gpus))  # with GPUs or not
    return counts.most_common()


def _joined(ctx: ProposalContext, items: list[str]) -> str:
    return ctx.t.list_sep.join(items)


def top_risks(ctx: ProposalContext) -> list[tuple[str, str, str]]:
    """Up to three (title, what, mitigation): errors, then warnings, then unpriced parts, then
    open checklist questions; said in the customer's words."""
    t, report = ctx.t, ctx.report
    customer = ctx.design.project.customer or t("exec_the_customer_mid")
    risks: list[tuple[str, str, str]] = []
    for severity in ("error", "warning"):
        for f in report.findings:
            if f.severity != severity or f.code in _INTERNAL_CODES:
                continue
            hint = t.finding_hint(f) if f.hint_key not in _CATALOG_HINTS else None
            mitigation = ctx.customer_words(hint) if hint else t("exec_review_mitigation")
            risks.append((t.code_title(f.code), ctx.customer_words(t.finding_message(f)), mitigation))
    if ctx.bom.unpriced:
        risks.append((t("exec_unpriced_title"), ctx.incomplete(ctx.bom.unpriced, titled=True),
                      t("exec_unpriced_mitigation")))
    for item in report.checklist:
        if item["answer"] in ("no", "partly", "unknown", "unanswered"):
            question = t(f"q_{item['key']}") if t.has(f"q_{item['key']}") else item["question"]
            risks.append((t("exec_open_question"), f"{question} — {t.answer(item['answer'])}",
                          t("exec_open_mitigation", customer=customer)))
    return risks[:TOP_RISKS]


def _prose(ctx: ProposalContext) -> list:
    """The executive summary's page of prose, from the design, the report and the BOM."""
    t, s, report, bom = ctx.t, ctx.styles, ctx.report, ctx.bom
    totals = report.totals
    design = ctx.design
    customer = design.project.customer or t("exec_the_customer")
    story: list = [ctx.h2(t("exec_objective"))]
    rooms = _joined(ctx, [room.name for room in design.site.rooms]) or "–"
    if design.project.description:
        story.append(s.p(design.project.description))
    story.append(s.p(t("exec_objective_text", customer=customer, gpus=t.int(totals["gpus"]), rooms=rooms)))

    story.append(ctx.h2(t("exec_solution")))
    servers = _models(ctx, "server", gpus=True)
    others = _models(ctx, "server", gpus=False)
    storage = _models(ctx, "storage")
    fabric = compute_fabric(report)
    storage_phrase = ""
    if storage:
        storage_phrase = t("exec_storage_phrase", count=t.int(sum(n for _, n in storage)),
                           model=_joined(ctx, [model for model, _ in storage]))
    facility = totals.get("facility_power_kw")
    if fabric:
        planes = compute_planes(report)
        fabric_phrase = t("exec_fabric_phrase" if len(planes) == 1 else "exec_fabric_phrase_planes",
                          tiers=t.int(fabric.tiers), protocol=t.term(fabric.protocol or ""), planes=t.int(len(planes)),
                          fabric_switches=ctx.counted("n_switches", sum(_switches(p) for p in planes)),
                          over=t.ratio(fabric.oversubscription.leaf),
                          bisection=f"{t.num(sum(p.bisection_gbps or 0 for p in planes) / 1000)} Tb/s")
    else:
        fabric_phrase = no_fabric_text(ctx, "exec_no_fabric")
    story.append(s.p(t(
        "exec_solution_text",
        servers=ctx.counted("n_model_servers" if ctx.rack_scale_trays is None else "n_model_systems",
                            totals["gpu_servers"],
                            model=_joined(ctx, [model for model, _ in servers]) or "GPU"),
        gpus=ctx.counted("n_gpus", totals["gpus"]), racks=ctx.counted("n_racks", totals["racks"]),
        other_servers_phrase="".join(t("exec_other_servers_phrase", count=t.int(n), model=m) for m, n in others),
        fabric_phrase=fabric_phrase,
        storage_phrase=storage_phrase, switches=ctx.counted("n_switches", totals["switches"]),
        cables=ctx.counted("n_cables", totals["cables"]),
        power=t.num(totals["power_max_kw"]),
        facility_phrase=t("exec_facility_phrase", facility=t.num(facility)) if facility is not None else "",
        weight=t.int(totals["weight_kg"]))))

    story.append(ctx.h2(t("exec_price")))
    total = total_text(t, bom.total, bom.currency, not bom.unpriced, short=True)
    incomplete = ""
    if bom.unpriced:
        # "≥ x — a lower bound, incomplete: …"; nothing priced at all: "price unknown (incomplete: …)"
        key = "exec_price_incomplete" if bom.total else "exec_price_unknown"
        incomplete = t(key, note=ctx.incomplete(bom.unpriced))
    tco = report.estimates.tco
    currency = report.estimates.currency or bom.currency
    capex_phrase = t("exec_capex_phrase",
                     capex=total_text(t, tco.capex.total, currency, tco.capex.complete, short=True))
    story.append(s.p(t("exec_price_text", total=total, incomplete=incomplete, capex_phrase=capex_phrase)))

    story.append(ctx.h2(t("exec_risks")))
    risks = top_risks(ctx)
    if not risks:
        story.append(s.p(t("exec_no_risk")))
    for n, (title, what, mitigation) in enumerate(risks, start=1):
        story.append(s.p(t("exec_risk", n=n, title=title, message=what.rstrip("."), mitigation=mitigation.rstrip("."))))

    story.append(ctx.h2(t("exec_next")))
    steps = ["exec_next_review", *(["exec_next_quotes"] if bom.unpriced else []), "exec_next_site",
             "exec_next_acceptance" if ctx.report.totals.get("storage_nodes") else "exec_next_acceptance_no_storage",
             "exec_next_sign"]
    # the acceptance step names the design's collective library (NCCL, RCCL, HCCL)
    values = {key: {"library": software_stack(ctx).library} if key.startswith("exec_next_acceptance") else {}
              for key in steps}
    story.append(ListFlowable([ListItem(s.p(t(key, **values[key])), value=n) for n, key in enumerate(steps, start=1)],
                              bulletType="1", bulletFontName=ctx.fonts.regular, bulletFontSize=s.body.fontSize,
                              leftIndent=14))
    return story


def _figures_table(ctx: ProposalContext) -> Table:
    t, s, report = ctx.t, ctx.styles, ctx.report
    totals = report.totals
    rows = [
        (t("gpus"), t.int(totals["gpus"])),
        (t("servers"), t.int(totals["gpu_servers"])) if ctx.rack_scale_trays is None else
        (t("rack_systems"), f"{t.int(totals['gpu_servers'])} ({t.int(ctx.rack_scale_trays)})"),
        (t("racks"), t.int(totals["racks"])),
        (t("switches"), t.int(totals["switches"])),
        (t("storage_nodes"), t.int(totals["storage_nodes"])),
        (t("cables"), cables_text(ctx)),
        (t("it_power"), f"{t.num(totals['power_max_kw'])} kW / {t.num(totals['power_typical_kw'])} kW"),
        (t("facility_power"), f"{t.num(totals['facility_power_kw'])} kW" if totals.get("facility_power_kw") is not None
         else t("unknown")),
        (t("heat"), f"{t.num(totals['heat_kw'])} kW = {t.int(totals['heat_btu_h'])} BTU/h"),
        (t("total_weight"), f"{t.int(totals['weight_kg'])} kg"),
    ]
    fabric = compute_fabric(report)
    if fabric:
        sw = fabric.switches
        over = fabric.oversubscription
        planes = compute_planes(report)
        line = "fabric_line_planes" if len(planes) > 1 else "fabric_line_one" if fabric.tiers == 1 else "fabric_line"
        rows.append((t("compute_fabric"), t(line, protocol=t.term(fabric.protocol or ""), planes=len(planes),
                                            tiers=fabric.tiers, leaf=sw.leaf, spine=sw.spine, core=sw.core)))
        target = fabric.target_oversubscription
        text = f"{t('tier_leaf')} {t.ratio(over.leaf)}"
        if over.spine is not None:
            text += f"{'，' if t.is_zh else ', '}{t('tier_spine')} {t.ratio(over.spine)}"
        if target:
            text += t.aside(f"{t('target_oversubscription')} {t.ratio(target)}")
        rows.append((t("oversubscription"), text))
        rows.append((t("bisection"), f"{t.num(sum(p.bisection_gbps or 0 for p in planes) / 1000)} Tb/s"))
    else:
        rows.append((t("compute_fabric"), no_fabric_text(ctx, "no_compute_fabric")))
    bom = ctx.bom
    # an unpriced part makes the total a lower bound: "≥ USD x", and which parts it leaves out
    cost = total_text(t, bom.total, bom.currency, not bom.unpriced, short=True)
    if bom.unpriced:
        cost = t("with_note", total=cost, note=unpriced_note(ctx))
    rows.append((t("hardware_cost"), cost))
    tco = report.estimates.tco
    currency = report.estimates.currency or bom.currency
    rows.append((t("capex_total"), total_text(t, tco.capex.total, currency, tco.capex.complete, short=True)))
    rows.append((t("break_even"), break_even_text(t, tco.break_even_utilization, tco.break_even_status)))
    width = ctx.portrait[0]
    # text the table font cannot show ("≥", a Chinese name) becomes a paragraph: at the table's size
    figure = ParagraphStyle("figure", parent=s.cell, fontSize=9, leading=9 * 1.25)

    def cell(text: str):
        value = s.cell_value(text)
        return value if isinstance(value, str) else s.p(text, figure)

    # the figures wrap (a cost with its "incomplete" note is longer than the column)
    table = Table([[cell(a), s.p(b, figure)] for a, b in rows], colWidths=[width * 0.36, width * 0.64])
    table.setStyle(s.table_style(header_rows=0, font_size=9))
    return table
