-- Partial aggregation below a join (PostgreSQL 19's eager aggregation): the sums of fastnumeric
-- columns, and of numeric ones under the accelerator, with their fusions (sums of products,
-- programs), give numeric's rows.  Before 19 the same queries aggregate above the join; the
-- rows are compared alike, and the plan check says so.
LOAD 'fastnumeric';
CREATE TABLE ea_f (id int, d int, price fastnumeric(15,2), qty fastnumeric(15,2),
                   pn numeric(15,2), qn numeric(15,2));
INSERT INTO ea_f SELECT i, i % 10, v.p, v.q, v.p, v.q
FROM generate_series(1, 20000) i,
     LATERAL (SELECT CASE WHEN i % 997 = 0 THEN NULL ELSE (i * 7919 % 100000) / 100.0 END AS p,
                     (i % 50 + 1)::numeric AS q) v;
CREATE TABLE ea_dim (d int PRIMARY KEY, name text);
INSERT INTO ea_dim SELECT d, 'group ' || d % 4 FROM generate_series(0, 9) d;
ANALYZE ea_f, ea_dim;
DO $$ BEGIN
    IF current_setting('server_version_num')::int >= 190000 THEN
        PERFORM set_config('enable_eager_aggregate', 'on', false);
    END IF;
END $$;
CREATE CAST (fastnumeric AS bytea) WITHOUT FUNCTION;   -- shows a datum's bytes
CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;
-- ea_same(fast, slow): the rows compared (helpers/same_rows.sql), and where the first's plan
-- aggregates: on 19, partially below a join node
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/same_rows.sql
CREATE FUNCTION ea_same(fast text, slow text) RETURNS text LANGUAGE sql AS $$
    SELECT same_rows(fast, slow) || '; ' ||
           CASE WHEN plan_text(fast) ~ 'Join(.|\n)*Partial'
                  OR current_setting('server_version_num')::int < 190000
                THEN 'eager aggregation where the server has it'
                ELSE 'NOT below the join:' || E'\n' || plan_text(fast) END
$$;
SELECT ea_same($$SELECT name, sum(price * qty), sum(price * qty)::bytea, sum(price), avg(qty), count(*)
                 FROM ea_f JOIN ea_dim USING (d) GROUP BY name$$,
               $$SELECT name, sum(pn * qn), sum(pn * qn)::bytea, sum(pn), avg(qn), count(*)
                 FROM ea_f JOIN ea_dim USING (d) GROUP BY name$$);
SELECT ea_same($$SELECT name, sum(price * qty - price), max(price + qty * 2), min(price)::bytea
                 FROM ea_f JOIN ea_dim USING (d) GROUP BY name$$,
               $$SELECT name, sum(pn * qn - pn), max(pn + qn * 2), min(pn)::bytea
                 FROM ea_f JOIN ea_dim USING (d) GROUP BY name$$);
-- numeric columns under the accelerator
SET fastnumeric.accelerate_numeric = on;
SELECT ea_same($$SELECT name, sum(pn * qn), sum(pn * qn)::bytea, sum(pn), avg(qn), count(*)
                 FROM ea_f JOIN ea_dim USING (d) GROUP BY name$$,
               $$SELECT name, sum(price * qty), sum(price * qty)::bytea, sum(price), avg(qty), count(*)
                 FROM ea_f JOIN ea_dim USING (d) GROUP BY name$$);
RESET fastnumeric.accelerate_numeric;
DROP FUNCTION ea_same(text, text);
DROP FUNCTION same_rows(text, text);
DROP FUNCTION plan_text(text);
DROP CAST (fastnumeric AS bytea);
DROP CAST (numeric AS bytea);
DROP TABLE ea_f, ea_dim;
