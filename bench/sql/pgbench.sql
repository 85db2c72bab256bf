-- pgbench with the custom scripts in bench/pgbench/: average latency per transaction in ms
-- (lower is better; the tps is printed in the log), numeric vs fastnumeric tables, 1 and 4
-- clients, prepared statements (parameters travel as text, as drivers send them).
-- Data: data_pgbench.sql. By hand:
--   psql -v T=fastnumeric -v script=insert -v clients=4 -f bench/sql/pgbench.sql
-- The duration is pgbench_seconds (default 10 s; bench/run --full uses 30).
--
-- @workload pgbench_insert_c1 data_pgbench.sql numeric,fastnumeric script=insert clients=1
-- @workload pgbench_insert_c4 data_pgbench.sql numeric,fastnumeric script=insert clients=4
-- @full pgbench_insert_c4
-- @workload pgbench_agg_c1    data_pgbench.sql numeric,fastnumeric script=agg clients=1
-- @workload pgbench_agg_c4    data_pgbench.sql numeric,fastnumeric script=agg clients=4
-- @full pgbench_agg_c4
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?script} \else \set script insert \endif
\if :{?clients} \else \set clients 1 \endif
\if :{?pgbench_seconds} \else \set pgbench_seconds 10 \endif
-- \! does not expand psql variables: hand them to the shell through the environment
\setenv FNB_T :T
\setenv FNB_SCRIPT :script
\setenv FNB_CLIENTS :clients
\setenv FNB_SECONDS :pgbench_seconds
\echo @bench measure
\! sed "s/@T@/$FNB_T/g" "${FNB_BENCH_DIR:-bench}/pgbench/$FNB_SCRIPT.sql" > "${TMPDIR:-/tmp}/fnb_pgbench_$$.sql" && pgbench -n -M prepared -c "$FNB_CLIENTS" -j "$FNB_CLIENTS" -T "$FNB_SECONDS" -f "${TMPDIR:-/tmp}/fnb_pgbench_$$.sql" 2>&1 | awk '/^latency average/ { print "Time: " $4 " ms" } /^tps/ { print "# " $0 } /ERROR|error|failed/ { print "# " $0 }'; rm -f "${TMPDIR:-/tmp}/fnb_pgbench_$$.sql"
