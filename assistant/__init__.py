"""Kinito: an offline, French-speaking voice referee for table games."""

__version__ = "0.1.0"
