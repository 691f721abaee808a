"""Decoding the conversation, not the line: what the heard lines say about what the table did.

Pure modules: `readings` reads a line beside its Parse (negation, protest, correction, two moves in one
line), `question` is the referee's one open question, `hypotheses` folds each reading of a line on the
game and keeps those that fit, `echoes` tells a repeated read-out or shout from a new move, `words`
holds the word lists and says what the decoder says. What a line means in one game only (the two
readings of "deux six", a rank no deck has) the game reads (assistant/game/hearing.py).
"""
