"""Generic agents (placeholder until core.ai agents land)."""
