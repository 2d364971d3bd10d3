"""Chrononauts: Solonauts (solonauts_*, on the main window) and the full game and Artifaxx (full_*)."""
