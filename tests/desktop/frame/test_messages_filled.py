"""Issue #39, item 7: no message a player can read shows a raw placeholder ("There is no option called {name}") or
a raw key ("option.composition_count"), in any language.

The code is read for what it says: every typed error raised with a fixed text key (rules/ and desktop/), with the
keyword arguments the code passes, is said through the translator as the app says it, in each language; so is each
game's refusal wrapped as a save's reason (`save.bad_options`, `save.illegal_move`), as the main window says it
whatever the game. (That every `text("key", ...)` call gives each placeholder its string has is a step of
`convivium check`: cardsets/text_usage.py, tests/cardsets/test_placeholder_languages.py.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardsets import text_usage
from cardsets.text import LANGUAGES
from desktop.frame.i18n import Translator
from rules.kernel import RulesError
from rules.match import Match
from rules.registry import engine, modes
from rules.saves import SaveError

ROOT = Path(__file__).resolve().parents[3]
GAMES = tuple(modes())
RAW_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
RAW_KEY = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b")  # "option.composition_count", "arco.title"
# A save's reason given by the game's rules (rules/saves.py wraps them with the game's parameters).
WRAPPED = {"BadOption": "save.bad_options", "IllegalMove": "save.illegal_move"}


@dataclass(frozen=True)
class Raised:
    where: str  # file:line, for the failure message
    game: str | None  # the game whose texts say it (None: any game's table may say it)
    error: str
    code: str
    params: tuple[str, ...]


def raised() -> list[Raised]:
    """Every typed error the code raises with a fixed key and its arguments written out (cardsets/text_usage.py)."""
    found = []
    for path, node, code in text_usage.calls(ROOT):
        name = text_usage.call_name(node)
        parts = path.relative_to(ROOT).parts
        game = parts[1] if parts[0] == "rules" and len(parts) > 2 and parts[1] in GAMES else None
        if name in text_usage.ERRORS and not any(k.arg is None for k in node.keywords):
            found.append(Raised(f"{path.relative_to(ROOT)}:{node.lineno}", game, name, code,
                                tuple(str(k.arg) for k in node.keywords)))
    return found


RAISED = raised()


@pytest.fixture(scope="module")
def window() -> Translator:
    """The main window's translator (Chrononauts' texts and the app's); other games' through for_game."""
    return Translator("en")


def card_of(tr: Translator) -> str:
    """A card of `tr`'s game, as the engines name an instance (a card's title or name is a text of the game)."""
    strings = tr.game.strings["en"]
    titled = [k for k in strings if k.endswith(".title")] or [k for k in strings if k.endswith(".name")]
    return titled[0].rsplit(".", 1)[0] + "#1"


def values(tr: Translator, params: tuple[str, ...]) -> dict[str, object]:
    return {name: card_of(tr) if name == "card" else 3 for name in params}


def unfilled(text: str, code: str) -> list[str]:
    """What of `text` is not for a person: a placeholder left as written, or the key itself."""
    return RAW_PLACEHOLDER.findall(text) + RAW_KEY.findall(text) + ([code] if code in text else [])


def test_the_code_is_read() -> None:
    """The scan finds what it is for: every game's refusals and options, and the wrapped save reasons."""
    codes = {r.code for r in RAISED}
    assert {"option.unknown", "option.composition_count", "option.players_range", "save.cardset_version",
            "names.lookalike", "illegal.not_in_hand"} <= codes
    assert {r.game for r in RAISED} >= set(GAMES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_typed_error_is_said_in_full(window: Translator, language: str) -> None:
    window.set_language(language)
    wrong = []
    for r in RAISED:
        for game in (r.game,) if r.game is not None else GAMES:
            tr = window.for_game(game) if game != "chrononauts" else window
            said = tr.reason(RulesError(r.code, **values(tr, r.params)))
            wrong += [f"{r.where} {game}: {said!r}" for _ in unfilled(said, r.code)[:1]]
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_save_refused_by_a_games_rules_is_said_in_that_games_words(window: Translator, language: str) -> None:
    """"There is no option called {name}", "needs {low} to {high} players" and "option.composition_count": a Banquet,
    Bacchanalia or Parsifal save refused for its options or a move was said in Chrononauts' words, its parameters
    dropped, by the main window."""
    window.set_language(language)
    wrong = []
    for r in RAISED:
        if r.error not in WRAPPED:
            continue
        for game in (r.game,) if r.game is not None else GAMES:
            rules = window.for_game(game) if game != "chrononauts" else window
            cause = RulesError(r.code, **values(rules, r.params))
            error = SaveError.because(WRAPPED[r.error], cause, game, number=4)  # as rules/saves.py wraps it
            said = window.reason(error)
            wrong += [f"{r.where} {game}: {said!r}" for _ in unfilled(said, r.code)[:1]]
    assert wrong == []


@pytest.mark.parametrize(("game", "mode", "options"), [
    ("banquet", "standard", {"players": 3, "gifts": 2}),  # "There is no option called {name}"
    ("parsifal", "standard", {"players": 9}),  # "This game needs {low} to {high} players"
    ("bacchanalia", "standard", {"players": 3, "umbra_composition": {"vinum": 99}}),  # option.composition_count
    ("bacchanalia", "standard", {"players": 3, "umbra_composition": {"wine": 2}}),
])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_save_with_options_its_game_refuses_says_why_in_full(window: Translator, game: str, mode: str,
                                                              options: dict[str, object], language: str) -> None:
    """The four messages of the issue, read from real files as File → Open reads them, said by the main window."""
    from rules import saves

    window.set_language(language)
    data = saves.to_dict(Match(engine(game, mode), {"players": 3}, 1))
    with pytest.raises(SaveError) as caught:
        saves.from_dict({**data, "options": options})
    said = window.reason(caught.value)
    assert said.startswith(window.text("save.bad_options", reason=""))
    assert unfilled(said, str(caught.value.params["reason"])) == [] and "umbra_" not in said


@pytest.mark.parametrize("saved", [None, "2", 1.5, True])
def test_a_save_without_a_version_of_the_cards_is_not_said_to_have_version_none(window: Translator,
                                                                                saved: object) -> None:
    from rules import saves

    window.set_language("en")
    data = {"format": saves.FORMAT, "format_version": saves.FORMAT_VERSION, "game": "parsifal", "mode": "standard",
            "options": {"players": 3}, "seed": 1, "moves": []}
    if saved is not None:
        data["cardset_version"] = saved
    with pytest.raises(SaveError) as caught:
        saves.from_dict(data)
    said = window.reason(caught.value)
    assert said == window.text("save.not_a_save") and "None" not in said
