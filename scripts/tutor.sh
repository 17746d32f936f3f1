#!/usr/bin/env bash
# Open the mp-tutor notebooks in JupyterLab.
# Creates .venv on first use and installs mp-tutor into it (with JupyterLab); safe to re-run.
# Extra arguments go to `jupyter lab`, e.g.  bash scripts/tutor.sh --port 8899
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/_venv.sh
. scripts/_venv.sh
ensure_venv lab "mp_tutor, widgets, jupyterlab"

extra=()
if [ "$(id -u)" = 0 ]; then
    extra+=(--allow-root)
fi
exec .venv/bin/jupyter lab notebooks/ "${extra[@]}" "$@"
