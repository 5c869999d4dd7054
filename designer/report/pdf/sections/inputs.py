"""Design inputs and assumptions: what the figures rest on."""

from __future__ import annotations

from collections import Counter
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Spacer, Table

from designer.model.supplied import describe, design_supplied_figures
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections import scale_up_link, software_stack


def _pairs(ctx: ProposalContext, rows: list[tuple[str, str]], ratio: float = 0.4) -> Table:
    s = ctx.styles
    width = ctx.portrait[0]
    table = Table([[s.cell_value(a), s.cell_value(b)] for a, b in rows], colWidths=[width * ratio, width * (1 - ratio)])
    table.setStyle(s.table_style(header_rows=0))
    return table


def grid(ctx: ProposalContext, header: list[str], rows: list[list[Any]], widths: list[float] | None = None,
         numeric_from: int | None = None) -> Table:
    s = ctx.styles
    body = [[s.cell_value(c, right=numeric_from is not None and i >= numeric_from) for i, c in enumerate(r)]
            for r in rows]
    head = [s.cell_value(h) for h in header]
    if widths is None:
        # as wide as the cells' text, unless that passes the frame (the English rooms table's
        # headers ran 15 pt past the right margin): then each column keeps its values' width
        # and shares the rest, the headers wrapping within it
        natural = [max(_text_width(ctx, cell, bold=n == 0) for n, cell in enumerate(column)) + 7.0
                   for column in zip(head, *body)]
        frame = ctx.portrait[0]
        if sum(natural) > frame:
            # a column is never narrower than its values or its header's longest word
            words = [max(_text_width(ctx, word, bold=True) for word in str(h).split() or [""]) for h in header]
            values = [max([_text_width(ctx, cell) for cell in column] + [word]) + 7.0
                      for column, word in zip(zip(*body), words)] if body else [w + 7.0 for w in words]
            spare = max(0.0, frame - sum(values))
            wants = [max(0.0, n - v) for n, v in zip(natural, values)]
            share = spare / sum(wants) if sum(wants) else 0.0
            widths = [v + w * min(1.0, share) for v, w in zip(values, wants)]
            if sum(widths) > frame:  # the values alone pass the frame: all shrink alike
                widths = [w * frame / sum(widths) for w in widths]
            head = [s.p_markup(f"<b>{s.markup(str(h))}</b>", s.cell) for h in header]
    data = [head] + body
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(s.table_style(numeric_from=numeric_from))
    return table


def _text_width(ctx: ProposalContext, cell: Any, *, bold: bool = False) -> float:
    """A plain cell's text width at the tables' 7.5 pt (a Paragraph cell wraps: nothing)."""
    if not isinstance(cell, str):
        return 0.0
    fonts = ctx.fonts
    font = fonts.for_text(cell, bold)
    return stringWidth(cell, font, 7.5)


def _value(ctx: ProposalContext, value: Any) -> str:
    t = ctx.t
    if value is None:
        return t("not_set")
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if isinstance(value, float):
        return t.num(value, 3 if abs(value) < 1 else 2).rstrip("0").rstrip(".")
    if isinstance(value, int):
        return t.int(value)
    return str(t.term(value))


def build(ctx: ProposalContext) -> list:
    t, s, design = ctx.t, ctx.styles, ctx.design
    project = design.project
    story = ctx.start_section("sec_inputs")
    story.append(ctx.h2(t("project")))
    rows = [(t("design_name"), design.name), (t("customer"), project.customer or t("not_set")),
            (t("author"), project.author or t("not_set")), (t("date"), ctx.date_text),
            (t("revision"), project.revision), (t("currency"), project.currency)]
    if project.description:
        rows.append((t("description"), project.description))
    story.append(_pairs(ctx, rows))

    story.append(ctx.h2(t("rooms")))
    room_rows = []
    for room in design.site.rooms:
        room_rows.append([room.name, f"{t.num(room.width_mm / 1000)} × {t.num(room.depth_mm / 1000)}",
                          t.num(room.floor_area_m2), _value(ctx, room.power_capacity_kw),
                          _value(ctx, room.cooling_air_kw), _value(ctx, room.cooling_liquid_kw),
                          _value(ctx, room.floor_load_kg_m2), _value(ctx, room.pue),
                          f"{t.int(room.cold_aisle_mm)} / {t.int(room.hot_aisle_mm)}"])
    story.append(grid(ctx, [t("room"), t("size_m"), t("area_m2"), t("power_capacity_kw"), t("cooling_air_kw"),
                            t("cooling_liquid_kw"), t("floor_rating"), t("pue"), t("aisles_mm")], room_rows,
                      numeric_from=1))
    supplies = [(room.name, room.liquid_supply_c) for room in design.site.rooms if room.liquid_supply_c is not None]
    if supplies:
        rooms = t.list_sep.join(f"{name} {t.num(c)} °C" for name, c in supplies)
        story += [Spacer(1, 4), ctx.styles.p(t("coolant_supply_rooms", rooms=rooms))]

    story.append(ctx.h2(t("racks")))
    kinds = Counter((r.rack_type, r.power_budget_kw, r.cooling_air_kw, r.cooling_liquid_kw,
                     " + ".join(f"{f.name} {t.num(f.capacity_kw)}" for f in r.feeds)) for r in design.racks)
    story.append(grid(ctx, [t("rack"), t("qty"), t("budget_kw"), t("cooling_air_kw"), t("cooling_liquid_kw"),
                            t("feeds_kw")],
                      [[ctx.part_name(slug), t.int(n), _value(ctx, budget), _value(ctx, air), _value(ctx, liquid),
                        feeds or "–"]
                       for (slug, budget, air, liquid, feeds), n in sorted(kinds.items(), key=lambda kv: -kv[1])],
                      numeric_from=1))

    story.append(ctx.h2(t("fabrics")))
    story.append(grid(ctx, [t("fabric"), t("role"), t("protocol"), t("target_oversubscription"), t("rail_optimized")],
                      [[t.fabric(f.name), t.term(f.role), t.term(f.protocol) or "–", t.ratio(f.target_oversubscription),
                        _value(ctx, getattr(f, "rail_optimized", None))] for f in design.fabrics]))

    story.append(ctx.h2(t("targets")))
    story.append(_pairs(ctx, [
        (t("storage_target"), _value(ctx, design.targets.storage_read_gbytes_s_per_gpu)),
        (t("security_answer"), _value(ctx, design.compliance.data_security_covered)),
        (t("compliance_notes"), design.compliance.notes or t("not_set")),
    ]))

    story.append(ctx.h2(t("estimate_inputs")))
    story.append(_estimate_inputs(ctx))

    story.append(ctx.h2(t("assumptions")))
    for key in ("assumption_power", "assumption_heat", "assumption_floor", "assumption_prices"):
        story.append(s.p(f"• {t(key)}"))
    # the estimates' assumptions in the proposal's language, from their keys and figures
    for text in t.assumptions(ctx.report.estimates.as_dict()):
        # products by name: an assumption may name a catalog part ("SHARP on nvidia-qm9700")
        story.append(s.p(f"• {ctx.customer_words(text) if isinstance(text, str) else _assumption(ctx, text)}"))
    story += supplied_figures_part(ctx)
    # the figures the vendors do not publish are in the engineering appendix
    return story


def supplied_figures_part(ctx: ProposalContext) -> list:
    """The figures the engineer supplied where the vendor publishes none: said so, with who
    and when, so the customer knows which numbers rest on them (issue 11, item 6)."""
    rows = design_supplied_figures(ctx.design)
    if not rows:
        return []
    t, s = ctx.t, ctx.styles
    story: list = [ctx.h2(t("supplied_heading")), s.p(t("supplied_intro"))]
    story += [s.p(f"• {describe(fig, t, ctx.part_name(fig.device_type))}") for fig in rows]
    return story


def _assumption(ctx: ProposalContext, item: Any) -> str:
    if isinstance(item, dict):
        return "; ".join(f"{k}: {_value(ctx, v)}" for k, v in item.items())
    return str(item)


def _estimate_inputs(ctx: ProposalContext) -> Table:
    """The stored estimate inputs, flattened to "group.field: value" rows (prices excluded: see the BOM)."""
    rows = []
    stack, link = software_stack(ctx), scale_up_link(ctx) or ctx.t("scale_up_link")
    dumped = ctx.design.estimates.model_dump(mode="json")
    for group, values in dumped.items():
        if not isinstance(values, dict):
            continue
        for key, value in values.items():
            if key == "prices" or isinstance(value, (dict, list)):
                continue
            # on another vendor's accelerators the inputs that say NCCL or NVLink are named for
            # what they are there: NVIDIA's measured figures, the design's own scale-up link
            other = f"input_other_stack.{group}.{key}"
            label = (ctx.t(other, library=stack.library, link=link) if not stack.is_nvidia and ctx.t.has(other)
                     else ctx.t.input_label(f"{group}.{key}"))
            rows.append([label, _value(ctx, value)])
    width = ctx.portrait[0]
    return grid(ctx, [ctx.t("input"), ctx.t("value")], rows, widths=[width * 0.55, width * 0.45], numeric_from=1)
