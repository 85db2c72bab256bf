# shellcheck shell=bash
# Building the extension for one server outside the working tree. Sourced by test/run and
# bench/lib.sh.
#
#   build_tree PG_CONFIG DIR   a fresh DIR with a copy of the working tree's files (tracked and
#                              untracked, not the ignored ones), built there for that server
#                              (warnings are errors); the build's output goes to DIR/build.log
#   install_tree PG_CONFIG DIR make install from DIR (through sudo when that server's
#                              directories are not the caller's to write)
#
# A tree per server, because PGXS builds in place: objects made against one server's headers
# must never be installed into another.

build_tree() {
    local pg_config=$1 dir=$2 repo
    repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    rm -rf "$dir"
    mkdir -p "$dir"
    (cd "$repo" && git ls-files -z --cached --others --exclude-standard \
        | xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh \
        | xargs -0 cp --parents -t "$dir")
    make -s -C "$dir" -j2 PG_CONFIG="$pg_config" EXTRA_CXXFLAGS=-Werror >"$dir/build.log" 2>&1 \
        || { cat "$dir/build.log" >&2; return 1; }
}

install_tree() {
    local pg_config=$1 dir=$2 sudo=()
    [[ -w $("$pg_config" --pkglibdir) && -w $("$pg_config" --sharedir)/extension ]] || sudo=(sudo)
    [[ $(id -u) -eq 0 ]] && sudo=()
    "${sudo[@]}" make -s -C "$dir" install PG_CONFIG="$pg_config" >/dev/null
}
