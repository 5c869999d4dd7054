"""The design: everything one project file holds."""

from __future__ import annotations

from pydantic import Field

from designer.model.base import Model, Name, PositiveFloat
from designer.model.device import Device
from designer.model.estimates import EstimateInputs, Stage
from designer.model.hardware import DeviceType, RackType
from designer.model.link import Fabric, Link
from designer.model.rack import Rack
from designer.model.site import Site

# Version of the project file format this program writes and the newest it reads.
FORMAT_VERSION = 1


class Revision(Model):
    """An earlier revision of the proposal, for its revision history."""

    revision: str
    date: str | None = None
    author: str | None = None
    note: str | None = None


class Project(Model):
    """Who the design is for and the proposal's commercial inputs: what the design cannot say.
    Printed on the proposal's cover, in its headers and in its scope, delivery and sign-off
    section; every field is optional (an older file without them loads as before), and the
    proposal says "to be agreed" where one is not set."""

    customer: str | None = None
    author: str | None = None
    currency: str = Field(default="USD", pattern=r"^[A-Z]{3}$")
    revision: str = "1.0"
    date: str | None = None
    description: str | None = None
    # procurement: spare cables and optics ordered on top of the installed count, percent (none if unset)
    spares_pct: float | None = Field(default=None, ge=0, le=100)
    # the integrator: company, logo and contact on the cover and in the page headers
    company: str | None = None
    logo: str | None = None  # a PNG or JPEG file; a relative path is relative to the project file's folder
    contact_name: str | None = None
    contact_email: str | None = None
    contact_phone: str | None = None
    # commercial terms (free text where a figure would not say it)
    validity_days: int | None = Field(default=None, ge=1, le=3650)  # the offer holds this many days from its date
    payment_terms: str | None = None
    delivery_schedule: str | None = None  # else the growth stages' dates
    lead_times: str | None = None
    warranty: str | None = None
    support: str | None = None
    revisions: list[Revision] = Field(default_factory=list)  # earlier revisions, oldest first


class Targets(Model):
    """What the design promises; checks measure against these."""

    # Aggregate storage read bandwidth each GPU needs (GB/s); None = not checked.
    storage_read_gbytes_s_per_gpu: PositiveFloat | None = None


class Compliance(Model):
    """Answered by the user: the tool cannot measure security and compliance."""

    data_security_covered: bool | None = None
    notes: str | None = None


class Design(Model):
    format_version: int = FORMAT_VERSION
    name: Name
    project: Project = Field(default_factory=Project)
    site: Site = Field(default_factory=Site)
    targets: Targets = Field(default_factory=Targets)
    compliance: Compliance = Field(default_factory=Compliance)
    fabrics: list[Fabric] = Field(default_factory=list)
    estimates: EstimateInputs = Field(default_factory=EstimateInputs)
    stages: list[Stage] = Field(default_factory=list)
    racks: list[Rack] = Field(default_factory=list)
    devices: list[Device] = Field(default_factory=list)
    links: list[Link] = Field(default_factory=list)
    # Every type the design uses is embedded, so the file opens without the catalog
    # it was made with.
    rack_types: list[RackType] = Field(default_factory=list)
    device_types: list[DeviceType] = Field(default_factory=list)
