"""Parsifal: the table, its scene and its card faces."""
from desktop.frame.registration import Registration

# The keys that do nothing here: no discard pile to drop a card on (Delete), no curtain, no "mine".
REGISTRATION = Registration(
    game="parsifal", table="desktop.games.parsifal.table:ParsifalTable", mid_game={"parsifal": 20},
    late_game={"parsifal": 60},  # blocks on blocks and artifacts under them: the areas at their most crowded
    adapter="desktop.workbench.adapters:ParsifalAdapter", keys_not_here=frozenset({"delete", "curtain", "mine"}),
    turn_field="turn", rank=3)
