"""The control plane: BCM/Slurm management nodes and UFM appliances.

NVIDIA DGX SuperPOD RA-11333-001 Appendix A: 4 UFM appliances and 4 BCM management
servers for 127 DGX H100 (Table 7). Table 4 counts 4 UFM cables into the compute
fabric at every size ("Compute and UFM" = nodes x 8 + 4; "a DGX system must be
removed to accommodate for UFM connectivity"), and Table 8 the same 4 into the storage
fabric, each pair through 200G splitters (2 "NDR Cables, 200 Gbps, UFM to leaf ports");
the management nodes have 2 x 100G bonded in-band links (8 AOCs for 4) and 2 x 200G on
the storage fabric (4 "HDR 400 Gbps to 2x200 Gbps, Slurm management" splitters). So:
one HA pair of UFM appliances per InfiniBand fabric, cabled to free leaf ports; where
a fabric has no free leaf port (every SU full) its UFM pair is left out and the
generator says so.
"""

from __future__ import annotations

import math

from designer.catalog import Catalog
from designer.errors import DesignerError, GenerationError
from designer.fabric import plan as fp
from designer.fabric.build_side import attach_control, fabric_ports, format_speeds
from designer.fabric.draft import CENTRAL, Draft, Resolved, with_user_figures
from designer.fabric.generate_spec import GenerateSpec
from designer.fabric.wiring import Endpoint
from designer.i18n.templates import format_ratio
from designer.model.device import Device
from designer.model.hardware import DeviceType

UFM_PER_FABRIC = 2  # an HA pair (RA-11333-001 Table 8: 2 "UFM Back-to-Back" cables for 4 appliances)


def management_server(spec: GenerateSpec, catalog: Catalog, server: DeviceType) -> str:
    """The management node type: the user's (``--management-server``), else the one the
    server's catalog entry names (``reference_management_server``), else the default. A
    reference that names no catalog server is refused naming the entry and the field (review
    15: the message named neither, and the window offers no field to choose another)."""
    if spec.management_server:
        return spec.management_server
    slug = server.reference_management_server
    if slug is None:
        return DEFAULT_MANAGEMENT_SERVER
    try:
        catalog.require_device(slug, ("server", "other"), "management server")
    except DesignerError as exc:
        raise GenerationError(
            f"{server.slug}'s catalog entry names reference_management_server {slug!r}: {exc.message}",
            hint=f"name the management node with --management-server SLUG, or correct {server.slug}'s "
                 "reference_management_server in its catalog file") from None
    return slug


def _check_management_weight(spec: GenerateSpec, single: bool, management: str) -> None:
    """``--management-server-weight-kg`` only where management nodes are placed, and of a
    type that is not the GPU server's (whose weight ``--server-weight-kg`` gives): else the
    figure would be dropped without a word (review 53)."""
    if spec.management_server_weight_kg is None:
        return
    if single or spec.management_nodes == 0:
        raise GenerationError(
            f"--management-server-weight-kg {spec.management_server_weight_kg:g}: the design places no management "
            f"node ({'a one-server design has none' if single else '--management-nodes 0'})",
            hint="leave out --management-server-weight-kg")
    if management == spec.server:
        raise GenerationError(
            f"--management-server-weight-kg {spec.management_server_weight_kg:g}: the management server is "
            f"{spec.server}, the GPU server, which weighs what the GPU servers weigh",
            hint="leave out --management-server-weight-kg: the GPU server's weight is its published figure, or "
                 "--server-weight-kg where its vendor publishes none")


# the DGX SuperPOD RA's "BCM Management servers" (RA-11333-001 Table 7), where neither the user
# nor the server's reference design names a management node
DEFAULT_MANAGEMENT_SERVER = "generic-management-server-x86"


class ControlPlane:
    def __init__(self, draft: Draft, catalog: Catalog, resolved: Resolved, single: bool) -> None:
        spec = draft.spec
        self.draft = draft
        self.catalog = catalog
        self.resolved = resolved
        self.management: list[str] = []
        self.ufm: dict[str, list[str]] = {}
        self.ufm_type: DeviceType | None = None
        self.management_type: DeviceType | None = None
        self.noted_inband = False  # a note said how the management nodes stand to the in-band fabric
        placed = not single and spec.management_nodes > 0
        slug = management_server(spec, catalog, resolved.server) if placed else ""
        _check_management_weight(spec, single, slug)
        if single:
            return
        if spec.management_nodes > 0:
            self.management_type = with_user_figures(
                catalog.require_device(slug, ("server", "other"), "management server"), spec,
                [("--management-server-weight-kg", "a weight", "weight", spec.management_server_weight_kg,
                  spec.management_server_weight_kg)])
            draft.add_type(self.management_type)
            for i in range(spec.management_nodes):
                self._add(f"mgmt{i + 1:02d}", self.management_type)
                self.management.append(f"mgmt{i + 1:02d}")
        per_fabric = UFM_PER_FABRIC if spec.ufm_appliances is None else spec.ufm_appliances
        if per_fabric > 0:
            self.ufm_type = catalog.require_device(spec.ufm_appliance, ("server", "other"), "UFM appliance")
            self.per_fabric = per_fabric

    def _add(self, name: str, device_type: DeviceType) -> None:
        self.draft.devices[name] = Device(name=name, device_type=device_type.slug)
        self.draft.groups[name] = CENTRAL

    def _ufm_endpoints(self, fabric: str) -> list[Endpoint]:
        """A UFM pair for an InfiniBand fabric: its fabric ports (role compute)."""
        if self.ufm_type is None:
            return []
        self.draft.add_type(self.ufm_type)
        names = [f"ufm-{fabric}{i + 1:02d}" for i in range(self.per_fabric)]
        self.ufm[fabric] = names
        for name in names:
            self._add(name, self.ufm_type)
        return [Endpoint(n, fabric_ports(self.ufm_type, "compute"), CENTRAL) for n in names]

    def _drop(self, fabric: str) -> None:
        for name in self.ufm.pop(fabric, []):
            self.draft.devices.pop(name, None)
            self.draft.groups.pop(name, None)

    def ufm_on_compute(self, notes: list[str]) -> None:
        fabrics = [f for f in self.draft.fabrics if f.role == "compute" and f.protocol == "infiniband"]
        if not fabrics or self.ufm_type is None:
            return
        fabric = fabrics[0]
        endpoints = self._ufm_endpoints("compute")
        plan = self.draft.plans.get(fabric.name)
        # the leaves; a one-tier fabric's single switch has no tier, and every port of it faces endpoints
        one_tier = plan is not None and plan.tiers == 1
        leaves = [d for d in self.draft.devices.values() if d.fabric == fabric.name
                  and (d.tier == "leaf" or (one_tier and d.tier is None))]
        switch = self.draft.types[leaves[0].device_type] if leaves else None
        group = switch.main_fabric_group() if switch else None
        made = None
        if group is not None:
            down = group.count
            if plan and plan.tiers > 1:
                # a free port counts only while the leaf stays within its ratio (the uplinks
                # were sized for the servers)
                ratio = self.draft.spec.oversubscription
                down = min(group.count - plan.uplinks_per_leaf, math.floor(plan.uplinks_per_leaf * ratio + 1e-9))
            slots = [(d, fp.LeafPorts(group.count, 1, down, group.count - down)) for d in leaves]
            made = attach_control(self.draft.links, slots, group, endpoints, fabric.name, self.draft.port_speed_gbps)
        if made is None:
            self._drop("compute")
            if one_tier and group is not None and leaves:
                notes.append(
                    f"no free port on the {fabric.name} switch {leaves[0].name} for the UFM appliances: the servers "
                    f"take all {group.count} of its ports; the UFM pair for this fabric is left out (one server "
                    "fewer, or --tiers 2, makes room: NVIDIA's RA leaves one DGX out for UFM, RA-11333-001 "
                    "Table 4 note 1)")
                return
            if self.draft.compute_rack_aligned:
                notes.append(
                    f"no free {fabric.name} leaf port for the UFM appliances: each leaf's downlinks are its racks' "
                    f"compute trays and its uplinks match them at {format_ratio(self.draft.spec.oversubscription)}, "
                    "so a UFM port more would oversubscribe it; the UFM pair for this fabric is left out")
                return
            notes.append(
                f"no free {fabric.name} leaf port for the UFM appliances: every scalable unit is full "
                "(NVIDIA's RA leaves one DGX out of an SU to make room, RA-11333-001 Table 4 note 1); "
                "the UFM pair for this fabric is left out")
            return
        self.draft.links.extend(made)

    def storage_endpoints(self, compute_protocol: str) -> list[Endpoint]:
        """What the storage fabric cables besides servers and storage: on InfiniBand the
        management nodes' storage ports and a UFM pair."""
        endpoints = []
        # the RA cables the management nodes' HDR200 VPI ports into the InfiniBand storage
        # fabric ("Slurm management"); on Ethernet storage they reach it through in-band
        if self.management_type is not None and compute_protocol == "infiniband":
            ports = fabric_ports(self.management_type, "storage")
            endpoints += [Endpoint(n, ports, CENTRAL) for n in self.management if ports]
        if compute_protocol == "infiniband":
            endpoints += self._ufm_endpoints("storage")
        return endpoints

    def storage_through_inband(self, notes: list[str]) -> None:
        """On an Ethernet storage fabric the management nodes are not cabled to it (they reach
        storage through in-band, ``storage_endpoints``): their type says so (``fabric_ports``
        storage: none), so the checks do not ask for those ports (they asked on every RoCE
        design: PORT_UNCONNECTED, "cable them to the storage fabric"), and a note says why."""
        t = self.management_type
        if t is None or not self.management or not t.ports_with_role("storage"):
            return
        self.management_type = t.model_copy(update={"fabric_ports": {**t.fabric_ports, "storage": []}})
        self.draft.types[t.slug] = self.management_type
        self.noted_inband = True  # each note below says it
        mine = {g.speed_gbps for g in t.ports_with_role("inband")}
        theirs = {g.speed_gbps for g in self.resolved.server.ports_with_role("inband")}
        if not theirs or self.draft.spec.inband_ports_per_server == 0:
            notes.append(f"the storage fabric runs Ethernet and no in-band fabric is built: the "
                         f"{len(self.management)} management nodes' storage ports are left uncabled")
            return
        if mine and not mine & theirs and min(mine) > max(theirs):
            # a 1GbE in-band network (DGX B300) leaves the nodes' 100G in-band ports free
            notes.append(f"the storage fabric runs Ethernet: the {len(self.management)} management nodes' storage "
                         f"ports are left uncabled, and their {format_speeds(mine)}G in-band ports are not on the "
                         f"{format_speeds(theirs)}G in-band fabric")
            return
        if mine and max(mine) < min(theirs):
            # the in-band fabric runs at the servers' speed and takes no slower port (the GB200
            # trays' 200GbE BlueField-3 ports beside the management nodes' 100G ones)
            notes.append(
                f"the storage fabric runs Ethernet and the in-band fabric at "
                f"{format_speeds(theirs)}G, where the {len(self.management)} management "
                f"nodes' in-band ports run at {format_speeds(mine)}G: their storage and "
                "in-band ports are left uncabled; cable them by hand, or choose a management server with "
                "in-band ports of the servers' speed (--management-server)")
            return
        notes.append(f"the storage fabric runs Ethernet: the {len(self.management)} management nodes reach storage "
                     "through the in-band network, their storage ports are left uncabled")

    def drop_storage_ufm(self) -> None:
        self._drop("storage")

    def inband_endpoints(self) -> list[Endpoint]:
        if self.management_type is None:
            return []
        ports = fabric_ports(self.management_type, "inband")
        return [Endpoint(n, ports, CENTRAL) for n in self.management if ports]
