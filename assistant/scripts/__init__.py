"""Written games: the script format, `kinito replay` and `kinito demo`."""
