#!/usr/bin/env bash
# Open the mp-tutor notebooks in JupyterLab, on the course page in your language
# (my-notebooks/course.ipynb, fr/course.ipynb, nl/course.ipynb: every chapter, ticked when done).
# Creates .venv on first use and installs mp-tutor into it (with JupyterLab and the tutor's own
# JupyterLab extension, which runs a chapter's cells when it opens); safe to re-run.
# The learner works on copies in my-notebooks/ (the repository's notebooks stay as they are);
# new chapters are copied in, your own copies are never overwritten.
#   bash scripts/tutor.sh                         # open JupyterLab on my-notebooks/
#   bash scripts/tutor.sh --fresh 04-production   # start chapter 04 afresh (old copy kept as .bak)
#   bash scripts/tutor.sh --fresh all             # start every chapter afresh
#   bash scripts/tutor.sh --lang fr               # the course page and JupyterLab's menus in
#                                                 # French (en, fr, nl; default: MP_TUTOR_LANG,
#                                                 # else your LANG)
# Your progress in each chapter (tasks done, the position) is kept in
# my-notebooks/.mp-tutor/progress.json: a chapter opened again, even after a kernel restart,
# goes on where you left it (its Restart button, or --fresh, starts it afresh).
# Other arguments go to `jupyter lab`, e.g.  bash scripts/tutor.sh --port 8899
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/_venv.sh
. scripts/_venv.sh
ensure_venv lab "mp_tutor, mp_tutor.widgets, jupyterlab"

work=my-notebooks
fresh=()
args=()
lang="${MP_TUTOR_LANG:-${LC_ALL:-${LANG:-en}}}"
asked_lang=""
while [ $# -gt 0 ]; do
    case "$1" in
        --fresh) fresh+=("${2:?--fresh needs a chapter name such as 04-production, or all}"); shift 2 ;;
        --lang) lang="${2:?--lang needs en, fr or nl}"; asked_lang="$lang"; shift 2 ;;
        *) args+=("$1"); shift ;;
    esac
done

# The learner's progress store (mp_tutor/core/lessons/progress.py), read by every chapter.
progress="$PWD/$work/.mp-tutor/progress.json"
export MP_TUTOR_PROGRESS="$progress"

# Working copies: copy what is missing, keep what the learner changed.
mkdir -p "$work"
(cd notebooks && find . -name '*.ipynb' -o -name 'README.md') | while read -r rel; do
    rel="${rel#./}"
    if [ ! -e "$work/$rel" ]; then
        mkdir -p "$(dirname "$work/$rel")"
        cp "notebooks/$rel" "$work/$rel"
    fi
done
for name in "${fresh[@]}"; do
    if [ "$name" = all ]; then
        pattern='*.ipynb'
    else
        pattern="${name%.ipynb}.ipynb"
    fi
    found=0
    while read -r rel; do
        [ -n "$rel" ] || continue
        rel="${rel#./}"
        found=1
        [ -e "$work/$rel" ] && mv "$work/$rel" "$work/$rel.bak"
        mkdir -p "$(dirname "$work/$rel")"
        cp "notebooks/$rel" "$work/$rel"
        echo "+ fresh copy: $work/$rel"
        MP_TUTOR_PROGRESS="$progress" .venv/bin/python -m mp_tutor.core.lessons.progress \
            forget "$work/$rel"
    done < <(cd notebooks && find . -name "$pattern")
    [ "$found" = 1 ] || { echo "no chapter $name in notebooks/" >&2; exit 2; }
done

# No "get notified about news?" pop-up, no update check; the copies are saved every 10 s
# (not 120 s), so that a reloaded page finds the live board again (the widgets live in the
# kernel and are drawn again from it when the saved notebook names them).
# JupyterLab's own menus in the learner's language (the language packs come with [lab]);
# Settings > Language changes it later.
case "$lang" in
    fr*) locale=fr_FR; code=fr ;;
    nl*) locale=nl_NL; code=nl ;;
    en*) locale=en; code=en ;;
    *) [ -z "$asked_lang" ] || { echo "tutor.sh: --lang $lang: the tutor speaks en, fr and nl" >&2; exit 2; }
       locale=en; code=en ;;
esac
# the course page in that language, which JupyterLab opens first (mp_tutor/core/lessons/course.py)
course="$(.venv/bin/python -c 'import sys; from mp_tutor.core.lessons.course import course_page
print(course_page(sys.argv[1]))' "$code")"
settings=.venv/share/jupyter/lab/settings
mkdir -p "$settings"
cat > "$settings/overrides.json" <<JSON
{
  "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false},
  "@jupyterlab/docmanager-extension:plugin": {"autosave": true, "autosaveInterval": 10},
  "@jupyterlab/translation-extension:plugin": {"locale": "$locale"}
}
JSON

extra=()
if [ "$(id -u)" = 0 ]; then
    extra+=(--allow-root)
fi
exec .venv/bin/jupyter lab --ServerApp.root_dir="$work" "$work/$course" "${extra[@]}" \
    "${args[@]+"${args[@]}"}"
