-- Data for the pgbench workloads (pgbench.sql): fnb_pgb_<type>(id, v <type>(12,2)) with 100,000
-- money values and an index on id, for the aggregate script; the INSERT script appends to it.
\set ON_ERROR_STOP on
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);
DROP TABLE IF EXISTS fnb_pgb_numeric, fnb_pgb_fastnumeric;
CREATE TABLE fnb_pgb_numeric (id bigserial PRIMARY KEY, v numeric(12,2));
CREATE TABLE fnb_pgb_fastnumeric (id bigserial PRIMARY KEY, v fastnumeric(12,2));
INSERT INTO fnb_pgb_numeric (v) SELECT round((random() * 1e8)::numeric, 2) FROM generate_series(1, 100000);
INSERT INTO fnb_pgb_fastnumeric (v) SELECT v FROM fnb_pgb_numeric ORDER BY id;
VACUUM (FREEZE, ANALYZE) fnb_pgb_numeric, fnb_pgb_fastnumeric;
CHECKPOINT;
