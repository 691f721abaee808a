"""voice."""
