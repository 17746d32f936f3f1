"""``python -m mp_tutor``: the command line."""

from .cli import main

raise SystemExit(main())
