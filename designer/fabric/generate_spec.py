"""What the user asks the generator for: ``designer new`` options and the wizard's fields."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass
class GenerateSpec:
    server: str
    # the compute fabric's switch; None only for one server (NVLink is its whole GPU fabric)
    switch: str | None
    nodes: int | None = None
    gpus: int | None = None
    oversubscription: float = 1.0
    rail_optimized: bool = True
    tiers: str = "auto"
    storage: str | None = None
    storage_nodes: int = 0
    rack_power_kw: float = 40.0
    cooling: Literal["air", "liquid"] = "air"
    name: str | None = None
    customer: str | None = None
    author: str | None = None
    rack_type: str = "rack-42u-600"
    network_rack_type: str = "rack-42u-800"
    storage_switch: str | None = None
    inband_switch: str | None = None
    oob_switch: str = "nvidia-sn2201"
    oob_aggregation_switch: str | None = None
    pdu: str | None = None
    racks_per_row: int = 10
    storage_oversubscription: float | None = None  # None: the server RA's (reference_storage_oversubscription)
    storage_ports_per_server: int | None = None  # None: the ports the server's RA cables (else all)
    # auto: a storage fabric only when the design has storage systems; reserved: built
    # ahead of them with leaves held for ``reserved_storage_ports``; none: never
    storage_fabric: Literal["auto", "reserved", "none"] = "auto"
    reserved_storage_ports: int = 0
    reserved_storage_port_gbps: float = 200.0
    inband_ports_per_server: int | None = None  # None: the ports the server's RA cables (else all)
    # None: the RA's in-band shape (MLAG leaf pairs under two cores); a ratio: a generic leaf-spine
    inband_oversubscription: float | None = None
    # control plane: BCM/Slurm management nodes and UFM appliances (None: two per InfiniBand fabric)
    management_nodes: int = 4
    management_server: str | None = None  # None: the server's reference one, else DEFAULT_MANAGEMENT_SERVER
    ufm_appliances: int | None = None
    ufm_appliance: str = "nvidia-ufm-enterprise-appliance"
    # copper between switches and to UFM where it reaches in one rack, instead of the optics the
    # RA cables there (stored on the fabrics as ``in_rack_copper``; designer.fabric.cabling.needs_optics)
    in_rack_copper: bool = False
    floor_load_kg_m2: float | None = None
    room_power_kw: float | None = None
    room_cooling_kw: float | None = None
    # the coolant temperature the room's CDUs supply to the racks (degrees C; --cooling liquid)
    coolant_supply_c: float | None = None
    pue: float | None = None
    cold_aisle_mm: float = 1200.0
    hot_aisle_mm: float = 1200.0
    # figures the user supplies for the server where the vendor publishes none (stored in the
    # design's embedded server type, marked as supplied by the user)
    server_max_kw: float | None = None
    server_weight_kg: float | None = None
    server_liquid_share: float | None = None  # 0..1, for a liquid-cooled server with no published split
    server_liquid_supply_max_c: float | None = None  # degrees C, the warmest coolant supply it takes
    # the management nodes' weight where their type publishes none (the generic BCM server)
    management_server_weight_kg: float | None = None
