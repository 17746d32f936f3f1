"""Fingerprints of the map's SVG over every shipped position, to show that a change to how
the map is drawn (the labels' placement, say) draws the same bytes.

For each language (en, fr, nl): the start of every chapter of *The Princes of Machu Picchu*
and every scenario it ships, each followed by random play (seeded) for ``--moves`` moves,
every position drawn as the board draws it (the teacher's view, the decider's click
targets) in normal print and in the large print of a presentation. Writes
``{position: sha256 of its SVG}`` as JSON; ``--against FILE`` compares with an earlier run
and lists the positions that differ (exit status 1 if any).

    python benchmarks/map_digest.py --out before.json
    python benchmarks/map_digest.py --out after.json --against before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator

from mp_tutor.widgets.princes.adapter import PrincesAdapter

from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import set_language
from mp_tutor.core.lessons import LessonRun, chapters_of
from mp_tutor.core.registry import get_game
from mp_tutor.princes.svg.mapdraw import map_svg


def starts() -> Iterator[tuple[str, BaseGame]]:
    """Every chapter's start and every shipped scenario of the princes' game."""
    info = get_game("princes")
    for cid, chapter in chapters_of("princes", "en").items():
        yield f"chapter {cid}", LessonRun(chapter, autoplay=False).game
    for name in info.scenario_names():
        yield f"scenario {name}", info.load_scenario(name)


def digests(moves: int, seed: int) -> dict[str, str]:
    """``{language / position / print: sha256 of the map's SVG}``."""
    adapter = PrincesAdapter()
    out: dict[str, str] = {}
    for lang in ("en", "fr", "nl"):
        set_language(lang)
        rng = random.Random(seed)
        for label, game in starts():
            for step in range(moves + 1):
                view = game.view(None)
                targets = adapter.targets(game, game.decider)
                for large in (False, True):
                    svg = str(map_svg(view, targets, large=large))
                    key = f"{lang} / {label} / {step} / {'large' if large else 'normal'}"
                    out[key] = hashlib.sha256(svg.encode()).hexdigest()
                if game.over:
                    break
                legal = list(game.legal_actions())
                if not legal:
                    game.advance()
                else:
                    game.apply(rng.choice(legal))
    set_language("en")
    return out


def main() -> int:
    """Parse the arguments, fingerprint, compare."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--out", required=True)
    ap.add_argument("--against")
    args = ap.parse_args()
    got = digests(args.moves, args.seed)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(got, f, indent=0, sort_keys=True)
    print(f"{len(got)} maps drawn")
    if args.against:
        with open(args.against, encoding="utf-8") as f:
            old = json.load(f)
        differ = sorted(k for k in set(old) | set(got) if old.get(k) != got.get(k))
        for key in differ[:20]:
            print("differs:", key)
        print(f"{len(differ)} of {len(got)} differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
