"""Planning estimates: cost of ownership, collective communication, storage sizing, growth stages."""
