"""What is wrong in a card set or a translation file, in the player's words.

The card-set readers say each problem in English (``Problem.message``), for `convivium check`, the translators'
workbench and the logs; put into a translated sentence that is an English fragment in Italian or Dutch. Here a
problem is said from its ``code`` and ``params`` instead: the file, the line and the column, and what is wrong
in a short phrase of the player's language (``problem.*`` keys; a file that could not be read at all says why
through ``file_trouble``). A problem with no code of its own (a rules text's layout, a guided game's script) is
said as "something here is not right", never in English: the translators' tools give the detail.
"""
from __future__ import annotations

from cardsets.yamldoc import CardSetError, Problem
from desktop.frame.file_trouble import REFUSED, Speaks, file_trouble

# A problem's code -> the text key that says it. Every code the card-set readers give is here (a test holds them
# to it: tests/desktop/frame/test_problem_words.py).
WORDS = {
    "yaml.syntax": "problem.yaml_syntax",
    "yaml.character": "problem.yaml_character",
    "yaml.too_deep": "problem.yaml_too_deep",
    "yaml.too_many_values": "problem.yaml_too_many_values",
    "yaml.unsupported": "problem.yaml_unsupported",
    "yaml.duplicate_key": "problem.duplicate_key",
    "data.missing_key": "problem.missing_key",
    "data.unknown_key": "problem.unknown_key",
    "data.mismatch": "problem.data_mismatch",
    "text.missing_string": "problem.missing_string",
    "text.placeholders": "problem.placeholders",
    "text.control_character": "problem.control_character",
    "text.plural_forms": "problem.plural_forms",
    "text.language": "problem.language",
    "text.not_text": "problem.not_text",
    "text.malformed_placeholder": "problem.malformed_placeholder",
    "file.not_found": "file_error.not_found",
    "file.not_utf8": "file_error.not_utf8",
    **{f"file.{reason}": key for reason, key in REFUSED.items()},
}
UNREADABLE = "file.cannot_read"  # said by file_trouble from the error's number (its "errno" parameter)
GENERIC = "problem.generic"
# Problems about the file as a whole: its line and column say nothing.
_WHOLE_FILE = frozenset({UNREADABLE, "file.not_found", *(f"file.{reason}" for reason in REFUSED)})


def what_is_wrong(tr: Speaks, problem: Problem) -> str:
    """What is wrong, without where: a short phrase in ``tr``'s language."""
    params = dict(problem.params)
    if problem.code == UNREADABLE:
        number = params.get("errno")
        return file_trouble(tr, OSError(number, "") if isinstance(number, int) and number else OSError())
    return tr.text(WORDS.get(problem.code, GENERIC), **params)


def problem_words(tr: Speaks, problem: Problem) -> str:
    """``problem`` in ``tr``'s language: its file, line and column, and what is wrong."""
    if problem.code in _WHOLE_FILE:
        return tr.text("problem.in_file", file=problem.file, what=what_is_wrong(tr, problem))
    return tr.text("problem.at", file=problem.file, line=problem.line, column=problem.column,
                   what=what_is_wrong(tr, problem))


def place_words(tr: Speaks, problem: Problem) -> str:
    """``problem`` in ``tr``'s language without its file (a sentence that names the file already)."""
    if problem.code in _WHOLE_FILE:
        return what_is_wrong(tr, problem)
    return tr.text("problem.place", line=problem.line, column=problem.column, what=what_is_wrong(tr, problem))


def error_words(tr: Speaks, error: CardSetError) -> str:
    """The first problem of a card set that could not be read, in ``tr``'s language (one is enough to go and
    look: `convivium check` lists them all)."""
    if error.problems:
        return problem_words(tr, error.problems[0])
    return tr.text(GENERIC)
