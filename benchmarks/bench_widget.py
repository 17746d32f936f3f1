"""Python-side round trip of the board: intent -> engine -> synced state update.

Plays ~60 random actions of a 4-player game (a mid-game state), then sends intents to
the board exactly as the browser does (``board._handle_custom_msg``): a legal action,
then ``undo`` (so the state stays mid-game), and an illegal one now and then. Each
round trip includes the engine check and apply, the new view, legal targets, log,
status, and the JSON encoding of every state message the widget sends to the browser
(the comm is replaced by one that serialises like the kernel does).

Prints the median and 95th percentile in milliseconds; the target median is < 10 ms.

    python benchmarks/bench_widget.py [--intents 200] [--tutor]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from mp_tutor import Game
from mp_tutor.princes.bots import RandomBot


class JsonComm:
    """A stand-in comm that JSON-encodes every message like the kernel's session does."""

    def __init__(self) -> None:
        self.bytes = 0
        self.messages = 0
        self.comm_id = "bench"
        self.kernel = True  # ipywidgets sends only when the comm has a kernel

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.bytes += len(json.dumps(data, separators=(",", ":")))
        self.messages += 1

    def open(self, *args: Any, **kwargs: Any) -> None:  # pragma: no cover - not used
        pass

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, callback: Any) -> None:
        pass


def mid_game(actions: int, seed: int) -> Game:
    game = Game.new(players=4, seed=seed)
    bot = RandomBot(seed)
    for _ in range(actions):
        if game.over:
            break
        game.apply(bot.choose(game))
    return game


def run(intents: int, warmup: int, actions: int, seed: int, tutor: bool) -> dict[str, float]:
    from mp_tutor.widgets import Board, Tutor

    game = mid_game(actions, seed)
    from ipywidgets.widgets.widget import _instances

    board = Tutor(game).board if tutor else Board(game)
    comm = JsonComm()
    for wdg in list(_instances.values()):  # every widget: board, panels, charts, marks
        wdg.comm = comm
    bot = RandomBot(seed + 1)
    times: list[float] = []
    kinds: dict[str, list[float]] = {"act": [], "undo": [], "illegal": []}
    for i in range(intents + warmup):
        if i % 10 == 9:
            msg: dict[str, Any] = {"type": "act", "action": "produce 99"}
            kind = "illegal"
        elif board.game.can_undo and i % 2 == 1:
            msg, kind = {"type": "undo"}, "undo"
        else:
            if board.game.pending.kind == "night":
                msg = {"type": "next"}
            else:
                msg = {"type": "act", "action": bot.choose(board.game).notation()}
            kind = "act"
        t0 = time.perf_counter()
        board._handle_custom_msg(msg, [])
        dt = (time.perf_counter() - t0) * 1000
        if i >= warmup:
            times.append(dt)
            kinds[kind].append(dt)
    times.sort()
    out = {
        "median_ms": statistics.median(times),
        "p95_ms": times[int(0.95 * (len(times) - 1))],
        "max_ms": times[-1],
        "bytes_per_intent": comm.bytes / max(1, intents + warmup),
        "history": len(board.game.history),
    }
    for k, v in kinds.items():
        if v:
            out[f"median_{k}_ms"] = statistics.median(v)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--intents", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--actions", type=int, default=60, help="random actions played first")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--tutor", action="store_true", help="the whole Tutor (panel + charts), too")
    args = parser.parse_args()
    for label, tutor in (("board", False), ("tutor (board + panel + charts)", True)):
        if tutor and not args.tutor:
            continue
        r = run(args.intents, args.warmup, args.actions, args.seed, tutor)
        print(f"{label}: {args.intents} intents on a mid-game state ({args.actions} actions played)")
        print(f"  median {r['median_ms']:.2f} ms   p95 {r['p95_ms']:.2f} ms   max {r['max_ms']:.2f} ms"
              f"   (target: median < 10 ms)")
        detail = "   ".join(f"{k[7:-3]} {v:.2f} ms" for k, v in r.items() if k.startswith("median_") and k != "median_ms")
        print(f"  by intent: {detail}")
        print(f"  state sent to the browser: {r['bytes_per_intent'] / 1024:.1f} KiB per intent (JSON)")


if __name__ == "__main__":
    main()
