"""The tutor in the languages of its rulebooks: English, French and Dutch.

Every message has a translation in every language with the same placeholders; every chapter
exists in every language with the same tasks and the same quiz answers; the rulebooks' own
words appear where the game names its things; rules are found by words in any language.
"""

from __future__ import annotations

import tomllib

import pytest

from mp_tutor import Game, lookup, set_language
from mp_tutor.core.catalogs import problems
from mp_tutor.core.glossary import stale
from mp_tutor.core.i18n import LANGUAGES, Term, get_language
from mp_tutor.core.lessons import chapters_of, compute_quiz
from mp_tutor.core.lessons.model import chapter_folder
from mp_tutor.core.numbers import parse_number
from mp_tutor.core.registry import get_game, known_games

OTHER = tuple(lang for lang in LANGUAGES if lang != "en")


@pytest.fixture(autouse=True)
def english_after() -> None:
    yield
    set_language(None)


def test_every_message_is_translated_with_the_same_placeholders() -> None:
    bad = problems()
    assert not bad, f"{len(bad)} catalog problems, e.g.:\n" + "\n".join(bad[:30])


@pytest.mark.parametrize("game", known_games())
@pytest.mark.parametrize("lang", OTHER)
def test_every_term_of_the_glossary_has_every_language(game: str, lang: str) -> None:
    path = get_game(game).chapter_dir.parent / "data" / "glossary.toml"
    raw = tomllib.loads(path.read_text("utf-8"))
    missing = [f"{kind}.{ident}" for kind, terms in raw.items() for ident, names in terms.items()
               if lang not in names]
    assert not missing, f"{path.name}: no {lang} name for {missing}"


def _shape(ch) -> dict:
    """What must be the same in every language: everything but the words."""
    return {
        "id": ch.id, "slug": ch.slug, "rules": ch.rules, "start": (ch.start.scenario,
                                                                  ch.start.options),
        "seat": ch.seat, "bots": ch.bots, "auto_steps": ch.auto_steps, "lookup": len(ch.lookup),
        "tasks": [(t.id, t.solution, t.accept, t.mistake, t.mistake_rule, t.mistake_after,
                   t.goal, t.bot_seed) for t in ch.tasks],
        "quizzes": [(q.id, q.measure, q.fact, q.events, q.sum, q.do, q.prelude, q.expect,
                     q.choices, q.start) for q in ch.quizzes],
        "cells": [(c.get("at"), c.get("code"), c.get("check")) for c in ch.cells],
    }


@pytest.mark.parametrize("game", known_games())
@pytest.mark.parametrize("lang", OTHER)
def test_every_chapter_exists_in_every_language_with_the_same_tasks(game: str, lang: str) -> None:
    english = chapters_of(game, "en")
    assert chapter_folder(get_game(game), lang).is_dir(), f"no {lang} chapters of {game}"
    other = chapters_of(game, lang)
    assert sorted(other) == sorted(english)
    for cid, ch in english.items():
        assert _shape(other[cid]) == _shape(ch), f"{game} chapter {cid} ({lang}) differs"
        assert other[cid].title != ch.title or other[cid].summary != ch.summary, (
            f"{game} chapter {cid} ({lang}) is not translated")
        for quiz in ch.quizzes:
            assert compute_quiz(other[cid], other[cid].quiz(quiz.id)).answer == \
                compute_quiz(ch, quiz).answer


#: (language, a district, the rulebook's name for it)
OFFICIAL = [
    ("fr", "coca_plantation", "Plantation de Coca"),
    ("fr", "watchmans_hut", "Hutte des Gardiens"),
    ("fr", "royal_palace", "Palais Royal"),
    ("fr", "potters_quarter", "Quartier des Potiers"),
    ("nl", "coca_plantation", "cocaplantage"),
    ("nl", "potters_quarter", "pottenbakkerswijk"),
]


@pytest.mark.parametrize(("lang", "district", "name"), OFFICIAL)
def test_the_rulebooks_words_appear_in_the_narration(lang: str, district: str, name: str) -> None:
    game = Game.new(players=2, seed=1)
    game.apply("inca farmer")
    game.apply("inca shepherd")
    events = game.apply(f"move {district}")
    set_language(lang)
    assert get_language() == lang
    text = " ".join(e.text for e in events)
    assert name.lower() in text.lower(), text
    assert str(Term("district", district)).lower() == name.lower()


def test_the_glossary_pages_are_up_to_date() -> None:
    assert not stale(), "run: python -m mp_tutor.core.glossary"


@pytest.mark.parametrize(("words", "rule"), [("étable", "trail.stable"), ("stal", "trail.stable"),
                                             ("llama stable", "trail.stable")])
def test_rules_are_found_by_words_in_any_language(words: str, rule: str) -> None:
    assert rule in [r.id for r in lookup(words)]


# -- numbers in words (a quiz answer) ---------------------------------------------------------
@pytest.mark.parametrize(("lang", "cases"), [
    ("en", {"zero": 0, "one": 1, "Twelve": 12, "twenty-one": 21, "twenty one": 21,
            "forty-two": 42, "ninety-nine": 99, "one hundred": 100, "minus three": -3, "-4": -4}),
    ("fr", {"zéro": 0, "un": 1, "une": 1, "onze": 11, "dix-sept": 17, "vingt et un": 21,
            "vingt-et-un": 21, "trente-deux": 32, "soixante-dix": 70, "soixante et onze": 71,
            "quatre-vingts": 80, "quatre-vingt-un": 81, "quatre-vingt-dix-neuf": 99,
            "septante": 70, "nonante-deux": 92, "cent": 100, "moins trois": -3}),
    ("nl", {"nul": 0, "één": 1, "een": 1, "twaalf": 12, "eenentwintig": 21,
            "tweeëntwintig": 22, "drieëndertig": 33, "negenennegentig": 99, "honderd": 100,
            "min drie": -3}),
])
def test_whole_numbers_in_words(lang: str, cases: dict[str, int]) -> None:
    for text, n in cases.items():
        assert parse_number(text, lang) == n, (lang, text)


def test_words_of_another_language_or_no_number_are_not_numbers() -> None:
    for text, lang in (("deux", "en"), ("two", "fr"), ("twee", "fr"), ("two", "nl"), ("", "en"),
                       ("two three", "en"), ("2.5", "en"), ("x" * 1000, "nl"), ("٣", "en")):
        assert parse_number(text, lang) is None, (text, lang)
    every = {lang: {parse_number(w, lang) for w in ("one", "un", "een")} for lang in ("en", "fr", "nl")}
    assert every == {"en": {1, None}, "fr": {1, None}, "nl": {1, None}}
