"""The games, one folder each. Importing this package registers them (assistant.game).

The order is the registry's: the first game is the default of a table that names none.
"""

import importlib

GAMES = ("quinito", "cinquillo")
"""The game folders: the registry line. A new game adds its folder name here (or registers itself
from anywhere else that is imported, as the toy game of the tests does)."""

for _name in GAMES:
    importlib.import_module(f"{__name__}.{_name}")
