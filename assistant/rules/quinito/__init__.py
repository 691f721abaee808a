"""rules/quinito: the Quinito/Kinito dice game as one game with its edition and variants as parameters.

scores (Q2/Q3 as data), commands, events, state, engine (decide), evolve, resolve (settling a lifted cup),
explain (the rules help as configured). Entry point: `engine.QuinitoGame(QuinitoConfig(...))`.
"""
