"""Bacchus' Banquet: the table, its scene and its card faces."""
from desktop.frame.registration import Registration

# No discard pile to drop a card on (Delete); a Banquet turn is a round with its host.
REGISTRATION = Registration(
    game="banquet", table="desktop.games.banquet.table:BanquetTable", mid_game={"banquet": 45},
    adapter="desktop.workbench.adapters:BanquetAdapter", keys_not_here=frozenset({"delete"}), turn_field="round",
    rank=2)
