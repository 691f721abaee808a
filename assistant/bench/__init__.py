"""Measuring the project on this machine (`kinito bench`), and the utterance streams that drive it."""
