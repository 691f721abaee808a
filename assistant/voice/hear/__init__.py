"""hear."""
