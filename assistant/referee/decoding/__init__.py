"""Decoding the conversation, not the line: what the heard lines say about what the table did.

Pure modules: `readings` reads a line beside its Parse (negation, protest, correction, the two
readings of "deux six", two moves in one line), `question` is the referee's one open question,
`hypotheses` folds each reading of a line on the game and keeps those that fit, `echoes` tells a
repeated read-out or shout from a new move, `sentences` says what the decoder says.
"""
