"""The tutor core: what every game of the tutor shares, knowing no game.

- :mod:`~mp_tutor.core.machine`: the decision queue and the :class:`Decision` spec;
- :mod:`~mp_tutor.core.game`: :class:`BaseGame`, the protocol (pending, legal_actions,
  explain, apply, undo/redo, view, outcome, to_json/from_json), written once;
- :mod:`~mp_tutor.core.rules`: rule books, :class:`Illegal`, :class:`IllegalAction`;
- :mod:`~mp_tutor.core.table`: seats, bots as observers, ``play_until_person``;
- :mod:`~mp_tutor.core.facts`: one language for facts (``Blue.goods.coca``);
- :mod:`~mp_tutor.core.scenarios`: scenario files, checks and presentations;
- :mod:`~mp_tutor.core.lessons`: chapters, tasks, quizzes, runs, notebooks;
- :mod:`~mp_tutor.core.tomlfile`: the one TOML reader with schemas and limits;
- :mod:`~mp_tutor.core.i18n`: texts rendered in the learner's language.

A game is a package ``mp_tutor.<name>`` exposing ``GAME`` (a :class:`GameInfo`).
"""
