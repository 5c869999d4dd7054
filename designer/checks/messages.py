"""English templates of the findings' messages and hints, by key.

A rule names a key and passes the raw figures (``msg("rack_power_over_budget", draw_kw=46.0, ...)``);
the English text is rendered here once, when the finding is made, and the Translator
(``designer/i18n``) renders the same key and figures in another language, so numbers are
never parsed back out of English sentences. The Chinese templates are in
``messages_zh.py``; both are registered with ``designer.i18n`` (kind ``findings``) when this
module is imported, so a Translator anywhere says every finding.

Templates are ``designer.i18n.templates``'s: ``str.format`` strings with named fields, plural
forms chosen by ``count``, ``names(items, limit)`` lists, ``{worst:ratio}`` and ``{tier!t}``.

The English output is a public contract (scripts and tests match on it): a template
here must keep saying what it said (codes are the contract; wording may only get clearer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from designer.i18n import register
from designer.i18n.templates import Template, TemplateFormatter, names, plural_form

__all__ = ["TEMPLATES", "Message", "Template", "TemplateFormatter", "english", "msg", "names", "plural_form"]

TEMPLATES: dict[str, Template] = {
    # -- rack space ---------------------------------------------------------
    "device_not_mounted": "{device} ({part}, {units} U) is in rack {rack} but has no position",
    "rack_space_out_of_bounds": "{device} occupies U{bottom}-U{top}, above the top of {rack} ({height} U)",
    "rack_space_overlap_unit": "{first} and {second} both occupy U{low} of rack {rack}",
    "rack_space_overlap": "{first} and {second} both occupy U{low}-U{high} of rack {rack}",
    "hint.give_position": "give it a position_u or drag it into a free slot",
    "hint.lower_device": "lower it to U{u} or below",
    "hint.free_units": "move one of them to free rack units",
    # -- rack power and feeds -----------------------------------------------
    "rack_power_over_budget":
        "Rack {rack} draws {draw_kw:,.1f} kW at maximum, {over_kw:,.1f} kW over its {budget_kw:.1f} kW budget",
    "feed_over_capacity":
        "Rack {rack} draws {draw_kw:,.1f} kW at maximum; its feeds deliver {feeds_kw:,.1f} kW together",
    "feed_single": "Rack {rack} has a single feed ({feed}); a feed failure takes it down",
    "feed_redundancy_lost": "Rack {rack} draws {draw_kw:,.1f} kW; if feed {feed} fails the remaining "
                            "{remaining_kw:,.1f} kW cannot carry it ({short_kw:,.1f} kW short)",
    "pdu_over_capacity": "Rack {rack}: the PDUs on feed {feed} carry {carried_kw:,.1f} kW; the rack draws "
                         "{draw_kw:,.1f} kW when the other feed fails",
    "pdu_over_capacity_share": "Rack {rack}: the PDUs on feed {feed} carry {carried_kw:,.1f} kW; that feed takes "
                               "{share_kw:,.1f} kW of the rack's {draw_kw:,.1f} kW when another feed fails",
    "feed_missing": "Rack {rack} draws {draw_kw:,.1f} kW but has no power feed: its feed capacity and A/B "
                    "redundancy cannot be checked",
    "hint.add_feeds": "give the rack its A and B feeds and their capacity",
    "hint.add_feed": "add a feed or raise the feed capacity",
    "hint.add_b_feed": "add a B feed",
    "hint.keep_under_remaining": "keep the rack under {remaining_kw:,.1f} kW or raise the other feeds' capacity",
    "hint.add_pdus": "add PDUs on feed {feed} or use larger ones",
    # what to move out of an over-limit rack (the heaviest or hungriest part)
    "hint.relieve_power": "move {count} x {part} ({each_kw:,.1f} kW each) to another rack, or raise the budget",
    "hint.relieve_heat": "move {count} x {part} ({each_kw:,.1f} kW each) to another rack, or raise the cooling",
    "hint.relieve_weight": "move {count} x {part} ({each_kg:,.0f} kg each) to another rack, or use a rack with a "
                           "higher static load rating",
    "hint.raise_rack_limit": "raise the rack's limit",
    # -- rack cooling, airflow, weight ----------------------------------------
    "rack_cooling_air": "Rack {rack} gives off {heat_kw:,.1f} kW of heat to air ({heat_btu_h:,.0f} BTU/h), "
                        "{over_kw:,.1f} kW over its {cooling_kw:.1f} kW air cooling",
    "rack_cooling_liquid": "Rack {rack} gives off {heat_kw:,.1f} kW of heat to liquid, "
                           "{over_kw:,.1f} kW over its {cooling_kw:.1f} kW liquid cooling",
    "hint.connect_coolant": "connect the rack to a coolant loop with enough capacity",
    "airflow_mismatch_rear": "{device} (front-to-rear airflow) is mounted facing the rear of rack {rack}, "
                             "so it blows hot air into the cold aisle",
    "airflow_mismatch_front": "{device} (rear-to-front airflow) is mounted facing the front of rack {rack}, "
                              "so it blows hot air into the cold aisle",
    "hint.mount_front": "mount it on the front face or order the other airflow variant",
    "hint.mount_rear": "mount it on the rear face or order the other airflow variant",
    "rack_weight_over_limit": "Rack {rack} carries {weight_kg:,.0f} kg of equipment, {over_kg:,.0f} kg over the "
                              "{rating_kg:,.0f} kg static load rating of {rack_type}",
    "floor_load_over_limit": "Rack {rack} puts {total_kg:,.0f} kg on {area_m2:.2f} m2 ({pressure_kg_m2:,.0f} kg/m2), "
                             "above the {rating_kg_m2:,.0f} kg/m2 rating of {room}",
    "hint.spread_floor_load": "spread the load over more racks or reinforce the floor (load-spreading plates)",
    # -- rooms ----------------------------------------------------------------
    "room_power_over_capacity": {
        "one": "Room {room} draws {draw_kw:,.1f} kW at maximum in {count} rack, "
               "{over_kw:,.1f} kW over its {capacity_kw:,.1f} kW capacity",
        "other": "Room {room} draws {draw_kw:,.1f} kW at maximum across {count} racks, "
                 "{over_kw:,.1f} kW over its {capacity_kw:,.1f} kW capacity",
    },
    "hint.room_power": "move racks to another room or raise the room's power capacity",
    "room_cooling_no_liquid": "Room {room} must remove {heat_kw:,.1f} kW of heat to liquid but has no liquid cooling",
    "hint.set_room_liquid": "set the room's liquid cooling capacity",
    "room_cooling_air": "Room {room} gives off {heat_kw:,.1f} kW of heat to air ({heat_btu_h:,.0f} BTU/h), "
                        "{over_kw:,.1f} kW over its {cooling_kw:,.1f} kW air cooling",
    "room_cooling_liquid": "Room {room} gives off {heat_kw:,.1f} kW of heat to liquid ({heat_btu_h:,.0f} BTU/h), "
                           "{over_kw:,.1f} kW over its {cooling_kw:,.1f} kW liquid cooling",
    "hint.add_air_cooling": "add air cooling capacity or move racks",
    "hint.add_liquid_cooling": "add liquid cooling capacity or move racks",
    "rack_outside_room": "Rack {rack} at x {x_mm:,.0f} mm, y {y_mm:,.0f} mm reaches outside room {room} "
                         "({width_mm:,.0f} x {depth_mm:,.0f} mm)",
    "hint.move_inside_room": "move the rack inside the room or enlarge the room",
    "rack_floor_overlap": "Racks {first} and {second} overlap on the floor of {room}",
    "hint.move_one": "move one of them",
    # -- ports and cables -----------------------------------------------------
    "port_unconnected_compute": {
        "one": "{device}: {count:,} compute port without a cable ({ports:and_more})",
        "other": "{device}: {count:,} compute ports without a cable ({ports:and_more})",
    },
    "port_unconnected_storage": {
        "one": "{device}: {count:,} storage port without a cable ({ports:and_more})",
        "other": "{device}: {count:,} storage ports without a cable ({ports:and_more})",
    },
    "hint.cable_to_compute_fabric": {
        "one": "cable it to the GPU fabric",
        "other": "cable them to the GPU fabric",
    },
    "hint.cable_to_storage_fabric": {
        "one": "cable it to the storage fabric",
        "other": "cable them to the storage fabric",
    },
    "port_double_connected": {
        "one": "{device}: {count:,} port with more than one cable ({ports:and_more})",
        "other": "{device}: {count:,} ports with more than one cable ({ports:and_more})",
    },
    "hint.move_extra_cables": "move the extra cables to free ports",
    "port_cabled_to_itself": "{device}: {ports:and_more} cabled to itself (both ends of one cable on the same port)",
    "hint.cable_other_end": "connect the cable's other end to the port it should reach, or delete the cable",
    "port_split_cabled_whole": "{device}: {ports:and_more} is split into lanes but cabled as a whole port",
    "hint.cable_lanes": "cable its lanes (e.g. p1s1) or remove the breakout",
    "link_endpoint_missing": "Link {link}: {ends:and_more} does not exist",
    "hint.recable_or_delete": "re-cable it to an existing port or delete the link",
    "link_speed_mismatch": "Link {link} joins a {speed_a:g}G port to a {speed_b:g}G port; it runs at {speed:g}G",
    "hint.match_speed": "use a breakout lane of the faster port or a port of matching speed",
    "cable_no_media": "Link {link} needs {length_m:g} m and no catalog media reaches that at {speed:g}G",
    "hint.move_devices_closer": "move the two devices closer together",
    "cable_reach_exceeded":
        "Link {link} is a {length_m:g} m {media} cable; {media} reaches {reach_m:g} m at {speed:g}G",
    # the next media up, by the media that falls short
    "hint.reach_dac": "use active copper (ACC) or optics or move the devices closer",
    "hint.reach_acc": "use AOC or optics or move the devices closer",
    "hint.reach_aoc": "use multimode optics or move the devices closer",
    "hint.reach_mmf": "use single-mode optics or move the devices closer",
    "hint.reach_smf": "use a shorter route or move the devices closer",
    "hint.reach_cat6a": "use fibre or move the devices closer",
    "cable_too_short": "Link {link} is {length_m:g} m but the route between its ends is {route_m:.1f} m",
    "hint.reroute_or_longer": "re-route the cables (Edit > Re-route cables) or order a longer cable",
    # no catalog part serves these links (CABLE_NO_PART); length_m: the longest of them
    "cable_no_part_cable": {
        "one": "{count:,} link ({links:and_more}): no catalog {media} cable of {length_m:g} m serves {speed:g}G between a "
               "{cage_a} and a {cage_b} cage",
        "other": "{count:,} links ({links:and_more}): no catalog {media} cable of up to {length_m:g} m serves "
                 "{speed:g}G between a {cage_a} and a {cage_b} cage",
    },
    "cable_no_part_splitter": {
        "one": "{count:,} link ({links:and_more}): no catalog {media} splitter of {length_m:g} m serves {legs} x {speed:g}G "
               "between a {cage_a} and a {cage_b} cage",
        "other": "{count:,} links ({links:and_more}): no catalog {media} splitter of up to {length_m:g} m serves "
                 "{legs} x {speed:g}G between a {cage_a} and a {cage_b} cage",
    },
    "cable_no_part_module": {
        "one": "{count:,} link ({links:and_more}): no catalog {media} transceiver fits the {cage} cage of {device} "
               "({ports} x {port_speed:g}G, {protocol!t}, {side!t} side, {top!t} top) for {length_m:g} m",
        "other": "{count:,} links ({links:and_more}): no catalog {media} transceiver fits the {cage} cage of "
                 "{device} ({ports} x {port_speed:g}G, {protocol!t}, {side!t} side, {top!t} top) for up to "
                 "{length_m:g} m",
    },
    "cable_no_part_fibre": {
        "one": "{count:,} link ({links:and_more}): no catalog {media} fibre of {length_m:g} m or longer carries {speed:g}G",
        "other": "{count:,} links ({links:and_more}): no catalog {media} fibre of {length_m:g} m or longer "
                 "carries {speed:g}G",
    },
    "cable_no_part_split_fibre": {
        "one": "{count:,} link ({links:and_more}): no catalog {media} {legs}-way splitter fibre of {length_m:g} m or longer "
               "carries {speed:g}G",
        "other": "{count:,} links ({links:and_more}): no catalog {media} {legs}-way splitter fibre of "
                 "{length_m:g} m or longer carries {speed:g}G",
    },
    "hint.add_catalog_part": "add the vendor's part (with its part number and source) to the cabling catalog, "
                             "or choose other media or ports",
    # -- fabrics --------------------------------------------------------------
    "leaves_without_uplinks": {
        "one": "Fabric {fabric}: {count:,} leaf without uplinks ({leaves:ellipsis}): "
               "their endpoints reach no other leaf",
        "other": "Fabric {fabric}: {count:,} leaves without uplinks ({leaves:ellipsis}): "
                 "their endpoints reach no other leaf",
    },
    "hint.cable_leaves_to_spines": "cable them to the spines",
    "oversubscription_above_target": {
        "one": "Fabric {fabric}: {tier} oversubscription reaches {worst:ratio} ({count:,} {tier} switch), "
               "above the {target:ratio} target",
        "other": "Fabric {fabric}: {tier} oversubscription reaches {worst:ratio} ({count:,} {tier} switches), "
                 "above the {target:ratio} target",
    },
    "hint.add_uplinks": "add uplinks on {switch} or move endpoints off it",
    "fabric_partitioned": "Fabric {fabric} is split: some leaves have no path to each other through the switches",
    "hint.cable_every_leaf": "cable every leaf to the spines",
    "fabric_without_links": "Fabric {fabric} has no links: no cable belongs to it, so nothing it connects "
                            "can be checked",
    "hint.cable_or_remove_fabric": "cable it (or generate the design), assign its links to it, or delete the fabric",
    "spof_switch": {
        "one": "Fabric {fabric}: {count:,} {tier} switch is a single point of failure ({names:ellipsis}); "
               "its failure cuts off {cut:,} of the fabric's endpoints",
        "other": "Fabric {fabric}: {count:,} {tier} switches are single points of failure ({names:ellipsis}); "
                 "together they cut off {cut:,} of the fabric's endpoints",
    },
    # one switch (or cable) whose failure cuts no endpoint off but splits the switches in two
    "spof_switch_split": {
        "one": "Fabric {fabric}: {count:,} {tier} switch is a single point of failure ({names:ellipsis}); "
               "its failure splits the fabric",
        "other": "Fabric {fabric}: {count:,} {tier} switches are single points of failure ({names:ellipsis}); "
                 "each one's failure splits the fabric, no endpoint cut off",
    },
    "spof_link": {
        "one": "Fabric {fabric}: {count:,} link is a single point of failure ({names:ellipsis}); "
               "its failure cuts off {cut:,} of the fabric's endpoints",
        "other": "Fabric {fabric}: {count:,} links are single points of failure ({names:ellipsis}); "
                 "together they cut off {cut:,} of the fabric's endpoints",
    },
    "spof_link_split": {
        "one": "Fabric {fabric}: {count:,} link is a single point of failure ({names:ellipsis}); "
               "its failure splits the fabric",
        "other": "Fabric {fabric}: {count:,} links are single points of failure ({names:ellipsis}); "
                 "each one's failure splits the fabric, no endpoint cut off",
    },
    "hint.dual_home": "connect endpoints to two switches (rail-optimized or dual-homed) and use two spines at least",
    "switch_ports_exhausted": {
        "one": "Fabric {fabric}: {count:,} switch uses every port, leaving none spare for growth or a failed port "
               "({switches:ellipsis})",
        "other": "Fabric {fabric}: {count:,} switches use every port, leaving none spare for growth or a failed port "
                 "({switches:ellipsis})",
    },
    "hint.plan_growth": "plan the next scalable unit on new leaves, or keep a spare port per switch",
    # -- the whole design -----------------------------------------------------
    "storage_read_unknown": "Storage read bandwidth is not published for {parts}; the storage check counts "
                            "{supply_gbytes_s:,.1f} GB/s without them",
    "hint.enter_read_bandwidth": "enter the read bandwidth from the vendor datasheet",
    "storage_throughput_low": "{gpus:,} GPUs at {per_gpu_gbytes_s:g} GB/s each need {demand_gbytes_s:,.1f} GB/s of "
                              "storage reads; the storage systems deliver {supply_gbytes_s:,.1f} GB/s "
                              "({short_gbytes_s:,.1f} GB/s short)",
    "hint.add_storage": "add storage nodes or choose a faster storage system",
    # RoCE v2 PFC headroom against the buffer the user gave (designer/checks/roce_rules.py)
    "roce_headroom_exceeds_buffer": {
        "one": "{count:,} {part} switch on RoCE fabric {fabric} ({switches:and_more}) needs {headroom_mb:,.2f} MB of "
               "PFC headroom for {ports:,} ports ({priorities} lossless priority, {mtu_bytes:,}-byte frames), more "
               "than its {buffer_mb:,.1f} MB packet buffer",
        "other": "{count:,} {part} switches on RoCE fabric {fabric} ({switches:and_more}) need up to "
                 "{headroom_mb:,.2f} MB of PFC headroom for {ports:,} ports ({priorities} lossless priority, "
                 "{mtu_bytes:,}-byte frames), more than their {buffer_mb:,.1f} MB packet buffer",
    },
    "hint.reduce_headroom": "use fewer lossless priorities, a smaller MTU or shorter cables on the {part}s, or a "
                            "switch with a larger buffer; check the buffer figure against the datasheet",
    "no_compute_fabric": {
        "one": "{count:,} GPU server but no compute fabric: GPUs in different servers cannot exchange gradients",
        "other": "{count:,} GPU servers but no compute fabric: GPUs in different servers cannot exchange gradients",
    },
    "hint.generate_fabric": "generate the fabric (File > New design) or add a compute fabric and its switches",
    # ``part_plural`` is the English plural of a part's slug ("nvidia-dgx-h100s"); other languages need not use it
    "psu_redundancy_lost": {
        "one": "{count:,} {part} keeps {surviving} of {psus} PSUs when a rack feed fails; {needed} are needed at "
               "full load ({redundancy}) — racks {racks:ellipsis}",
        "other": "{count:,} {part_plural} keep {surviving} of {psus} PSUs when a rack feed fails; {needed} are "
                 "needed at full load ({redundancy}) — racks {racks:ellipsis}",
    },
    "hint.psu_third_feed": "expect reduced performance on a feed failure, or add a third feed",
    "figure_unknown_power_max": "Maximum power (typical power stands in) is not published for {parts}",
    "figure_unknown_power_typical": "Typical power (maximum power stands in) is not published for {parts}",
    "figure_unknown_weight": "Weight (counted as 0 kg) is not published for {parts}",
    "hint.enter_figure": "enter the figure from the vendor datasheet in a catalog file",
    # racked parts of unknown weight: the rack weight and floor load verdicts leave them out
    "weight_unknown": {
        "one": "{count:,} racked device has no published weight ({parts:ellipsis}): the rack weight and floor "
               "load checks count it as 0 kg, so they cannot pass or fail it — racks {racks:ellipsis}",
        "other": "{count:,} racked devices have no published weight ({parts:ellipsis}): the rack weight and floor "
                 "load checks count them as 0 kg, so they cannot pass or fail them — racks {racks:ellipsis}",
    },
    "hint.enter_weight": "enter each part's weight from the vendor datasheet in a catalog file, or supply it for "
                         "this design (select a device: its part's box takes the figures its vendor does not "
                         "publish), then check again",
}


@dataclass(frozen=True)
class Message:
    """A key of ``TEMPLATES`` with its fields: what a finding says, in no language yet."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def msg(key: str, **params: Any) -> Message:
    if key not in TEMPLATES:
        raise KeyError(f"finding message {key!r} is not in designer.checks.messages.TEMPLATES")
    return Message(key, params)


_ENGLISH = TemplateFormatter()


def english(message: Message) -> str:
    return _ENGLISH.render(TEMPLATES[message.key], message.params)

# issue 11 (hardware): a liquid-cooled part whose vendor does not publish the air/liquid split
TEMPLATES["figure_unknown_liquid_share"] = (
    "The share of heat removed by liquid (its heat counted as air) is not published for {parts}")
TEMPLATES["rack_liquid_cooling_missing"] = (
    "Rack {rack} holds {count:,} x {part}, liquid-cooled (up to {max_kw:,.1f} kW; the share of its heat to liquid "
    "is not published), but the rack has no liquid cooling")
TEMPLATES["hint.liquid_loop"] = "connect the rack to a coolant loop, and enter the part's liquid share from the vendor"

# issue 11 (facility): the coolant the room supplies, against the warmest a part takes
TEMPLATES["coolant_supply_too_warm"] = (
    "Room {room} supplies coolant at {supply_c:,.1f} °C, warmer than the {warmest_c:,.1f} °C {part} takes "
    "({count:,} in racks {racks})")
TEMPLATES["hint.coolant_supply"] = (
    "lower the CDUs' supply temperature (a cooler facility loop), or place these racks on a cooler loop")
TEMPLATES["figure_unknown_coolant_supply"] = (
    "The warmest coolant supply is not published for {parts}: room {room}'s {supply_c:,.1f} °C cannot be judged "
    "for them")
TEMPLATES["hint.enter_coolant_supply"] = (
    "enter the part's coolant supply limit from the vendor (designer new --server-liquid-supply-max-c, or the "
    "part's box in the window)")

# The findings' words in both languages, registered with the translator (designer/i18n) once
# the catalogs above are complete.
from designer.checks.messages_zh import FINDING_TERMS_ZH, FINDINGS_ZH  # noqa: E402

register("checks.findings", {key: {"en": template, "zh": FINDINGS_ZH.get(key)} for key, template in TEMPLATES.items()},
         kind="findings")
register("checks.finding_terms", {word: {"en": word, "zh": zh} for word, zh in FINDING_TERMS_ZH.items()},
         kind="template_terms")
