-- fastnumeric_support: a typmod coercion that cannot change the value is dropped (numeric's
-- rule: same scale, no smaller precision), also under the free cast from numeric.  This is
-- what lets ALTER COLUMN ... TYPE fastnumeric(12,2) over numeric(12,2) keep the table
-- (test/differential/test_lifecycle_alter.py checks the relfilenode).
CREATE TABLE relabel_t (n numeric(12,2), f fastnumeric(12,2), u numeric);
INSERT INTO relabel_t VALUES (1234567890.12, 1234567890.12, 1.005);

-- dropped: n and f as they are; kept: scale changes, smaller precision, no typmod to go by,
-- and into numeric(p,s) (numeric's own coercion cannot look under a cast to numeric)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n::fastnumeric(12,2), n::fastnumeric(14,2), f::fastnumeric(20,2),
       n::fastnumeric(12,3), n::fastnumeric(11,2), u::fastnumeric(12,2),
       f::numeric(12,2), n::numeric(14,2)::fastnumeric(14,2)
FROM relabel_t;

-- what is kept still works, with numeric's results and errors
SELECT n::fastnumeric(12,2), n::fastnumeric(14,2), f::fastnumeric(20,2),
       n::fastnumeric(13,3), u::fastnumeric(12,2), f::numeric(12,2)
FROM relabel_t;
SELECT n::fastnumeric(11,2) FROM relabel_t;
SELECT f::fastnumeric(11,2) FROM relabel_t;

-- a domain over numeric hides its typmod: the coercion stays
CREATE DOMAIN relabel_money AS numeric(12,2);
CREATE TABLE relabel_d (m relabel_money);
EXPLAIN (VERBOSE, COSTS OFF) SELECT m::fastnumeric(12,2) FROM relabel_d;

DROP TABLE relabel_t, relabel_d;
DROP DOMAIN relabel_money;
