"""High Card's table: found by its registration, the repository untouched (docs/new-game.md)."""
from desktop.frame.registration import Registration

REGISTRATION = Registration(
    game="toy", table="desktop.games.toy.table:ToyTable", mid_game={"toy": 1},
    adapter="desktop.games.toy.table:ToyAdapter", keys_not_here=frozenset({"delete", "answer", "mine"}),
    turn_field="turn")
