"""``python -m mp_tutor.princes.svg``: write the map's tables computed ahead
(``label_points.toml``, see :func:`.geometry.label_points`) from the regions; ``--check``
exits with status 1 if they are not up to date."""

from __future__ import annotations

import sys

from .geometry import main

if __name__ == "__main__":
    sys.exit(main())
