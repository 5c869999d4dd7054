"""The proposal's sections, in order. Each is ``build(ctx) -> list of flowables``."""
