"""rules/quinito."""
