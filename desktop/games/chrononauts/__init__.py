"""Chrononauts: Solonauts (solonauts_*, on the main window) and the full game and Artifaxx (full_*)."""
from desktop.frame.registration import Registration

REGISTRATION = Registration(
    game="chrononauts", table="desktop.games.chrononauts.full_table:ChrononautsTable",
    mode_tables={"solonauts": "desktop.games.chrononauts.solonauts_table:SolonautsTable"},
    named_modes=("chrononauts", "artifaxx", "solonauts"),
    mid_game={"chrononauts": 60, "artifaxx": 50, "solonauts": 20},
    adapter="desktop.workbench.adapters:ChrononautsAdapter", turn_field="turn", rank=0)
