"""Fixtures of the widget tests."""

from __future__ import annotations

import pytest

from mp_tutor.core.i18n import set_language

#: the tutor's languages, each test that asks for ``lang`` runs in each
LANGS = ("en", "fr", "nl")


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest):
    """The pictures' language for a test (English again after it)."""
    set_language(request.param)
    yield request.param
    set_language("en")
