"""Parsifal: the table, its scene and its card faces."""
