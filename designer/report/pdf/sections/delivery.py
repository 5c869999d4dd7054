"""Scope, delivery and sign-off: the sections an integrator's proposal carries after the
costs. Filled from the design where it can be (counts from the BOM, the storage target,
the growth stages' dates, revision, customer, author); where the design holds nothing the
text says "to be agreed" rather than inventing terms."""

from __future__ import annotations

import datetime as _dt

from reportlab.platypus import Spacer, Table

from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections import software_stack


def _valid_until(date: str | None, today: _dt.date, days: int) -> _dt.date:
    """The offer's last day: its date (the project's, if an ISO date, else today) plus ``days``."""
    try:
        start = _dt.date.fromisoformat(date) if date else today
    except ValueError:
        start = today
    return start + _dt.timedelta(days=days)


def _count(ctx: ProposalContext, section: str) -> int:
    return sum(line.quantity for line in ctx.bom.lines if line.section == section)


def _pairs(ctx: ProposalContext, rows: list[tuple[str, str]], header: tuple[str, str] | None = None) -> Table:
    s = ctx.styles
    width = ctx.portrait[0]
    data = ([[s.cell_value(header[0]), s.cell_value(header[1])]] if header else []) + \
        [[s.p(a, s.cell), s.p(b, s.cell)] for a, b in rows]
    table = Table(data, colWidths=[width * 0.3, width * 0.7], repeatRows=1 if header else 0)
    table.setStyle(s.table_style(header_rows=1 if header else 0))
    return table


def build(ctx: ProposalContext) -> list:
    t, s, design, report = ctx.t, ctx.styles, ctx.design, ctx.report
    totals = report.totals
    project = design.project
    story = ctx.start_section("sec_delivery")

    story.append(ctx.h2(t("dl_scope")))
    other_servers = totals["servers"] - totals["gpu_servers"]
    story.append(s.p(t("dl_included", servers=ctx.gpu_systems(),
                       switches=ctx.counted("n_switches", totals["switches"]),
                       other_servers=t("dl_other_servers", count=t.int(other_servers)) if other_servers else "",
                       storage=t.count("dl_storage", totals["storage_nodes"]) if totals["storage_nodes"] else "",
                       racks=ctx.counted("n_racks", totals["racks"]),
                       pdus=t.int(_count(ctx, "pdus")), cables=ctx.counted("n_cables", totals["cables"]),
                       optics=t.int(_count(ctx, "transceivers")))))
    unpriced = ""
    if ctx.bom.unpriced:
        names = [ctx.part_name(line.part) for line in ctx.bom.unpriced]
        unpriced = t("dl_excluded_unpriced", parts=t.list_sep.join(names))
    story.append(s.p(t("dl_excluded", unpriced=unpriced)))

    story.append(ctx.h2(t("dl_software")))
    protocols = {f.protocol for f in design.fabrics}
    fabric_software = [t("dl_fabric_ib")] if "infiniband" in protocols else []
    if protocols & {"ethernet", "roce-v2"}:
        fabric_software.append(t("dl_fabric_eth"))
    stack = software_stack(ctx)  # the accelerator vendor's driver, runtime and collective library
    story.append(s.p(t("dl_software_text", stack_software=stack.software(t.lang),
                       fabric_software=t.list_sep.join(fabric_software))))

    story.append(ctx.h2(t("dl_install")))
    story.append(s.p(t("dl_install_steps", links=ctx.counted("n_links", totals["links"]),
                                       racks=ctx.counted("n_racks", totals["racks"]))))
    target = design.targets.storage_read_gbytes_s_per_gpu
    storage_text = t("dl_test_storage_text", target=t.num(target)) if target else t("dl_test_storage_unset")
    tests = [
        (t("dl_test_burnin"),
         t("dl_test_burnin_text" if ctx.rack_scale_trays is None else "dl_test_burnin_text_trays")),
        (t("dl_test_nccl", library=stack.library), t("dl_test_nccl_text", gpus=t.int(totals["gpus"]))),
        (t("dl_test_storage"), storage_text),
        (t("dl_test_failover"), t("dl_test_failover_text" if _compute_cabled(report) else "dl_test_failover_single")),
    ]
    if not totals.get("storage_nodes"):
        del tests[2]  # no storage system to read from (the POC plan has no fio either)
    story.append(_pairs(ctx, tests, header=(t("dl_test"), t("dl_criterion"))))

    story.append(ctx.h2(t("dl_terms")))
    # the project's inputs (File → Project details…) where set; else what the design says, or "to be agreed"
    stages = [f"{stage.name}: {t.date(stage.date)}" for stage in design.stages if stage.date]
    schedule = project.delivery_schedule or ("; ".join(stages) if stages else t("dl_schedule_unset"))
    validity = t("dl_validity_text", date=ctx.date_text)
    if project.validity_days:
        until = _valid_until(project.date, ctx.today, project.validity_days)
        validity = t("dl_validity_days", days=t.int(project.validity_days), date=ctx.date_text, until=t.date(until))
    rows = [
        (t("dl_warranty"), project.warranty or t("dl_warranty_text")),
        *([(t("dl_support"), project.support)] if project.support else []),
        (t("dl_schedule"), schedule),
        (t("dl_lead_times"), project.lead_times or t("dl_lead_times_text")),
        (t("dl_validity"), validity),
        (t("dl_payment"), project.payment_terms or t("dl_schedule_unset")),
    ]
    contact = ", ".join(x for x in (project.contact_name, project.contact_email, project.contact_phone) if x)
    if contact:
        rows.append((t("contact"), f"{project.company} · {contact}" if project.company else contact))
    story.append(_pairs(ctx, rows))

    story.append(ctx.h2(t("dl_revisions")))
    width = ctx.portrait[0]
    history = [[s.cell_value(h) for h in (t("revision"), t("date"), t("author"), t("dl_note"))]]
    for earlier in project.revisions:
        if earlier.revision == project.revision:
            continue  # the current revision is the last row
        history.append([s.cell_value(earlier.revision), s.cell_value(t.date(earlier.date) or "–"),
                        s.cell_value(earlier.author or "–"), s.p(earlier.note or "–", s.cell)])
    current_note = next((r.note for r in project.revisions if r.revision == project.revision and r.note), None)
    history.append([s.cell_value(project.revision), s.cell_value(ctx.date_text),
                    s.cell_value(project.author or t("not_set")), s.p(current_note or t("dl_this_revision"), s.cell)])
    revisions = Table(history, colWidths=[width * f for f in (0.15, 0.25, 0.3, 0.3)], repeatRows=1)
    revisions.setStyle(s.table_style())
    story.append(revisions)

    story.append(ctx.h2(t("dl_sign")))
    customer = project.customer or t("customer")
    integrator = project.company or project.author or t("dl_integrator")
    rows = [[s.cell_value(t("dl_for", party=customer)), s.cell_value(t("dl_for", party=integrator))]]
    colon = "：" if t.is_zh else ":"
    for label in ("dl_name", "dl_signature", "date"):
        rows.append([s.cell_value(f"{t(label)}{colon}"), s.cell_value(f"{t(label)}{colon}")])
    sign = Table(rows, colWidths=[width / 2] * 2, rowHeights=[18] + [30] * 3)
    style = s.table_style(zebra=False)
    style.add("VALIGN", (0, 1), (-1, -1), "BOTTOM")
    sign.setStyle(style)
    story += [sign, Spacer(1, 6)]
    return story


def _compute_cabled(report) -> bool:
    """Whether any cable runs in a compute fabric (a single server has none to fail over), as
    the report's fabric analyses counted them (no second walk over the cables)."""
    return any(fabric.role == "compute" and fabric.links.total() > 0 for fabric in report.fabrics)
