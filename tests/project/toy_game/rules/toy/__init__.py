"""High Card, a toy game installed outside the repository: the proof that a game is folders only."""
from rules.info import GameInfo, ModeInfo
from rules.kernel import Engine
from rules.toy.engine import Lay, ToyEngine, ToyState


def _standard() -> Engine[ToyState]:
    return ToyEngine()


ENGINES = {"standard": _standard}
INFO = GameInfo("toy", "game.toy", {
    "standard": ModeInfo(players=(2, 4), default_players=3, hidden_information=True, chance=True, max_moves=4,
                         always_ends=True, bots=True, name_key="mode.toy.standard"),
})
MODES = tuple(ENGINES)
MOVES = (Lay,)
State = ToyState


def load(mode: str = "standard") -> Engine[ToyState]:
    """The engine of a mode."""
    from rules.registry import engine

    return engine("toy", mode)
