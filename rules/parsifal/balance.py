"""PAR-12's balance checks: many seeded games played by the reference policy, and their figures.

Run ``python -m rules.parsifal.balance --games 400 --players 2,4,6`` (add ``--random`` for the
uniformly random sanity figure). The reference policy (PAR-12): win now if a move wins for you;
never make a move after which only others win if another move exists; otherwise maximise
10·(your best character's share of met conditions)² − 6·(best opponent character's share)², plus a
small bonus per artifact held, ties broken at random; as a responder, interrupt only an action
that would make someone else win or sharply raise the active player's score. A declared action
is judged as if nobody interrupted it.

B-5 is read so that the seats' shares add up to 100%: a shared win counts 1/k for each of its k
winners (counting it whole for each would put a fair game over 1/n + 8 points as soon as copies
share wins). Shared wins are given as a share of games, as the prototype's figures read, and of wins.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from random import Random

from rules.kernel import Move
from rules.parsifal.engine import ParsifalEngine
from rules.parsifal.missions import progress
from rules.parsifal.moves import Decline, EndTurn, Interrupt, SpendForExtra
from rules.parsifal.state import ParState, card_type

WIN, LOSS = 1000.0, -1000.0
ARTIFACT_BONUS = 0.05
SHARP_RISE = 3.0  # a responder interrupts an action that raises the active player's score this much


def value(eng: ParsifalEngine, state: ParState, player: int) -> float:
    """How good `state` is for `player` under the reference policy."""
    if state.step == "over":
        if player in state.winners:
            return WIN
        return LOSS if state.winners else 0.0
    shares = progress(eng.cards, state)
    mine = max((v for c, v in shares.items() if state.owner[c] == player), default=0.0)
    theirs = max((v for c, v in shares.items() if state.owner[c] != player), default=0.0)
    held = sum(len(state.held[c]) for c in state.owner if state.owner[c] == player)
    return 10 * mine ** 2 - 6 * theirs ** 2 + ARTIFACT_BONUS * held


def settle(eng: ParsifalEngine, state: ParState, move: Move) -> None:
    """Apply `move`; if it opens a response window, everybody declines."""
    eng.apply(state, move)
    while state.step == "window":
        eng.apply(state, Decline(min(eng.to_act(state))))


def choose(eng: ParsifalEngine, state: ParState, player: int, rnd: Random) -> Move:
    """The reference policy's move for `player` (PAR-12): the move whose result `value` rates best."""
    legal = eng.legal_moves(state, player)
    if state.step == "window":
        return respond(eng, state, player, legal)
    best: Move = legal[0]
    best_score = float("-inf")
    for move in legal:
        after = eng.clone(state)
        settle(eng, after, move)
        score = value(eng, after, player)
        if isinstance(move, SpendForExtra) and after.step == "extra":
            score = max(value(eng, _after(eng, after, m), player) for m in eng.legal_moves(after, player))
        score += rnd.random() * 1e-6
        if score > best_score:
            best, best_score = move, score
    return best


def _after(eng: ParsifalEngine, state: ParState, move: Move) -> ParState:
    twin = eng.clone(state)
    settle(eng, twin, move)
    return twin


def respond(eng: ParsifalEngine, state: ParState, player: int, legal: list[Move]) -> Move:
    """The reference policy's answer to an open window: interrupt only an action that would make someone else
    win or sharply raise the active player's score, else decline."""
    interrupts = [m for m in legal if isinstance(m, Interrupt)]
    resolved = eng.clone(state)
    while resolved.step == "window":
        eng.apply(resolved, Decline(min(eng.to_act(resolved))))
    others_win = bool(resolved.winners) and player not in resolved.winners
    active = state.active
    rise = value(eng, resolved, active) - value(eng, state, active) if resolved.step != "over" else 0.0
    if interrupts and (others_win or rise >= SHARP_RISE):
        horn = [m for m in interrupts if card_type(m.artifact) == "corno"]
        return (horn or interrupts)[0]
    return Decline(player)


@dataclass
class Tally:
    """The figures of PAR-12 for one player count."""

    players: int
    games: int = 0
    won_early: int = 0  # B-1: won within the deck + 2 rounds
    type_wins: Counter[str] = field(default_factory=Counter)  # B-2
    draws: Counter[str] = field(default_factory=Counter)  # B-3, by reason
    won_on_entry: int = 0  # B-4, per card: a winning card entered play this turn
    type_on_entry: int = 0  # B-4, per type: the first copy in play of a winning type entered this turn
    seat0_wins: int = 0  # B-5, counting seat 0 whole whenever it is among the winners
    seat0_credit: float = 0.0  # B-5, a shared win credited 1/k to each of its k winners
    wins: int = 0
    shared: int = 0
    win_turns: list[int] = field(default_factory=list)
    interrupts: int = 0

    def record(self, state: ParState) -> None:
        """Add one finished game to the figures."""
        self.games += 1
        if not state.winners:
            self.draws[state.reason or "?"] += 1
            return
        self.wins += 1
        self.win_turns.append(state.turn)
        deck_end = state.last_draw_turn if state.last_draw_turn is not None else state.turn
        self.won_early += state.turn <= deck_end + 2 * self.players
        self.type_wins.update({card_type(c) for c in state.winning})
        self.won_on_entry += any(state.entered[c] == state.turn for c in state.winning)
        first_entry = {card_type(c): min(state.entered[x] for x in state.owner if card_type(x) == card_type(c))
                       for c in state.winning}
        self.type_on_entry += any(turn == state.turn for turn in first_entry.values())
        self.seat0_wins += 0 in state.winners
        self.seat0_credit += (0 in state.winners) / len(state.winners)
        self.shared += len(state.winners) > 1

    def lines(self) -> list[str]:
        """The figures as lines of text, one figure of PAR-12 a line."""
        n, wins = self.games, max(self.wins, 1)

        def pct(k: int, d: int = n) -> str:
            return f"{100 * k / max(d, 1):.1f}%"

        types = ", ".join(f"{t} {pct(k)}" for t, k in self.type_wins.most_common())
        median = statistics.median(self.win_turns) if self.win_turns else 0
        return [
            f"players {self.players}: {n} games, {self.wins} won, draws {dict(self.draws)}",
            f"  B-1 won within deck + 2 rounds: {pct(self.won_early)}",
            f"  B-2 wins by type (share of games): {types}",
            f"  B-3 draws: {pct(sum(self.draws.values()))}",
            f"  B-4 won in the turn the winning card entered play: {pct(self.won_on_entry)}; "
            f"the winning type: {pct(self.type_on_entry)}",
            f"  B-5 seat 0's share of wins: {100 * self.seat0_credit / wins:.1f}% (a shared win split among "
            f"its winners; counted whole: {pct(self.seat0_wins, wins)}); "
            f"shared wins: {pct(self.shared)} of games ({pct(self.shared, wins)} of wins)",
            f"  median turn of the win: {median}; interrupts per game: {self.interrupts / max(n, 1):.2f}",
        ]


def play_game(eng: ParsifalEngine, players: int, seed: int, tally: Tally, *, random_play: bool = False) -> None:
    """Play one seeded game by the reference policy (or at random) and add its figures to `tally`."""
    rnd = Random(seed)
    state = eng.new_state({"players": players}, seed)
    while state.step != "over":
        player = min(eng.to_act(state))
        if random_play:
            legal = eng.legal_moves(state, player)
            actions = [m for m in legal if not isinstance(m, EndTurn)]
            move = rnd.choice(actions or legal)
        else:
            move = choose(eng, state, player, rnd)
        if isinstance(move, Interrupt):
            tally.interrupts += 1
        eng.apply(state, move)
    tally.record(state)


def main(argv: list[str] | None = None) -> int:
    """The balance check's command line (see the module's docstring); returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", default="2,4,6")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--random", action="store_true", help="uniformly random play (sanity figure only)")
    parser.add_argument("--report-every", type=int, default=0, help="also print the running figures every N games")
    args = parser.parse_args(argv)
    import cardsets
    from cardsets.parsifal.loader import ParsifalSet

    cards = cardsets.load_set("parsifal")
    assert isinstance(cards, ParsifalSet)
    eng = ParsifalEngine(cards)
    for players in (int(p) for p in args.players.split(",")):
        tally = Tally(players)
        for seed in range(args.first_seed, args.first_seed + args.games):
            play_game(eng, players, seed, tally, random_play=args.random)
            if args.report_every and tally.games % args.report_every == 0 and tally.games < args.games:
                print("\n".join(["(running)", *tally.lines()]), flush=True)
        print("\n".join(tally.lines()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
