"""Bacchus' Banquet: the table, its scene and its card faces."""
