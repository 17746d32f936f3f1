#!/usr/bin/env bash
# Build the classroom site: the whole tutor as static files in site/ (JupyterLite, the
# Pyodide kernel, mp-tutor and every chapter in English, French and Dutch). Nothing is
# fetched from a CDN, neither now nor when a learner opens the site.
#   bash scripts/site.sh                        # build site/ (skipped when nothing changed)
#   bash scripts/site.sh --serve [PORT]         # build, then serve it on http://127.0.0.1:PORT/
#   bash scripts/site.sh --notebooks DIR        # add a teacher's folder (notebooks, scenarios);
#                                               # later builds add it again (--no-notebooks: not)
#   bash scripts/site.sh --force                # rebuild even if nothing changed
#   bash scripts/site.sh --output DIR           # build into DIR instead of site/
# Needs python3 (3.11+), npm and node. Versions: scripts/lite/pins.toml. Downloads are kept in
# build/lite/cache/ and the build's own venv in build/lite/venv/ (not the project's .venv).
set -euo pipefail
cd "$(dirname "$0")/.."

serve=""
output=site
build_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --serve)
            serve=8000
            if [ $# -gt 1 ] && [[ "$2" =~ ^[0-9]+$ ]]; then serve="$2"; shift; fi
            shift ;;
        --notebooks)
            [ $# -gt 1 ] || { echo "site.sh: --notebooks needs a folder" >&2; exit 2; }
            build_args+=(--notebooks "$2"); shift 2 ;;
        --no-notebooks) build_args+=(--no-notebooks); shift ;;
        --force) build_args+=(--force); shift ;;
        --output)
            [ $# -gt 1 ] || { echo "site.sh: --output needs a folder" >&2; exit 2; }
            output="$2"; build_args+=(--output "$2"); shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "site.sh: unknown argument $1 (see bash scripts/site.sh --help)" >&2; exit 2 ;;
    esac
done

missing=()
py="${PYTHON:-python3}"
if ! command -v "$py" > /dev/null; then
    missing+=("python3 (3.11 or newer, with venv)")
elif ! "$py" -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' 2> /dev/null; then
    missing+=("python3 3.11 or newer with venv (found $("$py" --version 2>&1))")
fi
command -v npm > /dev/null || missing+=("npm (Node.js; Pyodide comes from the npm registry)")
command -v node > /dev/null || missing+=("node (Node.js runs Pyodide to compile the site's Python)")
if [ ${#missing[@]} -gt 0 ]; then
    echo "site.sh: missing: $(IFS=';'; echo "${missing[*]}" | sed 's/;/; /g')" >&2
    exit 3
fi

# One build at a time (the test workers, or a teacher's second terminal): they share build/lite.
mkdir -p build/lite
exec 9> build/lite/site.lock
flock 9

# The build's own venv, with the pinned [build] packages (reinstalled when the pins change).
venv=build/lite/venv
pins=scripts/lite/pins.toml
if [ ! -x "$venv/bin/python" ]; then
    echo "+ creating $venv"
    "$py" -m venv "$venv"
fi
want="$(sha256sum "$pins" | cut -d' ' -f1)"
stamp="$venv/.pins"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    mapfile -t reqs < <("$venv/bin/python" -c '
import sys, tomllib
for name, version in tomllib.load(open(sys.argv[1], "rb"))["build"].items():
    print(f"{name}=={version}")' "$pins")
    echo "+ pip install ${reqs[*]} (into $venv)"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "${reqs[@]}"
    echo "$want" > "$stamp"
fi

PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" "$venv/bin/python" scripts/lite/build.py \
    "${build_args[@]+"${build_args[@]}"}"

if [ -n "$serve" ]; then
    flock -u 9
    exec "$venv/bin/python" scripts/lite/serve.py "$output" "$serve"
fi
