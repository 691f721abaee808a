"""Quinito's game for `kinito demo`, as a replay script (docs/command-line.md "Script format").

Five players, drinking edition. It shows, in order: an announcement and an accept (Q5, Q6), a bluff
caught (Q6, Q7), a quinito with its attack (Q9, Q12), a forbidden word (Q11), a rules question and
the standings (wake-word commands), a wrong lift (Q6), and "whose turn".
"""

SCRIPT = """\
game: quinito
players: Ana, Bruno, Chloé, David, Émile
edition: drinking
slow: off
---
Ana: soixante deux
Bruno: j'accepte
Bruno: soixante cinq
Chloé: menteur
table: cinquante quatre
Bruno: quinito
Bruno: à ma gauche
Chloé: je prends
Chloé: je bois à ta santé
David: arbitre c'est quoi un défi
Émile: arbitre les scores
Bruno: quarante trois
Chloé: je soulève
table: cinq trois
Émile: arbitre à qui le tour
"""
"""Q5-Q12 and the wake-word commands, one line per utterance."""


def script() -> str:
    """The demo game's script text (the registry's `demo`)."""
    return SCRIPT
