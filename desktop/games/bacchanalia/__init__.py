"""Bacchanalia: the table, its scene, its card faces and the story journal."""
