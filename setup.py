"""Package discovery that pyproject.toml cannot express on its own.

`grammars/` stays at the repository root (the project's layout) but is installed inside the package
as `assistant.grammars` (the package-dir mapping in pyproject.toml). `packages.find` only discovers
folders where they are, so the list is built here: every `assistant*` package found, plus that one.
Everything else (metadata, dependencies, package data) is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["assistant*"]), "assistant.grammars"])
