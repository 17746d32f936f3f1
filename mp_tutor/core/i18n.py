"""Texts a learner reads, rendered lazily in the current language.

A :class:`Msg` keeps its English source text (the gettext message id) and named
parameters; it is rendered when shown (``str(msg)``), in the language chosen with
:func:`set_language` (default: the ``MP_TUTOR_LANG`` environment variable, else English).
Parameters may be other messages or :class:`Term` objects (a district, a good, a piece),
which are rendered in the same language, so nothing is assembled from English fragments.

>>> m = t("{who} pays {n} corn.", who="Blue", n=2)
>>> str(m)
'Blue pays 2 corn.'
>>> str(tn("{n} card", "{n} cards", 3))
'3 cards'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from .tomlfile import Map, Str, read_bytes, read_text

DEFAULT_LANGUAGE = "en"
#: the languages of the tutor (the rulebooks'); a catalog may add more
LANGUAGES = ("en", "fr", "nl")
#: gettext domain of every catalog (one catalog per package: core, each game, the widgets)
DOMAIN = "messages"
#: folders holding ``<lang>/LC_MESSAGES/messages.mo``, in registration order
_catalog_dirs: list[Path] = []
_loaded: dict[str, list[gettext.GNUTranslations]] = {}
_current: list[str] = []
#: translate(message id, language) -> translated id, or None; plural: (singular, plural, n, lang)
_translators: list[Callable[[str, str], str | None]] = []
_plural_translators: list[Callable[[str, str, int, str], str | None]] = []
#: resolve a term (kind, id, language) -> its name, or None (tried in order)
_term_resolvers: dict[str, list[Callable[[str, str, str], str | None]]] = {}
#: language -> the first words of the games' proper names (they keep their capital in a clause)
_names: dict[str, set[str]] = {}
#: the glossary kind that names the other kinds (the glossary pages' headings): not names
HEADING = "heading"
#: the kind of the players' initials (marks on pieces, not words a sentence starts with)
INITIAL = "initial"


def get_language() -> str:
    """The language texts are rendered in (``en``, ``fr``, ``nl``, ...)."""
    if _current:
        return _current[-1]
    env = os.environ.get("MP_TUTOR_LANG", "").strip().lower()
    return env.split("_")[0].split(".")[0] if env else DEFAULT_LANGUAGE


def set_language(code: str | None) -> str:
    """Choose the language (``None`` goes back to the default); returns it."""
    _current.clear()
    if code:
        _current.append(str(code).strip().lower())
    return get_language()


def add_catalogs(folder: Path | str) -> None:
    """Use the compiled gettext catalogs under ``folder`` (``<lang>/LC_MESSAGES/messages.mo``).

    Each package (the core, each game, the widgets) registers its own ``locale`` folder.
    """
    path = Path(folder)
    if path not in _catalog_dirs:
        _catalog_dirs.append(path)
        _loaded.clear()


def catalogs(lang: str) -> list[gettext.GNUTranslations]:
    """The compiled catalogs of ``lang`` (loaded once)."""
    if lang not in _loaded:
        found = []
        for folder in _catalog_dirs:
            mo = folder / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
            if mo.is_file():
                with mo.open("rb") as fh:
                    found.append(gettext.GNUTranslations(fh))
        _loaded[lang] = found
    return _loaded[lang]


def _from_catalogs(text: str, lang: str) -> str | None:
    for cat in catalogs(lang):
        got = cat.gettext(text)
        if got != text:
            return got
    return None


def _plural_from_catalogs(singular: str, plural: str, n: int, lang: str) -> str | None:
    for cat in catalogs(lang):
        got = cat.ngettext(singular, plural, n)
        if got not in (singular, plural):
            return got
    return None


def add_translator(fn: Callable[[str, str], str | None],
                   plural: Callable[[str, str, int, str], str | None] | None = None) -> None:
    """Register a message catalog lookup (the i18n layer adds gettext catalogs)."""
    _translators.append(fn)
    if plural is not None:
        _plural_translators.append(plural)


def add_terms(kind: str, resolver: Callable[[str, str, str], str | None]) -> None:
    """Register how a game names its terms of ``kind`` (``resolver(kind, id, lang)``)."""
    found = _term_resolvers.setdefault(kind, [])
    if resolver not in found:
        found.append(resolver)


def add_names(lang: str, names: Iterable[object]) -> None:
    """Register the proper names of a game in ``lang`` ("Blue", "Coca Plantation", "Bleu"):
    a clause that starts with one keeps its capital (see :func:`clause`)."""
    found = _names.setdefault(lang, set())
    for name in names:
        word = _first_word(str(name))
        if word[:1].isupper():
            found.add(word)


def _first_word(text: str) -> str:
    word = text.split(maxsplit=1)[0] if text.strip() else ""
    for mark in ("'", "\u2019"):  # "Blue's", "Bleu's": the name before the apostrophe
        word = word.split(mark, 1)[0]
    return word.strip(".,;:!?()\"\u00ab\u00bb\u201c\u201d")


class Glossary:
    """The names of a game's things in each language, read from a glossary file.

    The file has one table per term, ``[kind.id]``, with a name per language code::

        [district.coca_plantation]
        fr = "Plantation de Coca"
        nl = "cocaplantage"

    >>> g = Glossary.from_text("g.toml", '[good.llama]\\nfr = "lama"\\nnl = "lama"')
    >>> g.name("good", "llama", "fr"), g.name("good", "llama", "de")
    ('lama', None)
    """

    def __init__(self, terms: dict[str, dict[str, dict[str, str]]]) -> None:
        self.terms = terms

    @classmethod
    def from_text(cls, label: str, text: str) -> Glossary:
        raw = read_text(label, text, Map(Map(Map(Str(nonempty=True, max_len=200),
                                                 keys=Str(max_len=10)))))
        return cls(raw)

    @classmethod
    def from_file(cls, path: Path | str) -> Glossary:
        return cls.from_text(str(path), read_bytes(path))

    def name(self, kind: str, ident: str, lang: str) -> str | None:
        return self.terms.get(kind, {}).get(ident, {}).get(lang)

    def register(self) -> Glossary:
        """Name this glossary's terms in every language it has."""
        for kind, terms in self.terms.items():
            add_terms(kind, self._resolve)
            for names in terms.values() if kind not in (HEADING, INITIAL) else ():
                for lang, name in names.items():
                    add_names(lang, [name])
        return self

    def _resolve(self, kind: str, ident: str, lang: str) -> str | None:
        return self.name(kind, ident, lang)


def translate(text: str, lang: str | None = None) -> str:
    """``text`` (an English message id) in ``lang`` (the id itself when untranslated)."""
    lang = lang or get_language()
    if lang != DEFAULT_LANGUAGE:
        got = _from_catalogs(text, lang)
        if got:
            return got
        for fn in _translators:
            got = fn(text, lang)
            if got:
                return got
    return text


def translate_plural(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    lang = lang or get_language()
    if lang != DEFAULT_LANGUAGE:
        got = _plural_from_catalogs(singular, plural, n, lang)
        if got:
            return got
        for fn in _plural_translators:
            got = fn(singular, plural, n, lang)
            if got:
                return got
    return singular if n == 1 else plural


def render(value: object, lang: str | None = None) -> str:
    """A parameter as text: messages and terms in the language, the rest with ``str``."""
    if isinstance(value, (Msg, Term)):
        return value.render(lang)
    if isinstance(value, (list, tuple)):
        return join_list([render(v, lang) for v in value], lang)
    return str(value)


def capitalized(text: str) -> str:
    """A phrase shown on its own, as a sentence: its first letter in capitals.

    >>> capitalized("the Spanish conquer Machu Picchu")
    'The Spanish conquer Machu Picchu'
    """
    return text[:1].upper() + text[1:]


def clause(value: object, lang: str | None = None) -> str:
    """A sentence as it reads after a colon: its first letter in lower case, unless the
    sentence starts with a name (a player, a district...) or a quotation.

    A message knows whether its sentence starts with a word of its own or with a name filled
    in; a plain text (a chapter's hint) starts with a name when its first word is one of the
    games' proper names (:func:`add_names`) in that language.

    >>> clause(t("A {piece} costs 2 coca.", piece="Priest of Puma"))
    'a Priest of Puma costs 2 coca.'
    >>> clause(t("{who} has no llama.", who="Blue"))
    'Blue has no llama.'
    >>> add_names("en", ["Blue"]); clause("Blue's Prince moves."), clause("Choose a good.")
    ("Blue's Prince moves.", 'choose a good.')
    >>> clause("Eén kaart ligt open.", "nl")
    'één kaart ligt open.'
    """
    lang = lang or get_language()
    text = render(value, lang)
    if isinstance(value, Msg) and not isinstance(value, ListMsg):
        lower = value.template(lang)[:1].isalpha()
    else:
        lower = _first_word(text) not in _names.get(lang, set())
    if not lower or not text[:1].isupper() or text[1:2].isupper():
        return text  # a name, or an abbreviation ("VP")
    if text.startswith("Eén"):  # Dutch writes the capital of "één" without its first accent
        return "één" + text[3:]
    return text[:1].lower() + text[1:]


def join_list(items: list[str], lang: str | None = None, *, either: bool = False) -> str:
    """'a', 'a and b', 'a, b and c' in the language ('nothing' for none); ``either``: the
    alternatives 'a, b or c'."""
    if not items:
        return t("nothing").render(lang)
    if len(items) == 1:
        return items[0]
    if either:
        # TRANSLATORS: the end of a list of alternatives: {items} is "a, b", {last} is "c"
        return t("{items} or {last}", items=", ".join(items[:-1]), last=items[-1]).render(lang)
    # TRANSLATORS: the end of a list: {items} is "a, b" (joined by commas), {last} is "c"
    return t("{items} and {last}", items=", ".join(items[:-1]), last=items[-1]).render(lang)


class Msg:
    """A translatable sentence with named parameters, rendered when shown."""

    __slots__ = ("text", "plural", "n", "params")

    def __init__(self, text: str, params: dict[str, object] | None = None,
                 plural: str | None = None, n: int | None = None) -> None:
        self.text = text
        self.plural = plural
        self.n = n
        self.params = params or {}

    def template(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` with its placeholders, before they are filled."""
        if self.plural is not None:
            return translate_plural(self.text, self.plural, int(self.n or 0), lang)
        return translate(self.text, lang)

    def render(self, lang: str | None = None) -> str:
        template = self.template(lang)
        if not self.params:
            return template
        values = {k: render(v, lang) for k, v in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation must not crash
            return self.text.format(**values) if self.plural is None else template

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Msg({self.render(DEFAULT_LANGUAGE)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return self.render() == other
        if isinstance(other, Msg):
            return (self.text, self.plural, self.n, self.params) == (
                other.text, other.plural, other.n, other.params)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)

    def __contains__(self, item: str) -> bool:
        return item in str(self)


class ListMsg(Msg):
    """Items (messages, terms, numbers) joined in the language when rendered: 'a, b and c'."""

    __slots__ = ("either", "items")

    def __init__(self, items: list[object], either: bool = False) -> None:
        super().__init__("{items}")
        self.items = items
        self.either = either

    def render(self, lang: str | None = None) -> str:
        return join_list([render(i, lang) for i in self.items], lang, either=self.either)


class ClauseMsg(Msg):
    """A sentence put after a colon, rendered lazily by :func:`clause` in the language shown."""

    __slots__ = ("inner",)

    def __init__(self, inner: object) -> None:
        super().__init__("{clause}", {"clause": inner})
        self.inner = inner

    def template(self, lang: str | None = None) -> str:
        return "{clause}"

    def render(self, lang: str | None = None) -> str:
        return clause(self.inner, lang)


def after_colon(value: object) -> ClauseMsg:
    """``value`` (a message or a text) to be shown after a colon: see :func:`clause`.

    >>> str(t("Not allowed: {why}", why=after_colon(t("Each llama costs 1 corn."))))
    'Not allowed: each llama costs 1 corn.'
    """
    return ClauseMsg(value)


def quoted(value: object) -> Msg:
    """``value`` in quotation marks, as the language writes them.

    >>> str(quoted("3 corn"))
    '“3 corn”'
    """
    # TRANSLATORS: words quoted in a sentence, with the language's quotation marks
    return t("“{words}”", words=value)


def listed(items: Iterable[object]) -> ListMsg:
    """Items joined: ``str(listed(["a", "b", "c"]))`` is 'a, b and c' ('nothing' for none).

    >>> str(listed(["a", "b", "c"])), str(listed([]))
    ('a, b and c', 'nothing')
    """
    return ListMsg(list(items))


def alternatives(items: Iterable[object]) -> ListMsg:
    """Items as alternatives: ``str(alternatives(["a", "b", "c"]))`` is 'a, b or c'.

    >>> str(alternatives(["North", "East", "South", "West"]))
    'North, East, South or West'
    """
    return ListMsg(list(items), either=True)


class Term:
    """A named thing of a game (``Term("district", "coca_plantation")``), named per language."""

    __slots__ = ("kind", "id", "fallback")

    def __init__(self, kind: str, ident: str, fallback: str | None = None) -> None:
        self.kind = kind
        self.id = ident
        self.fallback = fallback

    @classmethod
    def of(cls, kind: str) -> Callable[[str], Term]:
        """The names of a game's things of one ``kind``: ``Term.of("good")("llama")`` is
        ``Term("good", "llama")``."""
        return partial(cls, kind)

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        for fn in _term_resolvers.get(self.kind, ()):
            got = fn(self.kind, self.id, lang)
            if got:
                return got
        if lang != DEFAULT_LANGUAGE:
            return self.render(DEFAULT_LANGUAGE)
        return self.fallback or self.id.replace("_", " ")

    def __eq__(self, other: object) -> bool:
        """The same thing: the same kind, id and fallback (so messages naming it compare)."""
        if isinstance(other, Term):
            return (self.kind, self.id, self.fallback) == (other.kind, other.id, other.fallback)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.id))

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Term({self.kind!r}, {self.id!r})"


def t(text: str, /, **params: object) -> Msg:
    """A translatable sentence (the English text is the message id)."""
    return Msg(text, params)


def tn(singular: str, plural: str, n: int, /, **params: object) -> Msg:
    """A translatable sentence with a plural form chosen by ``n`` (also passed as ``n``)."""
    return Msg(singular, {"n": n, **params}, plural=plural, n=n)


#: the ordinal words ("the third moon tile"); a translation gives the form that goes with any
#: noun (French: "premier", masculine; a sentence about a feminine noun writes its own "first")
ORDINALS = (t("first"), t("second"), t("third"), t("fourth"), t("fifth"), t("sixth"),
            t("seventh"), t("eighth"), t("ninth"), t("tenth"))


def ordinal(n: int) -> Msg:
    """'third' for 3, in the current language (beyond ten: 'number 11').

    >>> str(ordinal(3)), str(ordinal(12))
    ('third', 'number 12')
    """
    if 1 <= n <= len(ORDINALS):
        return ORDINALS[n - 1]
    return t("number {n}", n=n)


add_catalogs(Path(__file__).with_name("locale"))

__all__ = [
    "add_names",
    "after_colon",
    "alternatives",
    "capitalized",
    "ClauseMsg",
    "clause",
    "Glossary",
    "HEADING",
    "LANGUAGES",
    "ListMsg",
    "Msg",
    "add_catalogs",
    "catalogs",
    "Term",
    "add_terms",
    "add_translator",
    "get_language",
    "join_list",
    "listed",
    "ordinal",
    "quoted",
    "render",
    "set_language",
    "t",
    "tn",
    "translate",
]
