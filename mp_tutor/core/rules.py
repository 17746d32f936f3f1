"""Rule books: every rule id a game cites, with its rulebook section and one sentence.

A game keeps its rules in a TOML file (``rules.toml`` beside its ``game.toml``)::

    [sections]
    moving = "Moving the Princes"

    [owners]            # which module of the game package raises the ids of a prefix
    move = "moving"

    [rules]
    "move.llama" = { section = "moving", text = "Any other district costs {move.llama_cost} llama." }

Numbers in a statement are written as ``{table.key}`` placeholders and filled from the
game's data file, so no printed number is written twice; ``{table.key:ordinal}`` writes the
number as an ordinal word ("the third moon tile"). An illegal action is explained
by an :class:`Illegal` (rule id, section, sentence); :class:`IllegalAction` is the
exception that carries it.

>>> book = RuleBook.from_text("demo", '''
... [sections]
... s = "Section"
... [owners]
... x = "mod"
... [rules]
... "x.one" = { section = "s", text = "Pay {cost.n} corn." }
... ''', values={"cost.n": 2})
>>> str(book["x.one"])
'[x.one] (Section) Pay 2 corn.'
>>> why = book.illegal("x.one", "Too poor.")
>>> why.rule, why.section, str(why)
('x.one', 'Section', 'Too poor. [x.one: Section]')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from pathlib import Path

from .errors import FileFieldError
from .i18n import LANGUAGES, Msg, add_catalogs, get_language, ordinal, render, t
from .tomlfile import Map, Str, Table, read_bytes, read_text, validate

#: words of a query are separated by spaces and ASCII punctuation (not by letters of any script)
_WORD_SPLIT = re.compile(r"[\s.,;:!?()\[\]{}<>\"/\\|+*=&%$#@^~`-]+")
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)+)(:ordinal)?\}")
CORE_RULES = Path(__file__).with_name("rules.toml")


class RuleFileError(FileFieldError):
    """A rules file is malformed (names the file and the field)."""


class Rule:
    """One rule: ``id``, ``section`` and ``statement`` (rendered in the current language)."""

    __slots__ = ("id", "_section", "_text", "_values", "owner")

    def __init__(self, rule_id: str, section: str | Msg, text: str,
                 values: Mapping[str, object] | None = None, owner: str = "") -> None:
        self.id = rule_id
        self._section = section
        self._text = text
        self._values = dict(values or {})
        self.owner = owner

    @property
    def section(self) -> str:
        return render(self._section)

    @property
    def statement(self) -> str:
        return str(Msg(self._text, self._values)) if self._values else render(t(self._text))

    def texts(self, lang: str) -> str:
        """Id, section and statement in ``lang`` (for searching)."""
        return f"{self.id} {render(self._section, lang)} {Msg(self._text, self._values).render(lang)}"

    def __str__(self) -> str:
        return f"[{self.id}] ({self.section}) {self.statement}"

    def __repr__(self) -> str:
        return f"Rule({self.id!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rule) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)


class Illegal:
    """Why an action is not allowed: a rule id, its rulebook section and a sentence."""

    __slots__ = ("rule", "_message", "_section")

    def __init__(self, rule: str, message: str | Msg, section: str | Msg = "") -> None:
        self.rule = rule
        self._message = message
        self._section = section

    @property
    def message(self) -> str:
        return render(self._message)

    @property
    def msg(self) -> str | Msg:
        """The sentence not yet rendered (to be part of another message, translated later)."""
        return self._message

    @property
    def section(self) -> str:
        return render(self._section)

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}: {self.section}]"

    def __repr__(self) -> str:
        return f"Illegal({self.rule!r}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Illegal) and (self.rule, self.message) == (other.rule, other.message)

    def __hash__(self) -> int:
        return hash((self.rule, self.message))


class IllegalAction(ValueError):
    """Raised for an illegal action; the game is left exactly as it was."""

    def __init__(self, illegal: Illegal, action: object = None) -> None:
        self.illegal = illegal
        self.action = action
        super().__init__(str(illegal))

    @property
    def rule(self) -> str:
        return self.illegal.rule

    @property
    def section(self) -> str:
        return self.illegal.section

    @property
    def message(self) -> str:
        return self.illegal.message


def _fold(text: str) -> str:
    """Lower case without accents, for matching words in any language."""
    nfkd = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in nfkd if not unicodedata.combining(c))


_SCHEMA = Table({
    "sections": Map(Str(nonempty=True)),
    "owners": Map(Str(nonempty=True)),
    "rules": Map(Table({"section": Str(required=True), "text": Str(required=True, nonempty=True)})),
})


class RuleBook(Mapping[str, Rule]):
    """The rule ids of a game (and the tutor core's own ``engine.*`` ids)."""

    def __init__(self, rules: dict[str, Rule], owners: dict[str, str] | None = None,
                 languages: tuple[str, ...] = LANGUAGES) -> None:
        self._rules = rules
        self.owners = dict(owners or {})
        self.languages = languages

    # -- loading ---------------------------------------------------------------------
    @classmethod
    def from_text(cls, label: str, text: str, values: Mapping[str, object] | None = None,
                  include_core: bool = True) -> RuleBook:
        raw = read_text(label, text, _SCHEMA, RuleFileError)
        rules: dict[str, Rule] = {}
        owners: dict[str, str] = {}
        if include_core:
            core = cls.from_text(str(CORE_RULES), read_bytes(CORE_RULES, RuleFileError),
                                 include_core=False)
            rules.update(core._rules)
            owners.update(core.owners)
        sections = raw.get("sections", {})
        owners.update(raw.get("owners", {}))
        vals = dict(values or {})
        for rid, spec in raw.get("rules", {}).items():
            where = f"rules.{rid}"
            if spec["section"] not in sections:
                raise RuleFileError(label, f"{where}.section", f"unknown section {spec['section']!r}")
            needed = _PLACEHOLDER.findall(spec["text"])
            missing = [k for k, _ in needed if k not in vals]
            if missing:
                raise RuleFileError(label, f"{where}.text",
                                    f"no data value for {{{missing[0]}}}")
            used: dict[str, object] = {}
            for k, how in needed:
                v = vals[k]
                if how and (not isinstance(v, int) or isinstance(v, bool)):
                    raise RuleFileError(label, f"{where}.text",
                                        f"{{{k}}} is no whole number to say in words")
                used[_name(k, how)] = ordinal(v) if how and isinstance(v, int) else v
            text_ = statement_template(spec["text"])
            # Msg, not t(): the section's text is extracted from the rules file
            rules[rid] = Rule(rid, Msg(sections[spec["section"]]), text_, used,
                              _owner(rid, owners))
        return cls(rules, owners)

    @classmethod
    def from_file(cls, path: Path | str, values: Mapping[str, object] | None = None) -> RuleBook:
        return cls.from_text(str(path), read_bytes(path, RuleFileError), values)

    @classmethod
    def for_game(cls, data_dir: Path, values: Mapping[str, object]) -> RuleBook:
        """A game package's rule book: ``data_dir/rules.toml`` with the numbers of its data
        (``values``), and the package's message catalogs (``data_dir/../locale``) added so
        its statements translate."""
        add_catalogs(data_dir.parent / "locale")
        return cls.from_file(data_dir / "rules.toml", values)

    # -- reading ---------------------------------------------------------------------
    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def owner(self, rule_id: str) -> str:
        """The module that may raise ``rule_id`` (by full id, else by prefix)."""
        return _owner(rule_id, self.owners)

    def illegal(self, rule_id: str, message: str | Msg) -> Illegal:
        """An :class:`Illegal` citing ``rule_id`` (which must exist)."""
        rule = self._rules[rule_id]
        return Illegal(rule_id, message, rule._section)

    def lookup(self, query: str) -> list[Rule]:
        """Rules matching an id (exact or prefix) or all the words of ``query``.

        Words are matched without accents against the id, section and statement in
        every language of the book (``étable``, ``stal`` and ``stable`` all work).
        """
        q = query.strip().lower()
        if not q:
            return list(self._rules.values())
        if q in self._rules:
            return [self._rules[q]]
        if re.fullmatch(r"[a-z0-9_]+\.[a-z0-9_.]*", q):
            prefix = [r for r in self._rules.values() if r.id.startswith(q)]
            if prefix:
                return prefix
        words = [w for w in _WORD_SPLIT.split(_fold(q)) if w]
        if not words:
            return []
        langs = tuple(dict.fromkeys((*self.languages, get_language())))

        def hay(r: Rule) -> str:
            return " ".join(_fold(r.texts(lang)) for lang in langs)

        return [r for r in self._rules.values() if all(w in hay(r) for w in words)]

    def check_text(self, label: str) -> None:
        """Render every statement once (a missing value would raise)."""
        for rid, rule in self._rules.items():
            validate(label, rule.statement, Str(nonempty=True), RuleFileError, f"rules.{rid}")


def _name(key: str, how: str) -> str:
    return key.replace(".", "__") + ("__ordinal" if how else "")


def statement_template(text: str) -> str:
    """A statement's message id: ``{table.key}`` placeholders become ``{table__key}``
    (``{table.key:ordinal}``: ``{table__key__ordinal}``).

    >>> statement_template("Pay {market.bank_buy_price} corn.")
    'Pay {market__bank_buy_price} corn.'
    >>> statement_template("After the {moon_tiles.day_end_at:ordinal} moon tile")
    'After the {moon_tiles__day_end_at__ordinal} moon tile'
    """
    return _PLACEHOLDER.sub(lambda m: "{" + _name(m.group(1), m.group(2) or "") + "}", text)


def _owner(rule_id: str, owners: Mapping[str, str]) -> str:
    if rule_id in owners:
        return owners[rule_id]
    return owners.get(rule_id.split(".", 1)[0], "")


__all__ = ["Illegal", "IllegalAction", "Rule", "RuleBook", "RuleFileError", "statement_template"]
