"""The lesson studio: a teacher builds, annotates, checks and shares scenarios and lessons
by clicking (:class:`~mp_tutor.widgets.studio.studio.Studio`)."""

from .studio import MODES, Studio

__all__ = ["MODES", "Studio"]
