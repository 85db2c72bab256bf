# shellcheck shell=bash
# Shared by bench/run and bench/callgrind (sourced, not executed).
# Prerequisites, build/install of the extension, and a throwaway PostgreSQL cluster.

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(dirname "$BENCH_DIR")

# Debian's PostgreSQL 15 unless PG_CONFIG names another server (Debian's /usr/bin/pg_config
# may point at another version); ensure_prereqs installs it when missing.
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
export LC_ALL=C          # psql prints "Time: 1.234 ms" with a point, bench/report.py reads it back
PYTHON=/usr/bin/python3  # Debian's (bench/report.py and test/harness/cluster.py: standard library only)

log() { printf '%s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

is_root() { [[ $(id -u) -eq 0 ]]; }

# Run a command as root (directly when root, else through sudo).
as_root() {
    if is_root; then "$@"; else sudo "$@"; fi
}

# Run a server-side command: PostgreSQL refuses to run as root, so root uses the postgres user.
as_pg() {
    if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Install what a fresh Debian 12 lacks to build the extension and run a cluster
# (checked by the files they provide: test/prereqs.sh).
ensure_prereqs() {
    source "$REPO_DIR/test/prereqs.sh"
    [[ $PG_CONFIG == /usr/lib/postgresql/15/bin/pg_config ]] && prereq_debian_pg 15
    prereq_install
    prereq_build "$PG_CONFIG"
    prereq_server "$PG_CONFIG"
    [[ "$*" == *valgrind* ]] && prereq_command valgrind valgrind
    prereq_file "$PYTHON" python3
    prereq_command gnuplot gnuplot-nox   # the PNG chart of the ratios
    prereq_file "$("$PG_CONFIG" --includedir)/libpq-fe.h" libpq-dev   # bench/binary_params.c
    prereq_file /usr/include/postgresql/libpq-fe.h libpq-dev   # (the machine's libpq, for a server whose own needs a newer libc)
    prereq_install
    if is_root; then
        id postgres >/dev/null 2>&1 || die "running as root needs a 'postgres' user (comes with postgresql-15)"
    fi
    PGBIN=$("$PG_CONFIG" --bindir)
    export PATH="$PGBIN:$PATH"
}

# use_pg MAJOR: benchmark PostgreSQL MAJOR as test/pg-install makes it ready (15: Debian's;
# 17, 18: the cached builds, never the assert-enabled one).
use_pg() {
    PG_CONFIG=$("$REPO_DIR/test/pg-install" "$1" | tail -n 1) || die "test/pg-install $1 failed"
}

# Build for PG_CONFIG's server in test/build/ext-pgN (a copy of the working tree, see
# test/build.sh), and install when the installed copy differs from the build.
install_extension() {
    source "$REPO_DIR/test/build.sh"
    local major dir pkglib share f stale=0
    major=$("$PG_CONFIG" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
    dir=$REPO_DIR/test/build/ext-pg$major
    log "== building fastnumeric for $("$PG_CONFIG" --version) in ${dir#"$REPO_DIR"/}"
    build_tree "$PG_CONFIG" "$dir" || die "the build failed"
    pkglib=$("$PG_CONFIG" --pkglibdir)
    share=$("$PG_CONFIG" --sharedir)/extension
    cmp -s "$dir/fastnumeric.so" "$pkglib/fastnumeric.so" || stale=1
    for f in "$dir"/fastnumeric.control "$dir"/sql/fastnumeric--*.sql; do
        cmp -s "$f" "$share/$(basename "$f")" || stale=1
    done
    if ((stale)); then
        log "== installing fastnumeric"
        install_tree "$PG_CONFIG" "$dir" >&2
    else
        log "== fastnumeric is already installed and up to date"
    fi
}

# Benchmarks never run on a server built with assertions: they time the checks, not the code.
refuse_assert_server() {
    [[ $(psql -X -A -t -c 'SHOW debug_assertions') == off ]] \
        || die "the server has assertions enabled (debug_assertions = on): not a benchmark server"
}

# start_cluster "NAME = VALUE"...: a throwaway server of PG_CONFIG's in a fresh temp dir, on a
# Unix socket in that dir only (test/harness/cluster.py: no TCP port, so nothing clashes with
# other servers), with these settings. Sets CLUSTER_DIR and exports PGHOST/PGPORT/PGUSER/
# PGDATABASE. Pair with stop_cluster (trap).
start_cluster() {
    local s conf=() env
    for s in "$@"; do conf+=(--conf "$s"); done
    CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/fastnumeric-bench.XXXXXX")
    log "== throwaway cluster in $CLUSTER_DIR"
    env=$("$PYTHON" "$REPO_DIR/test/harness/cluster.py" start "$PGBIN" "$CLUSTER_DIR" --locale C "${conf[@]}") \
        || die "could not start the throwaway cluster"
    eval "$env"
}

# instructions SQLFILE [ARG...]: total instructions (Ir) of a single-user backend of the stopped
# throwaway cluster running the file (valgrind --tool=callgrind), with BACKEND_SETTINGS and ARGs.
instructions() {
    local sql=$1 out=$CLUSTER_DIR/callgrind.out.$RANDOM
    shift
    as_pg valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$PGBIN/postgres" --single -D "$CLUSTER_DIR/data" "${BACKEND_SETTINGS[@]}" "$@" postgres \
        <"$sql" >"$CLUSTER_DIR/single.log" 2>&1 \
        || { cat "$CLUSTER_DIR/single.log" >&2; die "valgrind/postgres --single failed"; }
    if grep -q 'ERROR:' "$CLUSTER_DIR/single.log"; then
        cat "$CLUSTER_DIR/single.log" >&2; die "query failed in $sql"
    fi
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
    [[ "${KEEP_CLUSTER:-0}" == 1 ]] || rm -f "$out"
}

stop_cluster() {
    [[ -n "${CLUSTER_DIR:-}" && -d "$CLUSTER_DIR" ]] || return 0
    if [[ "${KEEP_CLUSTER:-0}" == 1 ]]; then
        "$PYTHON" "$REPO_DIR/test/harness/cluster.py" stop "$CLUSTER_DIR" --bindir "$PGBIN" --keep
        log "== kept $CLUSTER_DIR"
    else
        "$PYTHON" "$REPO_DIR/test/harness/cluster.py" stop "$CLUSTER_DIR" --bindir "$PGBIN"
    fi
}

# The settings of bench/run and bench/tpch/run (bench/README.md, "Settings"): SERVER_SETTINGS
# for the throwaway cluster, the defaults then EXTRA_SERVER_SETTINGS ("name = 'value'", from
# --server); SESSION_SETTINGS for every session, the throwaway cluster's and --use-existing's
# (PGOPTIONS; a script may override them with SET); REPORTED_SETTINGS, what the report reads
# back (settings_in_effect).
bench_settings() {
    SERVER_SETTINGS=(
        "fsync = off" "synchronous_commit = off" "full_page_writes = off"
        "shared_buffers = 1GB" "max_wal_size = 8GB" "checkpoint_timeout = 1h"
        "autovacuum = off"
        ${EXTRA_SERVER_SETTINGS[@]+"${EXTRA_SERVER_SETTINGS[@]}"}
    )
    SESSION_SETTINGS="-c jit=off -c max_parallel_workers_per_gather=0 -c max_parallel_maintenance_workers=0 -c work_mem=1GB -c maintenance_work_mem=1GB"
    REPORTED_SETTINGS="fsync,synchronous_commit,full_page_writes,shared_buffers,max_wal_size,\
checkpoint_timeout,autovacuum,wal_level,jit,max_parallel_workers_per_gather,\
max_parallel_maintenance_workers,work_mem,maintenance_work_mem"
    local s
    for s in ${EXTRA_SERVER_SETTINGS[@]+"${EXTRA_SERVER_SETTINGS[@]}"}; do REPORTED_SETTINGS+=",${s%% *}"; done
}

# The report's "settings:" line: REPORTED_SETTINGS as the server has them (in a session with
# PGOPTIONS: what the measured sessions had).
settings_in_effect() {
    psql -X -A -t -c "SELECT string_agg(name || '=' || current_setting(name), ', ' ORDER BY name)
        FROM pg_settings WHERE name = ANY (string_to_array('$REPORTED_SETTINGS', ','))"
}

# Machine description for report headers (one "key: value" per line).
machine_info() {
    echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(awk '/MemTotal/ {printf "%.1f GB RAM", $2/1048576}' /proc/meminfo)"
    echo "kernel: $(uname -sr)"
    local commit
    if commit=$(git -C "$REPO_DIR" rev-parse --short HEAD 2>/dev/null); then
        git -C "$REPO_DIR" diff --quiet HEAD -- src sql Makefile || commit+=" (with uncommitted changes in src/, sql/ or Makefile)"
    else
        commit=unknown
    fi
    echo "fastnumeric: commit $commit"
    echo "server: $("$PG_CONFIG" --version) ($PG_CONFIG)"
}
