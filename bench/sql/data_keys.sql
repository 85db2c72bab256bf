-- Data for the keys workloads (keys.sql): decimal keys as schemas migrated from NUMBER keep
-- them.  fnb_key_<type>(key): n_keys distinct keys, 11-digit ids (10^10 + 7919 i, i = 1..n_keys)
-- in random order; fnb_keyref_<type>(key): n_keyref rows, each referencing a random key (about
-- n_keyref / n_keys rows per key).  Types: numeric(20,0) and fastnumeric(20,0) (the same
-- bytes), int8 (the by-value ceiling) and uuid as md5(key) (the by-reference floor: as many
-- distinct values, compared by memcmp).  By hand:
--   psql -v n_keys=200000 -v n_keyref=2000000 -f bench/sql/data_keys.sql
\set ON_ERROR_STOP on
CREATE EXTENSION IF NOT EXISTS fastnumeric;
\if :{?n_keys} \else \set n_keys 200000 \endif
\if :{?n_keyref} \else \set n_keyref 2000000 \endif
SELECT setseed(0.42);

DROP TABLE IF EXISTS fnb_key_numeric, fnb_key_fastnumeric, fnb_key_int8, fnb_key_uuid,
    fnb_keyref_numeric, fnb_keyref_fastnumeric, fnb_keyref_int8, fnb_keyref_uuid;
CREATE TABLE fnb_key_numeric AS
    SELECT (10000000000 + 7919 * g)::numeric(20,0) AS key FROM generate_series(1, :n_keys) g ORDER BY random();
CREATE TABLE fnb_keyref_numeric AS
    SELECT (10000000000 + 7919 * (1 + floor(random() * :n_keys)))::numeric(20,0) AS key
    FROM generate_series(1, :n_keyref);
CREATE TABLE fnb_key_fastnumeric AS SELECT key::fastnumeric(20,0) AS key FROM fnb_key_numeric;
CREATE TABLE fnb_keyref_fastnumeric AS SELECT key::fastnumeric(20,0) AS key FROM fnb_keyref_numeric;
CREATE TABLE fnb_key_int8 AS SELECT key::int8 AS key FROM fnb_key_numeric;
CREATE TABLE fnb_keyref_int8 AS SELECT key::int8 AS key FROM fnb_keyref_numeric;
CREATE TABLE fnb_key_uuid AS SELECT md5(key::text)::uuid AS key FROM fnb_key_numeric;
CREATE TABLE fnb_keyref_uuid AS SELECT md5(key::text)::uuid AS key FROM fnb_keyref_numeric;

VACUUM (FREEZE, ANALYZE) fnb_key_numeric, fnb_key_fastnumeric, fnb_key_int8, fnb_key_uuid,
    fnb_keyref_numeric, fnb_keyref_fastnumeric, fnb_keyref_int8, fnb_keyref_uuid;
CHECKPOINT;
