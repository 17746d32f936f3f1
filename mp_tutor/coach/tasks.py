"""Where the coach's questions run: on its thread, or in slices on the kernel's event loop.

A question (a hint, a review, a "why?") is written once, as *steps*: a generator that
yields between slices of its work (a slice of the search, the reasons of one move) and
returns the answer. :func:`finish` runs steps to the end here and now; :func:`submit` runs
them in the background and returns a :class:`concurrent.futures.Future`:

- where a thread can start (CPython): on the coach's thread, one question at a time, in
  the order asked;
- where none can (Pyodide, the browser's Python, :mod:`mp_tutor.core.runtime`): on the
  running asyncio event loop, one slice per callback, so the kernel handles the board's
  messages between two slices; the future completes on the loop. Here too one question
  runs at a time, in the order asked, and ``future.cancel()`` drops one not started;
- with neither (no thread, no running loop): here and now; the future is done on return.

>>> def count(n):
...     for _ in range(n):
...         yield
...     return n
>>> finish(count(3))
3
>>> submit(count(2)).result(timeout=10)
2
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Generator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, TypeVar

from ..core.runtime import can_start_threads, cannot

T = TypeVar("T")
#: a question's work: yields between slices, returns the answer
Steps = Generator[None, None, T]
#: about how long one slice runs on the event loop (seconds)
SLICE_S = 0.02

_THREAD: dict[str, Executor] = {}


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to the end here and now; their answer."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def thread_pool() -> Executor:
    """The coach's thread (one question at a time, in order); started on first use."""
    pool = _THREAD.get("coach")
    if pool is None:
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mp-tutor-coach")
        _THREAD["coach"] = pool
    return pool


def stop_thread() -> None:
    """Stop the coach's thread (questions not started are dropped); it starts again when needed."""
    pool = _THREAD.pop("coach", None)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def submit(steps: Steps[T]) -> Future[T]:
    """Run ``steps`` in the background (see the module docstring); their future."""
    if can_start_threads():
        try:
            return thread_pool().submit(finish, steps)
        except RuntimeError:  # "can't start new thread": a sandbox that forbids them
            cannot("threads")
            stop_thread()
    return _on_loop(steps)


class _Queue:
    """The questions waiting for the event loop, and the loop that runs them."""

    def __init__(self) -> None:
        self.items: deque[tuple[Future[Any], Steps[Any]]] = deque()
        self.loop: asyncio.AbstractEventLoop | None = None


_QUEUE = _Queue()


def _on_loop(steps: Steps[T]) -> Future[T]:
    future: Future[T] = Future()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        if future.set_running_or_notify_cancel():  # no loop (a script): here and now
            _settle(future, steps)
        return future
    _QUEUE.items.append((future, steps))
    if _QUEUE.loop is not loop:  # (again) on this loop: one left before has closed
        _QUEUE.loop = loop
        loop.call_soon(_pump, loop)
    return future


def _settle(future: Future[T], steps: Steps[T]) -> None:
    try:
        future.set_result(finish(steps))
    except BaseException as exc:  # noqa: BLE001 - the question's error goes to its future
        future.set_exception(exc)


def _pump(loop: asyncio.AbstractEventLoop) -> None:
    """One slice of the first question waiting; then again, soon, while any waits."""
    if _QUEUE.loop is not loop:
        return
    items = _QUEUE.items
    while items:
        future, steps = items[0]
        if not future.running() and not future.set_running_or_notify_cancel():
            items.popleft()  # cancelled before it started
            continue
        try:
            next(steps)
        except StopIteration as end:
            items.popleft()
            future.set_result(end.value)
        except BaseException as exc:  # noqa: BLE001 - the question's error goes to its future
            items.popleft()
            future.set_exception(exc)
        break
    if items:
        with contextlib.suppress(RuntimeError):  # the loop closed: the next one takes over
            loop.call_soon(_pump, loop)
            return
    _QUEUE.loop = None


__all__ = ["SLICE_S", "Steps", "finish", "stop_thread", "submit", "thread_pool"]
