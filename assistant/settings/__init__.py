"""Table settings: the game configuration (table.py) and the play settings with kinito.toml (play.py)."""
