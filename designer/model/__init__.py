"""The design model (pydantic v2): what a project file holds. No Qt, no I/O beyond ``io``."""

from designer.model.design import FORMAT_VERSION, Compliance, Design, Project, Targets
from designer.model.device import Device
from designer.model.hardware import (
    Breakout,
    DeviceType,
    GpuSpec,
    PortGroup,
    PowerSpec,
    Price,
    PsuSpec,
    RackType,
    SourceRef,
    StorageSpec,
)
from designer.model.estimates import EstimateInputs, Stage
from designer.model.index import DesignIndex
from designer.model.link import Fabric, Link, LinkEnd
from designer.model.rack import Feed, Rack
from designer.model.site import Room, Site

__all__ = [
    "FORMAT_VERSION",
    "Breakout",
    "Compliance",
    "Design",
    "DesignIndex",
    "Device",
    "DeviceType",
    "EstimateInputs",
    "Fabric",
    "Feed",
    "GpuSpec",
    "Link",
    "LinkEnd",
    "PortGroup",
    "PowerSpec",
    "Price",
    "Project",
    "PsuSpec",
    "Rack",
    "RackType",
    "Room",
    "Site",
    "SourceRef",
    "Stage",
    "StorageSpec",
    "Targets",
]
