"""The fabric engine: generate fat trees, analyse any fabric, route and count cables."""
