-- Single-row INSERT of a random money value, sent as a text parameter (pgbench -M prepared),
-- as a driver would.  @T@ is the type (numeric or fastnumeric): bench/sql/pgbench.sql fills it in.
\set cents random(0, 9999999999)
\set v :cents / 100.0
INSERT INTO fnb_pgb_@T@ (v) VALUES (:v);
