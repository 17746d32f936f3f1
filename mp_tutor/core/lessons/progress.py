"""A learner's progress, chapter by chapter, kept between sessions: the tasks done and the
position (the moves played since the chapter's start), in one JSON file.

The same store serves the installed tutor and the classroom site:

- ``MP_TUTOR_PROGRESS`` names the file (``scripts/tutor.sh`` sets it to
  ``my-notebooks/.mp-tutor/progress.json``, so a kernel restart or a new day finds it);
- in the browser's Python (the site) it is ``/drive/.mp-tutor/progress.json``: ``/drive`` is
  the site's storage in the learner's browser, which the site's course page reads too;
- anywhere else (a script, the tests, executing the notebooks) nothing is kept unless asked.

A chapter is known by its game, language and id (``princes/fr/04``): the notebook the
learner opened. The position is the list of actions (their JSON form) played on the
chapter's board; :meth:`mp_tutor.core.lessons.run.LessonRun.resume` plays them again, so the
engine checks every one and the tasks are ticked by the same goals as when they were played.
A store that cannot be read never breaks a chapter: an unreadable file is put aside (and a
new one started), another program's file is left alone and nothing is written to it; each
time :attr:`ProgressStore.problem` says what happened.

>>> import tempfile, pathlib
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
>>> moved = ChapterProgress(actions=({"action": "Move", "to": "coca_plantation"},), done=1, total=3)
>>> store.put("princes/en/04", moved, order=["03", "04", "05"])
True
>>> store.get("princes/en/04").done, store.next_chapter("princes", "en")
(1, '04')
>>> store.summary()["chapters"]["princes/en/04"]["complete"], store.summary()["next"]
(False, {'princes/en': '04'})
>>> store.forget("princes/en/04"), store.get("princes/en/04") is None
(True, True)
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..runtime import BROWSER
from ..views import JSON

FORMAT = "mp-tutor-progress"
VERSION = 1
#: where the site keeps it (the browser's storage, seen by the kernel as /drive)
SITE_FILE = Path("/drive/.mp-tutor/progress.json")
ENV = "MP_TUTOR_PROGRESS"
#: a bound on what is read back (a chapter's moves; a full game is a few hundred)
MAX_ACTIONS = 5000
MAX_BYTES = 5_000_000


@dataclass(frozen=True)
class ChapterProgress:
    """One chapter's progress: the actions played since its start (JSON form), the tasks
    done out of ``total``, when it was saved (seconds since the epoch)."""

    actions: tuple[JSON, ...] = ()
    done: int = 0
    total: int = 0
    updated: float = field(default_factory=time.time)

    @property
    def complete(self) -> bool:
        return self.total > 0 and self.done >= self.total

    def to_json(self) -> dict[str, JSON]:
        return {"actions": list(self.actions), "done": self.done, "total": self.total,
                "complete": self.complete, "updated": round(self.updated, 3)}

    @classmethod
    def from_json(cls, data: object) -> ChapterProgress | None:
        """The entry, or None when it is not a valid one (it is then ignored)."""
        if not isinstance(data, dict):
            return None
        actions, done, total = data.get("actions", []), data.get("done"), data.get("total")
        updated = data.get("updated", 0)
        if (not isinstance(actions, list) or len(actions) > MAX_ACTIONS
                or not all(isinstance(a, dict) for a in actions)
                or type(done) is not int or type(total) is not int or not 0 <= done <= total
                or not isinstance(updated, (int, float)) or isinstance(updated, bool)):
            return None
        return cls(tuple(actions), done, total, float(updated))


def chapter_key(game: str, lang: str, chapter_id: str) -> str:
    """How a chapter is known in the store: ``princes/fr/04``."""
    return f"{game}/{lang}/{chapter_id}"


def lesson_key(path: str | Path) -> str:
    """How a lesson file of its own (a teacher's, made in the studio) is known in the store:
    by its file (teachers' lessons share a number).

    >>> lesson_key("/drive/club/coca.lesson.toml")
    'lesson:/drive/club/coca.lesson.toml'
    """
    return f"lesson:{Path(path).resolve().as_posix()}"


class ProgressStore:
    """The progress file (see the module docstring); every call reads it again, so two
    kernels (or the site's course page) writing it in turn lose nothing of each other's."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        #: what went wrong with the file, or None: ``"put-aside"`` (it was not readable and
        #: was renamed ``*.broken``; a new one is started), ``"foreign"`` (another program's
        #: file, or a newer tutor's: left alone, nothing is written), ``"io"`` (it cannot be
        #: read or written here); ``detail`` says more (the panel says it in the learner's
        #: language)
        self.problem: str | None = None
        self.detail = ""
        #: False once the file is found to be another program's: it is never written then
        self.writable = True

    # -- reading ----------------------------------------------------------------------
    def _read(self) -> dict[str, JSON]:
        """The whole file (a new empty one when there is none or it was put aside)."""
        empty: dict[str, JSON] = {"format": FORMAT, "version": VERSION, "chapters": {},
                                  "next": {}}
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return empty
        except OSError as exc:
            self._fail("io", exc)
            self.writable = False
            return empty
        try:
            data = json.loads(raw[:MAX_BYTES + 1].decode("utf-8")) if len(raw) <= MAX_BYTES \
                else None
        except (UnicodeDecodeError, ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            self._put_aside()
            return empty
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            self.problem, self.detail, self.writable = "foreign", str(self.path), False
            return empty
        for part in ("chapters", "next"):
            if not isinstance(data.get(part), dict):
                data[part] = {}
        return data

    def _put_aside(self) -> None:
        broken = self.path.with_name(self.path.name + ".broken")
        try:
            os.replace(self.path, broken)
            self.problem, self.detail = "put-aside", str(broken)
        except OSError as exc:
            self._fail("io", exc)
            self.writable = False

    def _fail(self, kind: str, exc: OSError) -> None:
        self.problem, self.detail = kind, f"{self.path}: {exc.strerror or exc}"

    def chapters(self) -> dict[str, ChapterProgress]:
        """Every chapter's progress (entries that are not valid are left out)."""
        raw = self._read()["chapters"]
        assert isinstance(raw, dict)
        out = {}
        for key, value in raw.items():
            entry = ChapterProgress.from_json(value)
            if entry is not None:
                out[key] = entry
        return out

    def get(self, key: str) -> ChapterProgress | None:
        return self.chapters().get(key)

    def summary(self) -> dict[str, JSON]:
        """The learner's progress as a course page reads it: the file's own form without the
        moves, ``{"chapters": {key: {"done", "total", "complete", "updated"}}, "next":
        {"princes/fr": "05" or None (every chapter done)}}`` (entries that are not valid are
        left out)."""
        nxt = self._read()["next"]
        chapters: dict[str, JSON] = {}
        for key, entry in self.chapters().items():
            chapters[key] = {k: v for k, v in entry.to_json().items() if k != "actions"}
        goes_on: dict[str, JSON] = ({k: v for k, v in nxt.items() if v is None or isinstance(v, str)}
                                    if isinstance(nxt, dict) else {})
        return {"chapters": chapters, "next": goes_on}

    def next_chapter(self, game: str, lang: str) -> str | None:
        """The chapter id the learner goes on with in a game and language (last saved)."""
        nxt = self._read()["next"]
        value = nxt.get(f"{game}/{lang}") if isinstance(nxt, dict) else None
        return value if isinstance(value, str) else None

    # -- writing ----------------------------------------------------------------------
    def put(self, key: str, progress: ChapterProgress, order: Sequence[str] = ()) -> bool:
        """Keep a chapter's progress; with ``order`` (the ids of the chapters of its game and
        language, in the course's order) also where the learner goes on (:func:`next_chapter`).
        False when it could not be written (``problem`` says why)."""
        return self._change(key, progress.to_json(), order)

    def forget(self, key: str) -> bool:
        """Start a chapter afresh: its progress is removed, and the learner goes on there."""
        return self._change(key, None, ())

    def _change(self, key: str, entry: JSON, order: Sequence[str]) -> bool:
        data = self._read()
        if not self.writable:
            return False
        chapters, nxt = data["chapters"], data["next"]
        assert isinstance(chapters, dict) and isinstance(nxt, dict)
        course, current = key.rsplit("/", 1)
        if entry is None:
            chapters.pop(key, None)
            nxt[course] = current
        else:
            chapters[key] = entry
        if order:
            saved = {k.rsplit("/", 1)[1]: e for k, v in chapters.items()
                     if k.startswith(course + "/") and (e := ChapterProgress.from_json(v))}
            nxt[course] = next_chapter(order, saved, current)
        text = json.dumps(data, ensure_ascii=False, sort_keys=True)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(self.path.name + ".new")
            tmp.write_text(text, "utf-8")
            try:
                os.replace(tmp, self.path)
            except OSError:  # a file system without rename: write it in place
                self.path.write_text(text, "utf-8")
                with contextlib.suppress(OSError):
                    tmp.unlink()
        except OSError as exc:
            self._fail("io", exc)
            return False
        return True

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"


def default_store() -> ProgressStore | None:
    """The learner's store here (see the module docstring), or None: nothing is kept."""
    named = os.environ.get(ENV, "").strip()
    if named:
        return ProgressStore(Path(named).expanduser())
    if BROWSER:
        return ProgressStore(SITE_FILE)
    return None


def next_chapter(order: Sequence[str], saved: Mapping[str, ChapterProgress], current: str
                 ) -> str | None:
    """Where a learner goes on after working on chapter ``current``: that chapter until it is
    complete, then the first chapter after it not complete (the course's order, ``order``,
    from the start again if need be); None when every chapter is complete.

    >>> p = ChapterProgress(done=3, total=3)
    >>> next_chapter(["00", "01", "02"], {"00": p}, "00"), next_chapter(["00", "01"], {}, "01")
    ('01', '01')
    >>> next_chapter(["00", "01"], {"00": p, "01": p}, "01") is None
    True
    """
    if current in order:
        i = order.index(current)
        order = [*order[i:], *order[:i]]
    for cid in order:
        entry = saved.get(cid)
        if entry is None or not entry.complete:
            return cid
    return None


def notebook_key(path: Path) -> str | None:
    """The store's key of a chapter's notebook (from its metadata), or None if it is none."""
    try:
        meta = json.loads(Path(path).read_text("utf-8")).get("metadata", {}).get("mp_tutor", {})
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(meta, dict):
        return None
    game, lang, chapter = (meta.get(k) for k in ("game", "lang", "chapter"))
    if not (isinstance(game, str) and isinstance(lang, str) and isinstance(chapter, str)):
        return None
    return chapter_key(game, lang, chapter)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mp_tutor.core.lessons.progress forget NOTEBOOK...``: start these chapters
    afresh in the learner's store (``scripts/tutor.sh --fresh`` runs it)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "forget":
        print(main.__doc__, file=sys.stderr)
        return 2
    store = default_store()
    if store is None:
        return 0
    for name in args[1:]:
        key = notebook_key(Path(name))
        if key is not None and store.get(key) is not None and store.forget(key):
            print(f"+ progress forgotten: {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["ChapterProgress", "ProgressStore", "chapter_key", "default_store", "lesson_key", "next_chapter",
           "notebook_key"]
