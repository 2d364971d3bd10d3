"""Who has won (BB-14): the guests' objectives evaluated on the table as it is now."""
from __future__ import annotations

from cardsets.banquet.loader import BanquetSet, Condition
from cardsets.instances import card_kind as card_kind  # the name the Banquet modules import
from cardsets.instances import instances
from rules.banquet.state import BanquetState


class Judge:
    """Evaluates objectives with the card data of one set."""

    def __init__(self, cards: BanquetSet) -> None:
        self.cards = cards
        self.kinds = {a.id: a.kind for a in cards.actions}
        self.values = {a.id: a.value for a in cards.actions}
        self.teams = {g.id: g.team for g in cards.guests}
        self.objectives = {g.id: g.objective for g in cards.guests}
        # By instance too: the win checks after every move look up each card of every row, and splitting
        # its name each time was a tenth of a random playout's time.
        self.kind_of = {n: a.kind for a in cards.actions for n in instances(a.id, a.count)}

    def kind(self, instance: str) -> str:
        """The kind (wine, dagger...) of an action card instance."""
        kind = self.kind_of.get(instance)
        return kind if kind is not None else self.kinds[card_kind(instance)]

    def wine_points(self, row: list[str]) -> int:
        """The points of the wine cards in a row."""
        return sum(self.values[card_kind(c)] for c in row if self.kind(c) == "wine")

    def daggers_on_table(self, state: BanquetState) -> int:
        """D-15: daggers lying in the rows of characters in play now."""
        return sum(1 for seat, row in enumerate(state.rows) if state.seated(seat)
                   for c in row if self.kind(c) == "dagger")

    def caligula_knocked_out(self, state: BanquetState) -> bool:
        """Whether Caligula has been knocked out (BB-14.2: the conspirators' objective)."""
        return any(self.teams[guest] == "caligula" for _seat, guest in state.knockouts)

    def measure(self, state: BanquetState, seat: int, op: str) -> int:
        """The number an objective condition compares with its minimum."""
        row = state.rows[seat]
        guest = state.guests[seat]
        if op == "dishes_any":
            return sum(1 for c in row if self.kind(c) == "dish")
        if op == "distinct_dishes":
            return len({card_kind(c) for c in row if self.kind(c) == "dish"})
        if op == "distinct_gifts":
            return len({card_kind(c) for c in row if self.kind(c) == "gift"})
        if op == "wine_points":
            return self.wine_points(row)
        if op == "daggers_on_table":
            return self.daggers_on_table(state)
        if op == "others_knocked_out":
            return sum(1 for _seat, g in state.knockouts if g != guest)
        assert op == "caligula_knocked_out", op
        return int(self.caligula_knocked_out(state))

    def meets(self, state: BanquetState, seat: int, condition: Condition) -> bool:
        """Whether `seat` meets an objective's `condition`, combiners (any_of, all_of) included."""
        if condition.op == "any_of":
            return any(self.meets(state, seat, c) for c in condition.parts)
        if condition.op == "all_of":
            return all(self.meets(state, seat, c) for c in condition.parts)
        return self.measure(state, seat, condition.op) >= condition.amount

    def progress(self, state: BanquetState, seat: int) -> list[tuple[str, int, int]]:
        """BB-17.3: each test of the seat's objective as (condition, now, needed).

        It names the objective, so the table shows it only to the guest's owner (or for the
        public guest); an empty list for a player who sits out.
        """
        guest = state.guests[seat]
        if guest is None or guest not in self.objectives:
            return []
        out: list[tuple[str, int, int]] = []
        todo = [self.objectives[guest]]
        while todo:
            condition = todo.pop(0)
            if condition.parts:
                todo[:0] = list(condition.parts)
            else:
                out.append((condition.op, self.measure(state, seat, condition.op), condition.amount))
        return out

    def winners(self, state: BanquetState) -> list[int]:
        """BB-14.1-14.3, D-14, D-16: every character in play whose objective holds now."""
        return [seat for seat, guest in enumerate(state.guests)
                if guest is not None and self.meets(state, seat, self.objectives[guest])]
