"""rules/cinquillo."""
