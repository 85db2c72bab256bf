# shellcheck shell=bash
# A coordinator and two shard clusters of PostgreSQL 15 on this machine, joined by postgres_fdw.
# Sourced by test/shard/run (the test and demo) and bench/shard (the benchmark);
# test/differential/parallel_rows.py runs its shard_generate_rows (the same rows there).
#
#   shard_start [SETTING ...]      three throwaway clusters (test/harness/cluster.py) on Unix
#                                  sockets in a fresh directory under /tmp (SHARD_DIR); extra
#                                  postgresql.conf lines for every node may be given
#   shard_psql NODE [psql args]    psql on coord, shard1 or shard2 (stops at the first error)
#   shard_create_schema            fastnumeric on every node; on the coordinator postgres_fdw and
#                                  one foreign server per shard, declaring fastnumeric shippable
#   shard_create_table NAME TYPE [SHARD_TYPE]
#                                  on the coordinator, NAME partitioned by hash(region), whose two
#                                  partitions NAME_shard1, NAME_shard2 are foreign tables over
#                                  NAME on the shards (with columns of SHARD_TYPE, default TYPE)
#   shard_create_local NAME TYPE   an ordinary table NAME on the coordinator (the one-node twin)
#   shard_generate_rows N SEED     N tab-separated rows (region, id, price, qty) for COPY
#   shard_stop [--keep]            stop the nodes and remove SHARD_DIR (call it from a trap)
#
# Runs as root (the servers then run as the postgres user, since PostgreSQL refuses root) or as
# an ordinary user. Ports: SHARD_PORT_BASE (default 5521) and the next two; the sockets live in
# SHARD_DIR only, so they cannot clash with another server's.

SHARD_PG_BIN=${SHARD_PG_BIN:-/usr/lib/postgresql/15/bin}
SHARD_PORT_BASE=${SHARD_PORT_BASE:-5521}
SHARD_NODES=(coord shard1 shard2)
declare -A SHARD_PORT=([coord]=$SHARD_PORT_BASE [shard1]=$((SHARD_PORT_BASE + 1))
                       [shard2]=$((SHARD_PORT_BASE + 2)))
SHARD_DIR=
SHARD_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Each node is a cluster of test/harness/cluster.py in SHARD_DIR/NODE (data in NODE/data, its
# socket in NODE itself).
shard_start() {
    local node extra=() line
    SHARD_DIR=$(mktemp -d /tmp/fastnumeric-shard.XXXXXX)
    chmod 755 "$SHARD_DIR"
    for line in synchronous_commit=off full_page_writes=off autovacuum=off jit=off; do
        extra+=(--set "$line")
    done
    for line in "$@"; do extra+=(--conf "$line"); done
    for node in "${SHARD_NODES[@]}"; do
        local counted=()   # the shards count the statements the coordinator sends them
        [[ $node == shard* ]] && counted=(--set shared_preload_libraries=pg_stat_statements)
        python3 "$SHARD_LIB_DIR/../harness/cluster.py" start "$SHARD_PG_BIN" "$SHARD_DIR/$node" \
            --port "${SHARD_PORT[$node]}" "${extra[@]}" "${counted[@]}" >/dev/null || return 1
    done
}

# shard_stop [--keep]: stop the nodes; remove SHARD_DIR unless --keep
shard_stop() {
    [[ -n $SHARD_DIR && -d $SHARD_DIR ]] || return 0
    local node
    for node in "${SHARD_NODES[@]}"; do
        python3 "$SHARD_LIB_DIR/../harness/cluster.py" stop "$SHARD_DIR/$node" --keep
    done
    [[ ${1:-} == --keep ]] || rm -rf "$SHARD_DIR"
}

shard_psql() {
    local node=$1; shift
    "$SHARD_PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$SHARD_DIR/$node" -p "${SHARD_PORT[$node]}" \
        -U postgres -d postgres "$@"
}

shard_create_schema() {
    local node
    for node in shard1 shard2; do
        shard_psql "$node" -c 'CREATE EXTENSION fastnumeric' -c 'CREATE EXTENSION pg_stat_statements'
    done
    # extensions: fastnumeric's operators and aggregates may be sent to the shards (otherwise
    # postgres_fdw ships only built-in ones); async_capable: the shards work at the same time;
    # batch_size: INSERT ... SELECT sends 1000 rows per remote INSERT.
    shard_psql coord <<EOF
CREATE EXTENSION fastnumeric;
CREATE EXTENSION postgres_fdw;
CREATE SERVER shard1 FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '$SHARD_DIR/shard1',
    port '${SHARD_PORT[shard1]}', dbname 'postgres', extensions 'fastnumeric',
    async_capable 'true', batch_size '1000');
CREATE SERVER shard2 FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '$SHARD_DIR/shard2',
    port '${SHARD_PORT[shard2]}', dbname 'postgres', extensions 'fastnumeric',
    async_capable 'true', batch_size '1000');
CREATE USER MAPPING FOR CURRENT_USER SERVER shard1;
CREATE USER MAPPING FOR CURRENT_USER SERVER shard2;
EOF
}

shard_columns() {   # TYPE (text: no typmod)
    local price="$1(12,2)"
    [[ $1 == text ]] && price=text
    echo "region int NOT NULL, id int, price $price, qty $1"
}

shard_create_table() {   # NAME TYPE [SHARD_TYPE]: the shards' columns may have another type
    local name=$1 type=$2 node
    for node in shard1 shard2; do
        shard_psql "$node" -c "CREATE TABLE $name ($(shard_columns "${3:-$type}"))"
    done
    shard_psql coord <<EOF
CREATE TABLE $name ($(shard_columns "$type")) PARTITION BY HASH (region);
CREATE FOREIGN TABLE ${name}_shard1 PARTITION OF $name FOR VALUES WITH (MODULUS 2, REMAINDER 0)
    SERVER shard1 OPTIONS (table_name '$name');
CREATE FOREIGN TABLE ${name}_shard2 PARTITION OF $name FOR VALUES WITH (MODULUS 2, REMAINDER 1)
    SERVER shard2 OPTIONS (table_name '$name');
EOF
}

shard_create_local() {   # NAME TYPE
    shard_psql coord -c "CREATE TABLE $1 ($(shard_columns "$2"))"
}

# Rows: region 0-63 (the partition key, 64 groups); id; price money-shaped with a few negatives,
# NULLs and odd spellings (typmod rounding, spaces, exponents, -0.00, signs, leading zeros); qty
# integers, 3 decimals, 20-39-digit values (their sums leave int128) and tiny fractions.
shard_generate_rows() {   # N SEED
    awk -v n="$1" -v seed="$2" '
        function digits(k,   s) { s = 1 + int(rand() * 9); while (--k > 0) s = s int(rand() * 10); return s }
        BEGIN {
            srand(seed)
            split("12.345|  7 |1.5e2|-0.00|100|100.004|99.995|100.005|+42.1|0042.50|1E3|.5", odd, "|")
            for (i = 1; i <= n; i++) {
                r = rand()
                if (r < 0.01)      price = "\\N"
                else if (r < 0.03) price = odd[1 + int(rand() * 12)]
                else if (r < 0.06) price = sprintf("-%d.%02d", int(rand() * 1000), int(rand() * 100))
                else               price = sprintf("%d.%02d", int(rand() * 300), int(rand() * 100))
                r = rand()
                if (r < 0.02)      qty = "\\N"
                else if (r < 0.60) qty = int(rand() * 100)
                else if (r < 0.85) qty = sprintf("%d.%03d", int(rand() * 1000), int(rand() * 1000))
                else if (r < 0.95) qty = (rand() < 0.2 ? "-" : "") digits(20 + int(rand() * 20)) \
                                         (rand() < 0.5 ? "." digits(1 + int(rand() * 8)) : "")
                else               qty = "0." substr("0000000000000000000", 1, int(rand() * 20)) \
                                         digits(1 + int(rand() * 8))
                printf "%d\t%d\t%s\t%s\n", int(rand() * 64), i, price, qty
            }
        }'
}
