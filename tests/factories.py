"""Small designs built in code, independent of the bundled catalog's figures."""

from __future__ import annotations

from designer.model import (
    Design,
    Device,
    DeviceType,
    Fabric,
    Feed,
    GpuSpec,
    Link,
    LinkEnd,
    PortGroup,
    PowerSpec,
    Rack,
    RackType,
    Room,
    Site,
    SourceRef,
)

SOURCE = [SourceRef(title="test fixture", url=None)]


def server_type(slug: str = "test-server", max_w: float = 10200, weight_kg: float = 130.45, u: int = 8) -> DeviceType:
    return DeviceType(
        slug=slug,
        manufacturer="Test",
        model="8-GPU server",
        kind="server",
        u_height=u,
        airflow="front-to-rear",
        weight_kg=weight_kg,
        power=PowerSpec(typical_w=None, max_w=max_w),
        gpus=GpuSpec(count=8, model="GPU", memory_gb=80),
        port_groups=[
            PortGroup(name="compute", prefix="cx", count=8, speed_gbps=400, cage="OSFP", role="compute"),
            PortGroup(name="bmc", prefix="bmc", count=1, speed_gbps=1, cage="RJ45", role="oob"),
        ],
        source=SOURCE,
    )


def switch_type(slug: str = "test-switch", ports: int = 64, speed: float = 400) -> DeviceType:
    return DeviceType(
        slug=slug,
        manufacturer="Test",
        model=f"{ports}-port switch",
        kind="switch",
        u_height=1,
        airflow="rear-to-front",
        weight_kg=14.5,
        power=PowerSpec(typical_w=640, max_w=1720),
        port_groups=[
            PortGroup(name="fabric", prefix="p", count=ports, speed_gbps=speed, cage="OSFP", role="fabric"),
            PortGroup(name="mgmt", prefix="mgmt", count=1, speed_gbps=1, cage="RJ45", role="oob"),
        ],
        source=SOURCE,
    )


def rack_type(slug: str = "test-rack-42u", u: int = 42) -> RackType:
    return RackType(
        slug=slug,
        manufacturer="Test",
        model="42U rack",
        u_height=u,
        width_mm=600,
        depth_mm=1200,
        weight_kg=136.0,
        static_load_kg=1361.0,
        source=SOURCE,
    )


def small_design(servers_per_rack: int = 2, racks: int = 2, budget_kw: float = 40.0) -> Design:
    server, switch, rack = server_type(), switch_type(), rack_type()
    design = Design(
        name="Test design",
        site=Site(name="Test site", rooms=[Room(name="Hall 1", width_mm=12000, depth_mm=8000, floor_load_kg_m2=1200)]),
        fabrics=[Fabric(name="compute", role="compute", protocol="infiniband", target_oversubscription=1.0)],
        rack_types=[rack],
        device_types=[server, switch],
    )
    for r in range(racks):
        rack_name = f"R{r + 1:02d}"
        design.racks.append(
            Rack(
                name=rack_name,
                rack_type=rack.slug,
                room="Hall 1",
                row="A",
                x_mm=1000 + r * 600,
                y_mm=2000,
                power_budget_kw=budget_kw,
                feeds=[Feed(name="A", capacity_kw=budget_kw), Feed(name="B", capacity_kw=budget_kw)],
                cooling_air_kw=budget_kw,
            )
        )
        for s in range(servers_per_rack):
            design.devices.append(
                Device(name=f"{rack_name}-srv{s + 1}", device_type=server.slug, rack=rack_name, position_u=2 + s * 8)
            )
    design.devices.append(
        Device(name="leaf1", device_type=switch.slug, rack="R01", position_u=40, face="rear", fabric="compute", tier="leaf")
    )
    for device in [d for d in design.devices if d.device_type == server.slug]:
        for port in range(1, 9):
            design.links.append(
                Link(
                    a=LinkEnd(device=device.name, port=f"cx{port}"),
                    b=LinkEnd(device="leaf1", port=f"p{len(design.links) + 1}"),
                    fabric="compute",
                    media="AOC",
                    length_m=5,
                )
            )
    return design
