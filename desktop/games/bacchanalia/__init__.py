"""Bacchanalia: the table, its scene, its card faces and the story journal."""
from desktop.frame.registration import Registration

# Nothing to drop on a discard pile, no curtain where nothing is secret, no hint where no computer plays
# (the Aruspex panel is the guide).
REGISTRATION = Registration(
    game="bacchanalia", table="desktop.games.bacchanalia.table:BacchanaliaTable", mid_game={"bacchanalia": 25},
    adapter="desktop.workbench.adapters:BacchanaliaAdapter", keys_not_here=frozenset({"curtain", "hint", "answer", "mine"}),
    turn_field="turn_number", rank=1)
