"""What every table stands on: the scene and its cards, the seat table, keys, panels, texts, files."""
