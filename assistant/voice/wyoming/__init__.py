"""wyoming."""
