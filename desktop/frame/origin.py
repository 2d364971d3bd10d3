"""Where a card's data comes from, as its detail view tells it."""
from __future__ import annotations

from cardsets.text import REFERENCE, note_key
from desktop.frame.i18n import Translator

RECONSTRUCTED = "#8a4b00"
PRINTED = "#555"


def origin_html(tr: Translator, game: str, card_id: str, reconstructed: bool) -> str:
    """Printed, or reconstructed by us; then the card's note on what exactly, in the player's
    language (English, from cards.yaml, until a translation exists), so that someone who owns
    the printed game knows what to check. Players are told in their own words; the file to correct
    is for maintainers, named by the workbench and `convivium check`, never here."""
    from html import escape as e  # here: the first table shows no card's detail (issue #42)

    colour = RECONSTRUCTED if reconstructed else PRINTED
    if reconstructed:
        said = e(tr.text("detail.reconstructed"))
        out = f"<p style='color:{colour}'><b>[R]</b> {said}</p>"
    else:
        out = f"<p style='color:{colour}'>{e(tr.text('detail.printed'))}</p>"
    key = note_key(card_id)
    if tr.game.has(key):
        # A translation made before the English note was corrected may say something no longer
        # true of the data: show the current English instead until it is translated again.
        stale = tr.game.is_stale(tr.language, key)
        note = tr.game.text(REFERENCE, key) if stale else tr.text(key)
        out += f"<p style='color:{colour}'>{e(tr.text('detail.note', note=note))}</p>"
    return out
