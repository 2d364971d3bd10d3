"""The language the table speaks, switchable while a game runs."""
from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QObject, QTranslator, Signal

import cardsets
from cardsets import CardSetError
from cardsets.plurals import COUNT_PLACEHOLDERS
from cardsets.text import LANGUAGES, LANGUAGE_NAMES, PLURAL_ONE, PLURAL_OTHER, REFERENCE, Catalog, placeholders
from desktop.frame.file_trouble import file_trouble
from desktop.frame.pseudo import CODE as PSEUDO
from desktop.frame.pseudo import with_pseudo
from rules.chrononauts.timeline import card_kind
from rules.kernel import RulesError
from rules.saves import SaveError

PRIME = "′"  # the prime mark printed after a year on the prime side
FILLED_KEPT = 20_000  # filled strings a Translator remembers (a long game's counts and names: then afresh)
_PLAIN = (str, int, float, bool, type(None))  # parameter values a filled string may be remembered by


class QtWords(QTranslator):
    """Qt's own catalog, and for a label Qt has since given a shortcut letter that the catalog does not know yet, its
    words for the label without it. Qt 6.11's file dialog asks for "&Look in:" and "Files of &type:", which the
    qtbase_nl, _it and _es.qm that PySide6 ships know only as "Look in:" and "Files of type:": Save as… in Dutch
    showed those two in English."""

    def translate(self, context: str, source: str, /, disambiguation: str | None = None, n: int = -1) -> str | None:
        found = super().translate(context, source, disambiguation, n)
        if found or "&" not in source or "&&" in source:
            return found
        return super().translate(context, source.replace("&", "", 1), disambiguation, n)


_QT_TRANSLATOR: QTranslator | None = None


def use_qt_language(code: str) -> bool:
    """Qt's own words (file dialogs, Ok and Cancel, a text field's menu) in `code`, from the qtbase_*.qm that
    PySide6 ships (see QtWords); English needs none. True if Qt speaks `code` now (or it is English)."""
    global _QT_TRANSLATOR
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _QT_TRANSLATOR is not None:
        app.removeTranslator(_QT_TRANSLATOR)
        _QT_TRANSLATOR = None
    if code == "en":
        return True
    found = QtWords(app)
    if not found.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        return False
    app.installTranslator(found)
    _QT_TRANSLATOR = found
    return True


def _count(params: dict[str, object]) -> int | None:
    """The number a counted string agrees with: its count placeholder (`count`, `plays`…), else its only
    whole-number parameter (an event's `cards`)."""
    numbers = [v for v in params.values() if isinstance(v, int) and not isinstance(v, bool)]
    named = [params[name] for name in COUNT_PLACEHOLDERS if name in params]
    found = named[0] if named else numbers[0] if len(numbers) == 1 else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def default_language() -> str:
    import locale  # here: only a start with no language chosen asks (issue #42)

    code = (locale.getlocale()[0] or "en")[:2].lower()
    return code if code in LANGUAGES else "en"


class Translator(QObject):
    """Looks strings up in the game's catalog, then in the app's."""

    language_changed = Signal(str)
    texts_changed = Signal()  # the catalogs were read again (a translator saved a file)

    def __init__(self, language: str, game: str = "chrononauts", ui: Catalog | None = None,
                 texts: Catalog | None = None) -> None:
        super().__init__()
        self._language = language if language in (*LANGUAGES, PSEUDO) else "en"
        self.game_name = game
        self._leader: Translator | None = None  # a game's translator speaks the window's language
        self._games: dict[str, Translator] = {}  # made once per game: a catalog is read from disk
        self.ui: Catalog = ui if ui is not None else cardsets.load_ui_texts()
        self.game: Catalog = texts if texts is not None else cardsets.load_texts(game)
        self._pseudo: tuple[Catalog, Catalog] | None = None  # made on first use: most people never need it
        # Filled strings by (language, key, parameters): a redraw asks for the same few hundred again and again
        # (issue #42). Kept for the catalogs they were filled from: another catalog starts afresh.
        self._filled: dict[tuple[object, ...], str] = {}
        self._filled_from: tuple[Catalog, Catalog] | None = None

    @property
    def language(self) -> str:
        return self._leader.language if self._leader is not None else self._language

    def for_game(self, game: str) -> Translator:
        """A translator for another game's cards that always speaks this one's language."""
        other = self._games.get(game)
        if other is None:
            other = self._games[game] = Translator(self.language, game, self.ui)
            other._leader = self
        return other

    def replace_texts(self, ui: Catalog, texts: Catalog) -> None:
        """Speak from freshly read catalogs; everything showing text listens to texts_changed."""
        self.ui, self.game, self._pseudo = ui, texts, None
        self._filled, self._filled_from = {}, None  # a translator's file may change a string in place
        self._games.clear()  # the other games' catalogs are read afresh next time too
        self.texts_changed.emit()

    def _catalogs(self) -> tuple[Catalog, Catalog]:
        if self.language != PSEUDO:
            return self.ui, self.game
        if self._pseudo is None:
            self._pseudo = (with_pseudo(self.ui), with_pseudo(self.game))
        return self._pseudo

    @staticmethod
    def languages() -> list[tuple[str, str]]:
        return [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]

    def set_language(self, language: str) -> None:
        if self._leader is not None:
            self._leader.set_language(language)
        elif language in (*LANGUAGES, PSEUDO) and language != self._language:
            self._language = language
            self.language_changed.emit(language)

    def text(self, key: str, **params: object) -> str:
        """The string for `key`; a counted string (`key.one`, `key.many`…) in the form CLDR gives its number."""
        catalogs = self._catalogs()
        kept_for = self._filled_from
        if kept_for is None or catalogs[0] is not kept_for[0] or catalogs[1] is not kept_for[1] or \
                len(self._filled) >= FILLED_KEPT:
            self._filled, self._filled_from = {}, catalogs
        # Only plain values, each with its type: True and 1 are equal keys but fill "True" and "1".
        if not all(type(value) in _PLAIN for value in params.values()):
            return self._text(catalogs, key, params)
        found_key = (self.language, key, *((name, type(value), value) for name, value in params.items()))
        found = self._filled.get(found_key)
        if found is None:
            found = self._filled[found_key] = self._text(catalogs, key, params)
        return found

    def _text(self, catalogs: tuple[Catalog, Catalog], key: str, params: dict[str, object]) -> str:
        ui, game = catalogs
        if not game.has(key) and not ui.has(key):
            count = _count(params)
            for counted in (game, ui):
                if count is not None and counted.is_counted(key):
                    return counted.counted(self.language, key, count, params)
        catalog = game if game.has(key) else ui
        return catalog.text(self.language, key, **params)

    def can_say(self, key: str, params: Mapping[str, object]) -> bool:
        """Whether there are words for `key` here and `params` fill every placeholder of them (a `reason` given as
        a key too, as `reason` says it). A key that comes from another program, a host, may be neither: it is then
        not to be shown, for it would show as the raw key or with a raw {placeholder}."""
        ui, game = self._catalogs()
        english = [catalog.strings.get(REFERENCE, {}) for catalog in (game, ui)]  # the game's first, as `text`
        forms = [words[key] for words in english if key in words][:1]
        if not forms and _count(dict(params)) is not None:  # a counted string: its forms in English
            forms = [words[key + form] for words in english for form in (PLURAL_ONE, PLURAL_OTHER)
                     if key + form in words][:2]
        named = [placeholders(form) for form in forms]
        if not forms or any(names is None or not names <= set(params) for names in named):
            return False
        nested = params.get("reason")
        return not isinstance(nested, str) or self.can_say(nested, {k: v for k, v in params.items() if k != "reason"})

    def name_of(self, game: str, key: str) -> str:
        """The name of a game or of its mode (`key`): this translator's string, else the one the game's own texts
        bring (a game installed beside Convivium names itself, docs/new-game.md); while those cannot be read,
        the key."""
        ui, texts = self._catalogs()
        if ui.has(key) or texts.has(key):
            return self.text(key)
        try:
            return self.for_game(game).text(key)
        except CardSetError:
            return key

    def card_title(self, instance: str) -> str:
        """The title of a card instance ('inv_reverse_fate#2' -> 'Reverse Fate'): a Chrononauts play card's
        `title`, an identity's or another game's card's `name`; a card no text knows (a file's) as it is written."""
        kind = card_kind(instance)
        ui, game = self._catalogs()
        for key in ([] if kind.startswith("id_") else [f"{kind}.title"]) + [f"{kind}.name"]:
            if game.has(key) or ui.has(key):
                return self.text(key)
        return instance

    def reason(self, error: RulesError) -> str:
        """A refused move or a broken file, said in the player's language. A file refused for what a game's rules
        said (rules.saves.SaveError.cause) gives their reason in that game's words; a `reason` that is a key is
        filled with the error's parameters, one that is an OSError is said by file_trouble."""
        if isinstance(error, SaveError) and error.cause is not None:
            game = error.of_game
            rules = self if game is None or game == self.game_name else self.for_game(game)
            return self.text(error.code, **{**error.params, "reason": rules.reason(error.cause)})
        params: dict[str, object] = {}
        for name, value in error.params.items():
            if name == "card" and isinstance(value, str):
                params[name] = self.card_title(value)
            elif name == "reason" and isinstance(value, OSError):  # a file that could not be read
                params[name] = file_trouble(self, value)
            elif name == "reason" and isinstance(value, str):
                params[name] = self.text(value, **{k: self.card_title(v) if k == "card" and isinstance(v, str) else v
                                                 for k, v in error.params.items()})
            else:
                params[name] = value
        return self.text(error.code, **params)
