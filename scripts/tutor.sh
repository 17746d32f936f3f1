#!/usr/bin/env bash
# Open the mp-tutor notebooks in JupyterLab.
# Creates .venv on first use and installs mp-tutor into it (with JupyterLab); safe to re-run.
# Extra arguments go to `jupyter lab`, e.g.  bash scripts/tutor.sh --port 8899
set -euo pipefail
cd "$(dirname "$0")/.."

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    echo "+ creating .venv"
    "$PY" -m venv .venv
fi

stamp=.venv/.mp-tutor-lab-installed
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ "${MP_TUTOR_REINSTALL:-0}" = 1 ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] \
    || ! .venv/bin/python -c "import mp_tutor, widgets, jupyterlab" 2>/dev/null; then
    echo "+ pip install -e .[lab]"
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[lab]"
    echo "$want" > "$stamp"
fi

extra=()
if [ "$(id -u)" = 0 ]; then
    extra+=(--allow-root)
fi
exec .venv/bin/jupyter lab notebooks/ "${extra[@]}" "$@"
