"""speak."""
