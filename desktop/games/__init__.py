"""One package per game: its table, its scene (where the cards lie) and its card faces."""
