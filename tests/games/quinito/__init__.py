"""tests/games/quinito."""
