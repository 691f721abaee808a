"""A natural table: bots play real games, a talker says them the way people do, a recogniser damages
the lines, and the real referee hears them; the bots' game is the truth it is measured against."""
