"""The glossaries (<set>/glossary.yaml) and what `convivium check` finds with them (issue #13, item 2)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cardset_edits import REPO_CARDSETS, edit, position_of

from cardsets import glossary
from cardsets.check import main


def run(capsys: pytest.CaptureFixture[str], root: Path, *args: str) -> tuple[int, list[str]]:
    status = main(["--root", str(root), *args])
    return status, capsys.readouterr().out.splitlines()


def findings(lines: list[str]) -> list[str]:
    return [line for line in lines if ": glossary: " in line or "glossary.yaml:" in line]


def where(path: Path, needle: str) -> str:
    line, column = position_of(path.read_text(encoding="utf-8"), needle)
    return f"{line}:{column}"


@pytest.fixture
def with_parsifal(cardset_root: Path) -> Path:
    shutil.copytree(REPO_CARDSETS / "parsifal", cardset_root / "parsifal",
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return cardset_root


def test_the_shipped_sets_pass_strict(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, REPO_CARDSETS, "--strict")
    assert (status, findings(out), out[-1]) == (0, [], "OK")


def test_every_game_and_the_app_have_a_glossary_that_loads() -> None:
    for name in ("bacchanalia", "banquet", "chrononauts", "parsifal", "ui"):
        loaded, problems = glossary.load(REPO_CARDSETS / name / glossary.FILE_NAME, name)
        assert problems == [] and loaded is not None and loaded.terms, name


@pytest.mark.parametrize(("lang", "old", "new", "word", "expected"), [
    ("it", "kind.linchpin: Linchpin", "kind.linchpin: Perno", "Perno", "Linchpin"),
    ("es", "responde con una Nota?", "responde con un memo?", "memo", "Nota"),
    ("nl", "Antwoordt iemand met een Briefje?", "Antwoordt iemand met een Memo?", "Memo", "Briefje"),
])
def test_a_planted_forbidden_variant_is_found_in_each_language(
        capsys: pytest.CaptureFixture[str], cardset_root: Path,
        lang: str, old: str, new: str, word: str, expected: str) -> None:
    folder = "chrononauts" if lang == "it" else "ui"
    path = cardset_root / folder / "text" / f"{lang}.yaml"
    edit(path, (old, new))
    at = where(path, new.split(word)[0] + word)
    column = int(at.split(":")[1]) + len(new.split(word)[0])
    line = at.split(":")[0]
    term = "Linchpin" if lang == "it" else "Memo"
    message = (f"{folder}/text/{lang}.yaml:{line}:{column}: glossary: {word!r} is a variant the glossary "
               f"forbids for {term!r}; write {expected!r}")
    # A warning, so the check passes...
    status, out = run(capsys, cardset_root)
    assert status == 0 and message in out
    assert out[-2:] == ["1 glossary warning (errors with --strict)", "OK"]
    # ...and an error with --strict.
    status, out = run(capsys, cardset_root, "--strict")
    assert status == 1 and message in out and out[-1] == "1 error"


def test_a_forbidden_variant_in_a_rules_text_is_found_at_its_column(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    shutil.copytree(REPO_CARDSETS / "chrononauts" / "rules", cardset_root / "chrononauts" / "rules",
                    dirs_exist_ok=True)
    path = cardset_root / "chrononauts" / "rules" / "chrononauts.it.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\nUn Promemoria qui.\n", encoding="utf-8")
    status, out = run(capsys, cardset_root, "--strict")
    assert status == 1
    assert findings(out) == [f"chrononauts/rules/chrononauts.it.md:{len(text.splitlines()) + 2}:4: glossary: "
                             "'Promemoria' is a variant the glossary forbids for 'Memo'; write 'Memo'"]


def test_section_ids_and_card_ids_in_a_rules_text_are_not_words(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    # The Spanish rules say "Nota" but keep the section id {#memo}, which Spanish forbids as a word.
    shutil.copytree(REPO_CARDSETS / "chrononauts" / "rules", cardset_root / "chrononauts" / "rules",
                    dirs_exist_ok=True)
    assert "{#memo}" in (cardset_root / "chrononauts" / "rules" / "chrononauts.es.md").read_text(encoding="utf-8")
    status, out = run(capsys, cardset_root, "--strict")
    assert (status, findings(out)) == (0, [])


def test_a_term_translated_two_ways_is_found(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "chrononauts" / "text" / "it.yaml"
    edit(path, ("kind.linchpin: Linchpin", "kind.linchpin: Fulcro"))
    at = where(path, "Fulcro")
    status, out = run(capsys, cardset_root, "--strict")
    assert status == 1
    assert findings(out) == [f"chrononauts/text/it.yaml:{at}: glossary: 'kind.linchpin' translates 'Linchpin' "
                             "without the glossary's 'Linchpin' (allowed: 'Linchpin')"]


@pytest.mark.parametrize(("lang", "game", "old", "new", "at_text", "message"), [
    # The Dutch edition prints the relief cards' English names (issue #38, NL-2).
    ("nl", "banquet", "doze.name: Doze", "doze.name: Dutje", "Dutje",
     "'Dutje' is a variant the glossary forbids for 'Doze'; write 'Doze'"),
    ("nl", "banquet", "dance.name: Dance", "dance.name: Rondedans", "Rondedans",
     "'dance.name' translates 'Dance' without the glossary's 'Dance' (allowed: 'Dance')"),
    # Dutch spends Bread and Wine ("inzetten") and sacrifices only to interrupt (issue #38, NL-9).
    ("nl", "parsifal", "Zet het Brood of de Wijn in voor", "Offer het Brood of de Wijn op voor", "Offer het Brood",
     "'Offer het Brood' is a variant the glossary forbids for 'Spend'; write 'inzetten'"),
    # The Spanish cards say "Reclamar" (ES-14); Bacchus keeps his name (ES-4).
    ("es", "banquet", '"Reclamar: Guardo o Descarto"', '"Reclamación: Guardo o Descarto"', "Reclamación",
     "'Reclamación' is a variant the glossary forbids for 'Claim'; write 'Reclamar'"),
    ("es", "bacchanalia", 'log.give_bacchus: "{player} da Bacchus a {to}."', 'log.give_bacchus: "{player} da Baco a {to}."',
     "Baco a {to}", "'Baco' is a variant the glossary forbids for 'Bacchus'; write 'Bacchus'"),
    # Spanish spends Bread and Wine ("gastar") and sacrifices only to interrupt (ES-9).
    ("es", "parsifal", "{card} gasta {artifact}", "{card} sacrifica el Pan", "sacrifica el Pan",
     "'sacrifica el Pan' is a variant the glossary forbids for 'Spend'; write 'gastar'"),
])
def test_the_term_decisions_of_the_second_review_are_kept_by_the_check(
        capsys: pytest.CaptureFixture[str], cardset_root: Path,
        lang: str, game: str, old: str, new: str, at_text: str, message: str) -> None:
    shutil.copytree(REPO_CARDSETS / game, cardset_root / game, ignore=shutil.ignore_patterns("*.py", "__pycache__"),
                    dirs_exist_ok=True)
    path = cardset_root / game / "text" / f"{lang}.yaml"
    edit(path, (old, new))
    at = where(path, at_text)  # a forbidden wording is reported where it starts, an enforced term where its string does
    status, out = run(capsys, cardset_root, "--strict")
    assert status == 1
    assert findings(out) == [f"{game}/text/{lang}.yaml:{at}: glossary: {message}"]


def test_an_inflected_form_the_glossary_allows_is_not_a_second_translation(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    # "ejes" is the plural of the glossary's "eje" (forms: eje*).
    path = cardset_root / "chrononauts" / "text" / "es.yaml"
    edit(path, ("kind.linchpin: Eje", "kind.linchpin: Ejes"))
    status, out = run(capsys, cardset_root, "--strict")
    assert (status, findings(out)) == (0, [])


def test_an_agreement_mistake_with_a_feminine_placeholder_is_found(
        capsys: pytest.CaptureFixture[str], with_parsifal: Path) -> None:
    path = with_parsifal / "parsifal" / "text" / "it.yaml"
    old = '"{card} è un personaggio bloccato e non può fare nulla."'
    edit(path, (old, '"{card} è bloccato e non può fare nulla."'))
    at = where(path, "{card} è bloccato")
    status, out = run(capsys, with_parsifal, "--strict")
    assert status == 1
    assert findings(out) == [
        f"parsifal/text/it.yaml:{at}: glossary: '{{card}} è bloccato': {{card}} may be feminine or plural, "
        "so this does not agree; write a wording with no participle: \"{card} è un personaggio bloccato\" "
        "or \"Qualcuno blocca {card}\""]


def test_an_agreement_mistake_with_a_plural_placeholder_is_found(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "ui" / "text" / "it.yaml"
    edit(path, ('"Così vinci la partita: a casa anche {ids}."', '"Così vinci la partita: {ids} torna a casa."'))
    at = where(path, "{ids} torna")
    status, out = run(capsys, cardset_root, "--strict")
    assert status == 1
    assert findings(out) == [
        f"ui/text/it.yaml:{at}: glossary: '{{ids}} torna': {{ids}} may be plural, so this does not agree; "
        "write a wording where no verb agrees with {ids}: \"riporti a casa {ids}\""]


def test_a_glossary_naming_an_unknown_language_is_an_error(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "chrononauts" / "glossary.yaml"
    edit(path, ("  - en: Mona Lisa\n    enforce: true\n", "  - en: Mona Lisa\n    enforce: true\n    fr: {term: Joconde}\n"))
    at = where(path, "fr: {term: Joconde}")
    status, out = run(capsys, cardset_root)  # an error even without --strict
    assert status == 1
    assert out[0] == (f"chrononauts/glossary.yaml:{at}: unknown language 'fr': a term has 'en', 'en_forms', "
                      "'enforce', 'note' and one entry per language (it, es, nl)")


def test_a_placeholder_for_an_unknown_language_is_an_error(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "ui" / "glossary.yaml"
    edit(path, ("  ids:\n    it:\n", "  ids:\n    de:\n      number: [plural]\n    it:\n"))
    status, out = run(capsys, cardset_root)
    assert status == 1
    assert out[0] == f"ui/glossary.yaml:{where(path, 'de:')}: unknown language 'de' (the languages are it, es, nl)"


def test_a_glossary_that_forbids_its_own_word_contradicts_itself(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "chrononauts" / "glossary.yaml"
    edit(path, ("forbidden: [Increspatur*]", "forbidden: [Increspatur*, ripplepoint]"))
    status, out = run(capsys, cardset_root)
    assert status == 1
    assert out[0] == (f"chrononauts/glossary.yaml:{where(path, 'ripplepoint]')}: contradicts itself: it forbids "
                      "'ripplepoint' for 'Ripplepoint', but 'Ripplepoint' is its own word")


def test_a_glossary_that_forbids_another_terms_word_contradicts_itself(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "chrononauts" / "glossary.yaml"
    edit(path, ("forbidden: [Invertitor*]", "forbidden: [Invertitor*, Patch]"))
    status, out = run(capsys, cardset_root)
    assert status == 1
    assert out[0] == (f"chrononauts/glossary.yaml:{where(path, 'Patch]')}: contradicts itself: it forbids "
                      "'Patch' for 'Inverter', but 'Patch' is the word for 'Patch'")


def test_a_term_listed_twice_contradicts_itself(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "ui" / "glossary.yaml"
    edit(path, ("placeholders:\n", "  - en: memo\n    it: {term: Nota}\nplaceholders:\n"))
    status, out = run(capsys, cardset_root)
    assert status == 1
    at = where(path, "memo\n    it: {term: Nota}")
    assert f"ui/glossary.yaml:{at}: contradicts itself: 'memo' is listed twice" in out


def test_a_wording_that_does_not_name_its_placeholder_is_an_error(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = cardset_root / "ui" / "glossary.yaml"
    edit(path, ('pattern: "{ids} torna"', 'pattern: "torna a casa"'))
    status, out = run(capsys, cardset_root)
    assert status == 1
    at = where(path, '"torna a casa"')
    assert out[0] == f"ui/glossary.yaml:{at}: the pattern must name {{ids}}, the placeholder it is about"


def test_a_broken_glossary_file_is_an_error_not_a_crash(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    (cardset_root / "ui" / "glossary.yaml").write_text("terms: [unclosed\n", encoding="utf-8")
    status, out = run(capsys, cardset_root)
    assert status == 1 and out[0].startswith("ui/glossary.yaml:") and "YAML syntax" in out[0]


def test_words_match_whole_words_and_stems_ignoring_case() -> None:
    stem = glossary.compile_phrase("Pern*")
    assert stem.search("il perno") and stem.search("due Perni") and not stem.search("superno")
    word = glossary.compile_phrase("Memo")
    assert word.search("un memo.") and not word.search("memorabile") and not word.search("Promemoria")
    wording = glossary.compile_phrase("{card} è bloccato")
    assert wording.search("{card}  è Bloccato") and not wording.search("{card} è bloccatone")


# The guided games' old wordings that drifted from the rules' words (translation review 2, §6: NL-3, NL-5, IT/ES
# curtain and host, Bacco/Baco), as they read before they were fixed: the check must find each of them now that it
# reads the guided games' texts too (issue #38, "one word per thing").
OLD_DRIFTS = [
    ("banquet", "tutorial/text/nl.yaml", "bb.pick", "Deze ronde ben jij de gastheer. Sleep de drie omcirkelde "
     "kaarten een voor een uit de kring naar het dienblad.", "jij de gastheer", "Host"),
    ("banquet", "tutorial/text/it.yaml", "bb.pick", "In questo giro sei tu l'anfitrione. Trascina le tre carte "
     "cerchiate, una per volta, dal cerchio al vassoio.", "anfitrione", "Host"),
    ("banquet", "tutorial/text/es.yaml", "bb.pick", "En esta ronda eres el anfitrión. Arrastra las tres cartas "
     "marcadas, una a una, del círculo a la bandeja.", "eres el anfitrión", "Host"),
    ("banquet", "tutorial/text/it.yaml", "bb.curtain", "Uno schermo, più ospiti: un sipario copre il tavolo ogni "
     "volta che lo schermo passa di mano. Fai clic sul sipario quando gli altri guardano altrove.", "sipario", "Curtain"),
    ("chrononauts", "tutorial/text/es.yaml", "chr.curtain", "Una pantalla, varios jugadores: antes de cada turno un "
     "telón tapa la mesa. Haz clic en el telón cuando los demás miren hacia otro lado.", "telón", "Curtain"),
    ("chrononauts", "tutorial/text/nl.yaml", "afx.ada_plays", "{player} doodt de tijd: ze legt twee kaarten af en "
     "trekt er één. Druk op Verder.", "doodt de tijd", "Kill time"),
    ("bacchanalia", "tutorial/text/it.yaml", "bac.goal", "Bacchanalia è una storia che si racconta insieme: nessuno "
     "vince, il premio è un bel racconto. Non c'è niente di segreto, quindi nessun sipario. Prima si distribuiscono "
     "le carte Deus del centro: sono le forze che circondano ogni personaggio.", "sipario", "Curtain"),
    ("bacchanalia", "text/es.yaml", "log.give_bacchus", "{player} da Baco a {to}.", "Baco", "Bacchus"),
    ("ui", "text/it.yaml", "guide.lift_first", "Prima solleva il sipario: è calato perché lo schermo è passato di "
     "mano.", "sipario", "Curtain"),
]


@pytest.mark.parametrize(("game", "file", "key", "old", "word", "term"), OLD_DRIFTS,
                         ids=[f"{d[0]}-{d[1]}-{d[4]}" for d in OLD_DRIFTS])
def test_an_old_drift_from_the_rules_words_is_found_in_the_guided_games_and_strings(
        capsys: pytest.CaptureFixture[str], cardset_root: Path,
        game: str, file: str, key: str, old: str, word: str, term: str) -> None:
    shutil.copytree(REPO_CARDSETS / game, cardset_root / game, ignore=shutil.ignore_patterns("*.py", "__pycache__"),
                    dirs_exist_ok=True)
    path = cardset_root / game / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  {key}:"))
    lines[at] = f'  {key}: "{old}"\n'
    path.write_text("".join(lines), encoding="utf-8")
    status, out = run(capsys, cardset_root, "--strict")
    assert status == 1
    said = [line for line in findings(out) if line.startswith(f"{game}/{file}:{at + 1}:")]
    assert said and all(f"glossary: {word!r} is a variant the glossary forbids for {term!r}" in line
                        for line in said), findings(out)
