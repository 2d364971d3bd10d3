"""The story journal of a Bacchanalia game: what the table jotted for each scene, and the story
written out at the end (or any time) as Markdown.

Markdown, not HTML: the exported file is itself the readable story in any text editor or mail,
needs no browser, and still renders as a formatted page wherever Markdown is shown.

Notes are keyed by the engine's turn number, the scene they were written for. They live beside
the match, never inside it, so taking a move back never takes text back with it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsets.files import is_text
from rules.kernel import Event
from rules.saves import write_atomic

Text = Callable[..., str]  # a translator's text(key, **params)
MAX_ELAPSED = 10 * 24 * 3600.0  # seconds: ten days of play, far beyond the longest time limit (a day)


@dataclass
class Journal:
    notes: dict[int, str] = field(default_factory=dict)  # turn number -> what the table wrote
    elapsed: float = 0.0  # seconds the table's clock has run, for a game with a time limit (BAC-4.3)

    def note(self, turn: int) -> str:
        return self.notes.get(turn, "")

    def write(self, turn: int, text: str) -> None:
        if text.strip():
            self.notes[turn] = text
        else:
            self.notes.pop(turn, None)

    def to_dict(self) -> dict[str, Any]:
        return {"notes": {str(turn): text for turn, text in sorted(self.notes.items())}, "elapsed": self.elapsed}

    @classmethod
    def from_dict(cls, data: object) -> Journal:
        """A journal read back from a save; whatever is not understood is left out, the game still opens."""
        journal = cls()
        if not isinstance(data, dict):
            return journal
        notes = data.get("notes")
        if isinstance(notes, dict):
            for turn, text in notes.items():
                # isdigit() also accepts "²"; a scene number is a few ASCII digits.
                # A lone surrogate could never be written back (nor exported): the note is left out.
                if isinstance(turn, str) and turn.isascii() and turn.isdigit() and len(turn) <= 9 \
                        and isinstance(text, str) and is_text(text):
                    journal.write(int(turn), text)
        elapsed = data.get("elapsed")
        # Bounded before float(): 10**400 fits no float, and infinity would overflow the clock's int()
        # (NaN fails the comparison too).
        if isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool) and 0 <= elapsed <= MAX_ELAPSED:
            journal.elapsed = float(elapsed)
        return journal


@dataclass
class Scene:
    """One turn of the story as the events tell it."""

    turn: int
    player: int
    kind: str  # intro / normal / miles / sudden
    ruler: str | None = None  # the dominant type, or "tie"
    tied: list[str] = field(default_factory=list)
    prompt: str | None = None  # the Aruspex prompt key
    moved: bool | None = None
    ending: dict[str, Any] | None = None  # the player_out event's params, when the scene was a finale


def scenes(events: Sequence[Event]) -> list[Scene]:
    out: list[Scene] = []
    for event in events:
        p = event.params
        if event.kind == "turn_started":
            out.append(Scene(p["turn"], p["player"], p["kind"]))
        elif not out:
            continue
        elif event.kind == "dominant":
            out[-1].ruler, out[-1].tied = p["result"], list(p["tied"])
        elif event.kind == "aruspex":
            out[-1].prompt = p["prompt"]
        elif event.kind == "narration_done":
            out[-1].moved = p["moved"]
        elif event.kind == "player_out":
            out[-1].ending = dict(p)
    return out


def ending_text(text: Text, ending: dict[str, Any]) -> str:
    outcome = ending.get("outcome")
    finale = ending.get("finale")
    line = text(f"outcome.{outcome}") if outcome else ""
    line = text("journal.ending", outcome=line, finale=text(f"journal.finale.{finale}"))
    return line + (" " + text("journal.twist") if ending.get("twist") else "")


def story(journal: Journal, events: Sequence[Event], names: Sequence[str], text: Text) -> str:
    """The whole story so far, scenes in order: who told it, the ruling Deus, the notes, the finales."""
    def name(player: int) -> str:
        return names[player] if 0 <= player < len(names) else str(player + 1)

    lines = [f"# {text('journal.title')}", "", f"*{text('journal.cast', players=', '.join(names))}*", ""]
    if journal.note(0):
        lines += [f"## {text('journal.prologue')}", "", journal.note(0).strip(), ""]
    told = scenes(events)
    for scene in told:
        heading = text(f"journal.scene.{scene.kind}", turn=scene.turn, player=name(scene.player))
        lines += [f"## {heading}", ""]
        if scene.ruler is not None:
            ruler = text("result.tie") if scene.ruler == "tie" else text(f"type.{scene.ruler}")
            if scene.tied:
                ruler += " (" + ", ".join(text(f"type.{k}") for k in scene.tied) + ")"
            lines += [f"**{text('journal.ruled', ruler=ruler)}**", ""]
        if scene.prompt is not None:
            lines += [f"> {text(scene.prompt)}", ""]
        note = journal.note(scene.turn).strip()
        if note:
            lines += [note, ""]
        if scene.moved is not None:
            lines += [f"*{text('journal.moved' if scene.moved else 'journal.stayed', player=name(scene.player))}*", ""]
        if scene.ending is not None:
            lines += [f"### {text('journal.finale_of', player=name(scene.player))}", "",
                      ending_text(text, scene.ending), ""]
    endings = [s for s in told if s.ending is not None]
    if endings:
        lines += [f"## {text('journal.endings')}", ""]
        lines += [f"- **{name(s.player)}**: {ending_text(text, s.ending or {})}" for s in endings]
        lines.append("")
    return "\n".join(lines)


def export(path: Path, markdown: str) -> None:
    """Write the story; on failure the old file (if any) is untouched and OSError tells why."""
    write_atomic(path, markdown, named=True)
