"""understanding."""
