"""The words a learner reads, as a rules editor would check them, in every language.

A sentence after a colon starts in lower case unless it starts with a name; a decision that
only had "do nothing" says what the player cannot do and why; a trade of one unit shows no
sum; the log names the district whose Incas produce nothing; moon tiles are named by their
order and their face; an undo says what it took back; the player panels have no English
word left in French or Dutch; the Dutch and French texts use the rulebooks' words.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from mp_tutor.widgets.access import keys, words
from mp_tutor.widgets.lesson_panel import LessonPanel

import mp_tutor.priests as priests_game
from mp_tutor import Game, load_scenario
from mp_tutor.core.catalogs import packages, template
from mp_tutor.core.i18n import LANGUAGES, clause, render, set_language
from mp_tutor.core.lessons import LessonRun, chapters_of, find_chapter
from mp_tutor.core.lessons.notebooks import chapter_cells
from mp_tutor.princes.actions import Acquire
from mp_tutor.princes.data import RULES
from mp_tutor.princes.events import PrincesEvent
from mp_tutor.princes.setup import setup_table

ROOT = Path(__file__).resolve().parents[1]
OTHER = [lang for lang in LANGUAGES if lang != "en"]
#: a colon (French: with a space before it), then a capital letter
AFTER_COLON = re.compile(r"[^\s:] ?\u00a0?:[ \u00a0]+([A-ZÀ-Ý][\w'’-]*)")
#: English words that keep their capital after a colon: a proper adjective and a card's name
#: the rulebook capitalises ("Spanish conquest", "Sacrifice Cards")
ENGLISH_CAPITALS = {"Spanish", "Sacrifice"}


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language(None)


def capitals_after_colons(text: str, lang: str) -> list[str]:
    """The words after a colon that start with a capital without being a name."""
    bad = []
    for m in AFTER_COLON.finditer(text):
        word = m.group(1)
        if clause(f"{word} x", lang).startswith(word[0]) or (
                lang == "en" and word in ENGLISH_CAPITALS):
            continue  # a name (a player, a district...): it keeps its capital
        bad.append(text[max(0, m.start() - 30): m.end() + 20])
    return bad


def catalogs() -> Iterator[tuple[Path, str, object]]:
    for _folder, locale in packages():
        for po in sorted(locale.glob("*/LC_MESSAGES/messages.po")):
            lang = po.parent.parent.name
            for m in read_po(po.open("rb"), locale=lang):
                if m.id:
                    yield po, lang, m


def test_no_capital_after_a_colon_in_any_catalog() -> None:
    """Every msgid and msgstr (rulebook section titles apart: they are the books' headings)."""
    bad = []
    for po, lang, m in catalogs():
        if any(c.startswith(("section", "scenario rulebook")) for c in m.auto_comments):
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for text, in_lang in [*((i, "en") for i in ids), *((s, lang) for s in strings)]:
            bad += [f"{po.relative_to(ROOT)}: {x!r}" for x in capitals_after_colons(text, in_lang)]
    assert not bad, "\n".join(sorted(set(bad)))


def played(game_type: type, lang: str, seed: int) -> Iterator[str]:
    """Every text a random game shows in ``lang``: its events and its questions."""
    set_language(lang)
    game = game_type.new(players=3, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        yield game.pending.prompt
        legal = list(game.legal_actions())
        game.apply(rng.choice(legal)) if legal else game.advance()
    yield from (e.text for e in game.log)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_type", [Game, priests_game.Game], ids=["princes", "priests"])
def test_no_capital_after_a_colon_in_what_a_game_says(game_type: type, lang: str) -> None:
    bad = [x for seed in (1, 2) for text in played(game_type, lang, seed)
           for x in capitals_after_colons(text, lang)]
    assert not bad, "\n".join(sorted(set(bad))[:20])


def first_event(lang: str, kind: str, decision: str) -> str:
    """The first ``kind`` event about ``decision`` in seeded random games in ``lang``."""
    set_language(lang)
    for seed in range(30):
        game = Game.new(players=4, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            legal = list(game.legal_actions())
            for e in game.apply(rng.choice(legal)) if legal else game.advance():
                if e.kind == kind and e.data.get("kind") == decision:
                    return e.text
    raise AssertionError(f"no {kind} event for {decision}")


@pytest.mark.parametrize(("lang", "start"), [
    ("en", "cannot acquire any Priest or Virgin: a "),
    ("fr", "ne peut acquérir ni Prêtre ni Vierge\u00a0: une "),
    ("nl", "kan geen priester of maagd in dienst nemen: een "),
])
def test_a_player_who_cannot_afford_anyone_is_told_so(lang: str, start: str) -> None:
    """Not "has no choice: A Virgin of the Sun costs ...": what cannot be done, and why."""
    text = first_event(lang, "no_choice", "acquire")
    assert start in text, text
    assert "no choice" not in text and "pas le choix" not in text and "geen keuze" not in text


@pytest.mark.parametrize(("lang", "poor", "rich"), [
    ("en", "Yellow has nothing.", "Yellow has 1 coca"),
    ("fr", "Jaune n'a rien.", "Jaune a 1 coca"),
    ("nl", "Geel heeft niets.", "Geel heeft 1 coca"),
])
def test_a_player_with_no_goods_is_said_to_have_nothing(lang: str, poor: str, rich: str) -> None:
    """Not "Vert a rien": what a player has is a clause of its own (``holding``)."""
    set_language(lang)
    game = load_scenario("house-of-priests")
    game.apply("move house_of_priests")
    state = game.state.copy()
    who = game.pending.player
    state.goods[who] = [0] * len(state.goods[who])
    assert str(Game(state, list(game.log)).explain(Acquire("puma"))).split(" [")[0].endswith(poor)
    state.goods[who] = [0, 0, 1, 0, 0]
    assert rich in str(Game(state, list(game.log)).explain(Acquire("puma")))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Blue's Incas in the Coca Plantation produce nothing."),
    ("fr", "Les Incas de Bleu dans la Plantation de Coca ne produisent rien."),
    ("nl", "De arbeiders van Blauw in de cocaplantage produceren niets."),
])
def test_incas_that_produce_nothing_are_named_by_their_district(lang: str, said: str) -> None:
    set_language(lang)
    game = load_scenario("coca-plantation-production")
    game.apply("move coca_plantation")
    assert [e.text for e in game.apply("produce 0")][0] == said


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Blue buys 1 llama for 4 corn.", "Blue sells 2 cloth for 5 + 4 = 9 corn."),
    ("fr", "Bleu achète 1 lama pour 4 maïs.", "Bleu vend 2 tissus pour 5 + 4 = 9 maïs."),
    ("nl", "Blauw koopt 1 lama voor 4 maïs.", "Blauw verkoopt 2 textiel voor 5 + 4 = 9 maïs."),
])
def test_a_sum_only_when_several_units_are_traded(lang: str, one: str, two: str) -> None:
    """The rulebook's trade example: one llama bought, two cloth sold."""
    set_language(lang)
    run = LessonRun(find_chapter("08", "princes"))
    run.act("move central_plaza")
    said = [e.text for e in run.act("trade -cloth sell 2cloth 1coca buy 1llama 1pottery").events]
    assert one in said and two in said, said
    assert not any(re.search(r"for (\d+) = \1 |pour (\d+) = \2 |voor (\d+) = \3 ", s) for s in said)


@pytest.mark.parametrize(("lang", "rule", "ending", "stay"), [
    ("en", "After the third moon tile every other player takes one last turn.",
     "Blue took the third moon tile and the Sun Tile",
     "Blue stays in the Coca Plantation and takes the “3 corn” moon tile, the second of the day."),
    ("fr", "Après la troisième tuile Lune, chacun des autres joueurs joue un dernier tour.",
     "Bleu a pris la troisième tuile Lune et la tuile Soleil",
     "Bleu reste dans la Plantation de Coca et prend la tuile Lune «\u00a03 maïs\u00a0», la "
     "deuxième de la journée."),
    ("nl", "Na het derde maanfiche komt elke andere speler nog één keer aan de beurt.",
     "Blauw nam het derde maanfiche en het zonnefiche",
     "Blauw blijft in de cocaplantage staan en neemt het maanfiche ‘3 maïs’, het tweede van de dag."),
])
def test_moon_tiles_by_their_order_and_their_face(lang: str, rule: str, ending: str,
                                                   stay: str) -> None:
    set_language(lang)
    assert RULES["day.last_turns"].statement == rule
    assert "number" not in RULES["day.end"].statement
    assert PrincesEvent("day_ending", 0, "day.end", {"day": 2}).text.startswith(ending)
    took = PrincesEvent("took_moon_tile", 0, "move.stay",
                        {"tile": "corn3", "district": "coca_plantation", "taken": 2})
    assert took.text == stay


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Taken back: “Blue pays 1 corn and produces 1 coca in the Coca Plantation.”"),
    ("fr", "Coup défait\u00a0: «\u00a0Bleu paie 1 maïs et produit 1 coca dans la Plantation de "
           "Coca.\u00a0»"),
    ("nl", "Teruggenomen: ‘Blauw betaalt 1 maïs en produceert 1 coca in de cocaplantage.’"),
])
def test_the_undo_message_says_what_was_taken_back(lang: str, said: str) -> None:
    """Not the last event left in the log (here the bonus taken), but the move undone."""
    set_language(lang)
    run = LessonRun(find_chapter("04", "princes", lang))
    run.act("move coca_plantation")
    run.act("produce 1")
    run.game.undo()
    run.observe()
    assert run.feedback is not None and run.feedback.kind == "undone"
    assert run.feedback.message == said


def test_an_undo_back_to_the_start_counts_what_followed_the_move() -> None:
    run = LessonRun(find_chapter("04", "princes"))
    run.act("move coca_plantation")
    run.game.undo()
    run.observe()
    assert run.feedback.message == ("Taken back: “Blue moves the Prince to the Coca Plantation.” "
                                    "and the event that followed it. The board is back at the "
                                    "start.")


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ("Prêtres et Vierges\u00a0: aucun", "Tuiles Lune\u00a0: aucune")),
    ("nl", ("In dienst: niemand", "Maanfiches: geen")),
])
def test_no_english_none_in_the_player_panels(lang: str, words: tuple[str, ...]) -> None:
    set_language(lang)
    svg = Game.new(players=3, seed=1)._repr_svg_()
    texts = re.findall(r">([^<>]+)<", svg)
    assert not [x for x in texts if re.search(r"\bnone\b", x) and "{" not in x]
    assert all(w in texts for w in words), [x for x in texts if ":" in x][:10]


def texts_in(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every text of ``lang``: catalogs, chapters, docs, notebooks (English:
    the messages of the code and data files, the chapters, docs and notebooks at the top)."""
    if lang == "en":
        for folder, _locale in packages():
            for m in template(folder):
                for s in [m.id] if isinstance(m.id, str) else list(m.id):
                    if s:
                        yield str(folder.relative_to(ROOT)), s
        paths = [*ROOT.glob("mp_tutor/*/chapters/*.toml"), *ROOT.glob("docs/*.md"),
                 *ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("notebooks/priests/*.ipynb")]
    else:
        for po, in_lang, m in catalogs():
            if in_lang == lang:
                for s in [m.string] if isinstance(m.string, str) else list(m.string):
                    yield str(po.relative_to(ROOT)), s
        paths = [*ROOT.glob(f"mp_tutor/*/chapters/{lang}/*.toml"), *ROOT.glob(f"docs/{lang}/*.md"),
                 *ROOT.glob(f"notebooks/{lang}/**/*.ipynb")]
    for path in paths:
        yield str(path.relative_to(ROOT)), path.read_text("utf-8")


def test_dutch_says_zonne_maankaart_vak_and_geen_enkel_maanfiche() -> None:
    bad = [(where, m.group(0)) for where, text in texts_in("nl")
           for m in re.finditer(r"\bzon/maan\w*|\bvakjes?\b|geen enkele maanfiche|met de klok mee"
                                r"|\bVast\?", text)]
    assert not bad, bad[:20]


def test_french_coca_is_masculine() -> None:
    """"le coca", as in the rulebook ("son coca", "un coca")."""
    bad = [(where, m.group(0)) for where, text in texts_in("fr")
           for m in re.finditer(r"\b(?:la|une|cette|de la) coca\b|\bcoca\w* (?:vendue|achetée|"
                                r"produite)s?\b", text, re.IGNORECASE)]
    assert not bad, bad[:20]


#: (variant a rules editor struck out, what the text says instead): every catalog, chapter,
#: rulings or glossary page and generated notebook of the language must be free of them
BANNED: dict[str, list[tuple[str, str]]] = {
    "en": [
        # the rulebook: goods are sacrificed at the Main Temple (the command stays `offer`)
        (r"(?i)(?<![\"\w-])(?:offers?|offered|offering)\s+(?:goods|nothing|all|\d|\{)|"
         r"(?<![\"\w-])offerings\b",
         "sacrifice goods, sacrifices nothing"),
        (r"all but one", "return 2 (one card more than before)"),
        (r"\bin English, with the English\b", "the glossary's intro names every language"),
    ],
    "fr": [
        # the rulebook's words
        (r"\boffr(?:ir|e|es|ent|ez|ons|ande|andes)\b|\boffert(?:e|es|s)?\b",
         "sacrifier, sacrifice (the Main Temple, as the rulebook says)"),
        (r"\bpas par lama", "marches par lama"),
        (r"\bmanches?\b", "tour (the priests game)"),
        # grammar
        (r"\{rank\}e\b|\(\d+e\)", "(rang 1), not (1e)"),
        (r"\b(?!y\b|lui\b|leur\b)\w+ a rien\b", "n'a rien"),
        (r"\bcliquez-l[ae]\b", "cliquez dessus"),
        (r"\bcliquer (?:l[ae]|l'|les|une?)\b", "cliquer sur l'endroit"),
        (r"\bcocas?\W+la (?:première|deuxième|troisième)", "le premier coca (masculine)"),
        (r"\((?:Français|Anglais|Néerlandais)\)", "en français"),
        (r"(?<![\w'])'[a-z]+(?:-[a-z]+)+'", "« blocked-priest » (French quotation marks)"),
        # phrasing
        (r"reste fraîche", "reste intacte"),
        (r"\b[Ss]ur une carte (?:Soleil|Lune)", "avec une carte Soleil/Lune"),
        (r"passe cette décision", "renonce à cette décision"),
        (r"se place en passant par", "se met en place depuis"),
        (r"sert tout de suite", "rapporte tout de suite"),
        (r"se décident un joueur à la fois", "chacun décide à son tour"),
        (r"baisse d'un\.", "baisse de 1"),
        (r"Chaque carte peut sacrifier", "Chacun peut sacrifier"),
        (r"\brobots?\b", "bot"),
        (r"événements? plus tôt", "événement antérieur"),
        (r"n'acquérir personne", "n'acquérir ni Prêtre ni Vierge"),
        # one word for each thing
        (r"\bcarnets?\b", "notebook"),
        (r"\bprofesseurs?\b", "enseignant"),
        (r"Coup annulé|\brétabl\w*|\bRepris\b|\bannulation\b", "Défaire, Refaire, « Coup défait »"),
        (r"deuxième (?:montant|plus grand nombre|valeur)", "la deuxième quantité d'or"),
        (r"\d+ème\b", "2e"),
        (r"(?<!iquez )(?<!iquer )\bsur la Plantation de Coca", "dans la Plantation de Coca"),
        (r"piste du temps", "piste du Temps"),
        (r"\bbanque\b", "la Banque"),
    ],
    "nl": [
        # the rulebook's words
        (r"overwinningspunt", "winstpunten"),
        (r"(?i)\btijdspoor\b", "kalender"),
        (r"\bmaal\b", "factor (the multiplier's column)"),
        (r"stappen per lama", "velden per lama"),
        (r"(?i)kaart nagetekend|de kaart van de stad", "plattegrond (gereconstrueerd)"),
        (r"Verstrijken eerst", "Loopt dag 9 eerst af"),
        # grammar
        (r"\b1 winstpunten\b|= \{vp\} winstpunten", "1 winstpunt"),
        (r"‘de (?:textiel|lama|coca|keramiek|maïs)’", "‘textiel’ (het textiel)"),
        (r"\bde (?:beste )?zonnefiche\b", "het zonnefiche"),
        (r"priester verplaatst één veld", "verplaatst zich één veld"),
        (r"heeft al arbeiders", "heeft nog arbeiders"),
        (r"doet de prijs", "Door eerst ... te nemen, stijgt de prijs"),
        (r"maakt\s+17 winstpunten|verkenner maakt 19", "maken 17"),
        (r"lesshoofdstuk", "leshoofdstuk"),
        (r"Als de Spanjaarden nu zouden", "de stad nu zouden veroveren"),
        (r"het goud\s+vermenigvuldigt\.", "het goud vermenigvuldigt de punten"),
        (r"zon-/maan", "zonne-/maan"),
        (r"\bhogepriester", "Hogepriester"),
        # phrasing
        (r"voorbijgaan", "past"),
        (r"gestreept", "met een oranje stippellijn"),
        (r"liggen om te nemen", "Blijven staan kan alleen als er nog een maanfiche ligt"),
        (r"elk van\s+beiden", "ze hebben elk"),
        (r"Vast, of nieuwsgierig", "Zit je vast...?"),
        (r"plannen smeden", "spelen"),
        (r"Welke priester verplaatst de gedekte", "Welke priester wordt ... verplaatst"),
        (r"\buitgeeft\b|\buitgeven\b", "inzet, inzetten"),
        (r"lege stapel op de bergtop leverde", "Wie bij een lege stapel de bergtop bereikt, krijgt"),
        (r"hoogste bedrag|\bbedrag\b", "hoeveelheid"),
        (r"naar huis", "naar de voorraad"),
        (r"heilige helpers", "priesters en maagden"),
        (r"van elk \d+ velden", "voor 5 velden per lama"),
        (r"\buitzenden\b", "sturen"),
        (r"\bop op\b", "levert ... op het bergpad ... op"),
        (r"\b[Oo]ffer (?:daarna )?\d+ \(sacrifice", "offert één lama (not the `offer` command)"),
        (r"die de engine meet", "waarvan de engine het antwoord berekent"),
        # one word for each thing
        (r"\bspel (?:eindigt|is voorbij|duurt)|eindigt het spel|Als het spel nu|"
         r"einde van het spel\)", "de partij (one game played)"),
        (r"\blegt? (?:je )?hem (?:gedekt|open|op)\b|om hem te leggen", "ze, haar (de kaart)"),
        (r"ongedaan maken", "terugnemen"),
        (r"\bgesloten\b", "gedekt"),
        (r"\bzicht van", "weergave"),
        (r"\bgelijkspel\b", "gelijke stand"),
        (r"\baanwerv", "in dienst nemen"),
        (r"(?<![\w=`\[])'[A-Z][^'\n`]{1,50}'|“|«", "‘...’"),
        (r"(?<![`({\w])seed\b(?!\s?=)(?![`}])", "startwaarde"),
        (r"(?<![`\[\w-])checks?\b(?! =)(?![\]`-])", "controles"),
    ],
}


@pytest.mark.parametrize("lang", sorted(BANNED))
def test_the_editors_words_are_used_everywhere(lang: str) -> None:
    """One word for each thing, the rulebooks' words, and the editors' corrections: a variant
    struck out once must not come back in any catalog, chapter, page or notebook."""
    bad = [f"{where}: {m.group(0)!r} (say: {say})" for where, text in texts_in(lang)
           for pattern, say in BANNED[lang] for m in re.finditer(pattern, text)]
    assert not bad, "\n".join(sorted(set(bad))[:60])


#: words for developers, kept to the chapter for teachers (15) and the docs: a learner's text
#: says "the tutor", "the rule", "the decision to make now"
DEVELOPER_WORDS = re.compile(
    r"\b(?:engine|engine's|rules? ids?|pending|seed|moteur|identifiants? de (?:la )?règles?|"
    r"en attente|graine|regelengine|code van de regel|regelcodes?|regel-id's|openstaande|"
    r"startwaarde)\b", re.IGNORECASE)
TEACHERS = "15"


def learner_texts(game: str, lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of everything a learner reads in a game's chapters: each chapter's text
    fields and the notebook cells the generator writes around them (code spans left out)."""
    for ch in chapters_of(game, lang).values():
        if ch.id == TEACHERS:
            continue
        where = f"{game} {lang} {ch.id}"
        texts = [ch.title, ch.summary, ch.recap]
        texts += [x for task in ch.tasks for x in (task.instruction, task.hint, task.done)]
        texts += [x for q in ch.quizzes for x in (q.question, q.reveal, *q.labels)]
        texts += ["".join(c["source"]) for c in chapter_cells(ch) if c["cell_type"] == "markdown"]
        for text in texts:
            yield where, re.sub(r"`[^`]*`", "", text)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["princes", "priests"])
def test_no_developer_words_where_a_learner_reads(game: str, lang: str) -> None:
    """Not "the engine checks", "rule id", "pending decision", "seed" in the chapters a learner
    reads (chapter 15 is for teachers), nor in what the board's key list says."""
    bad = [f"{where}: {m.group(0)!r} in {text[max(0, m.start() - 40): m.end() + 30]!r}"
           for where, text in learner_texts(game, lang) for m in DEVELOPER_WORDS.finditer(text)]
    set_language(lang)
    bad += [f"board keys: {what!r}" for _key, what in [*keys(), *words().items()]
            if DEVELOPER_WORDS.search(what)]
    assert not bad, "\n".join(bad[:30])


#: English a generated list or table once kept in French and Dutch: the set-up lists of the
#: priests' rules, chapter 02's table, ``summary()``, the score tables, the lesson panel's text
ENGLISH_LEFT = re.compile(
    r"\btasks done\b|\bpending:|\bprince=|\bscout=|\bstair: |\bhand=|\bstart day\b|"
    r"\bIncas each\b|(?<![.\w])learning\b(?!\s*=)|\bNorth, East\b|\b[A-E], [A-E](?:, [A-E])* and [A-E]\b|"
    r"\bplayer +VP\b|\bplayer +card\b|<Game |LessonPanel\(|QuizBox\(|“")


@pytest.mark.parametrize("lang", OTHER)
def test_generated_lists_and_tables_are_in_the_language(lang: str) -> None:
    set_language(lang)
    princes = LessonRun(find_chapter("00", "princes", lang)).game
    temple = LessonRun(find_chapter("01", "priests", lang)).game
    said = [princes.summary(), temple.summary(), setup_table(),
            *(r.statement for r in priests_game.RULES.values())]
    for game in (Game.new(players=3, seed=1), priests_game.Game.new(players=3, seed=1)):
        rng = random.Random(1)
        while not game.over:
            legal = list(game.legal_actions())
            game.apply(rng.choice(legal)) if legal else game.advance()
        said += [game.outcome().table(), game.outcome().report()]
    said.append(repr(LessonPanel("04", game="princes", board=False, language=lang)))
    bad = [m.group(0) for text in said for m in ENGLISH_LEFT.finditer(text)]
    assert not bad, bad
    stairs = priests_game.RULES["lay.free_stair"].statement
    assert {"fr": "(Nord, Est, Sud ou Ouest)", "nl": "(noord, oost, zuid of west)"}[lang] in stairs


@pytest.mark.parametrize("lang", OTHER)
def test_the_notebooks_outputs_have_no_english_left(lang: str) -> None:
    """What the executed notebooks keep (the panel's text, printed lists and tables)."""
    bad = []
    for path in sorted((ROOT / "notebooks" / lang).rglob("*.ipynb")):
        for cell in json.loads(path.read_text("utf-8"))["cells"]:
            for out in cell.get("outputs", []):
                text = "".join(out.get("text", "")) + "".join(
                    out.get("data", {}).get("text/plain", ""))
                bad += [f"{path.relative_to(ROOT)}: {m.group(0)!r}"
                        for m in ENGLISH_LEFT.finditer(text)]
    assert not bad, "\n".join(sorted(set(bad))[:30])


FRENCH_TITLES = ("Matériel", "Préparation", "Déroulement", "Fin du tour", "Fin du jeu")


def test_english_priests_chapters_give_the_meaning_of_the_french_titles() -> None:
    """The priests game's rules are French: an English text cites a French title with its
    English meaning in brackets ("Déroulement (Playing)")."""
    set_language("en")
    cited = [find_chapter(f"{i:02d}", "priests").section for i in range(6)]
    cited += [priests_game.RULES[r].section for r in priests_game.RULES]
    bad = [s for s in cited for title in FRENCH_TITLES
           for m in re.finditer(re.escape(title), s) if not s[m.end():].startswith(" (")]
    assert not bad, sorted(set(bad))


def literal_messages(folder: Path) -> Iterator[tuple[Path, int, str]]:
    for path in sorted(folder.rglob("*.py")):
        if "locale" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("t", "tn") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                yield path, node.lineno, node.args[0].value


def test_every_message_in_the_code_reaches_its_catalog() -> None:
    """A ``t("...")`` nested in another call's arguments is not extracted by Babel (the
    panels' "none" stayed English that way): every literal message must be in the template."""
    missing = []
    for folder, _locale in packages():
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template(folder) if m.id}
        missing += [f"{p.relative_to(ROOT)}:{line}: {text!r}"
                    for p, line, text in literal_messages(folder) if text not in ids]
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_pages_have_headings_in_their_language(lang: str) -> None:
    page = (ROOT / "docs" / ("GLOSSARY.md" if lang == "en" else f"{lang}/GLOSSARY.md")).read_text()
    headings = re.findall(r"^#+ (.+)$", page, re.M)
    english = {"Stair", "Direction", "Colour", "District", "Good", "Profession", "Priest", "Priests",
               "Machu Picchu (the priests game)", "The Princes of Machu Picchu"}
    if lang != "en":
        assert not english & set(headings), headings
    assert render(priests_game.TITLE, lang) in headings
