"""tests/rules/quinito."""
