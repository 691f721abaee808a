"""The phrase grammars (data), installed as `assistant.grammars` (see setup.py and pyproject.toml).

Only YAML lives here; this file makes the folder a regular package, so that editable installs map it
and `importlib.resources.files("assistant.grammars")` finds it in every kind of install.
"""
