-- TPC-H's eight tables at scale factor sf, in three schemas holding the same rows:
-- tpch_numeric (the money columns numeric(15,2), as the specification's decimal(15,2)),
-- tpch_fastnumeric (copies of those tables relabelled in place to fastnumeric(15,2): no rewrite)
-- and tpch_float8 (the money columns float8; float8=off leaves it out).
--   psql -v sf=0.1 -f bench/tpch/generate.sql
-- The rows follow the specification's cardinalities and value distributions; the words of the
-- comments are this script's own. setseed() and synchronize_seqscans = off make every run (of
-- one PostgreSQL version) draw the same rows. Keys and indexes come after the load, then
-- VACUUM (FREEZE, ANALYZE).
\set ON_ERROR_STOP on
\if :{?sf} \else \set sf 0.01 \endif
\if :{?float8} \else \set float8 on \endif
SET client_min_messages = warning;
-- every scan starts at the table's first page, so random() is drawn for the rows in one order
SET synchronize_seqscans = off;
SET max_parallel_workers_per_gather = 0;
SET jit = off;
CREATE EXTENSION IF NOT EXISTS fastnumeric;
DROP SCHEMA IF EXISTS tpch_numeric, tpch_fastnumeric, tpch_float8 CASCADE;
CREATE SCHEMA tpch_numeric;
CREATE SCHEMA tpch_fastnumeric;
SET search_path = tpch_numeric, public;

SELECT greatest(1, round(10000 * :sf))::int AS n_supp, greatest(1, round(200000 * :sf))::int AS n_part,
       greatest(1, round(150000 * :sf))::int AS n_cust, greatest(1, round(1500000 * :sf))::int AS n_orders,
       greatest(1, round(1000 * :sf))::int AS n_clerk \gset

-- A whole number drawn uniformly from lo..hi.
CREATE FUNCTION pg_temp.rnd(lo int, hi int) RETURNS int LANGUAGE sql VOLATILE
    AS 'SELECT lo + floor(random() * (hi - lo + 1))::int';
-- A money amount drawn uniformly from lo..hi cents.
CREATE FUNCTION pg_temp.money(lo int, hi int) RETURNS numeric LANGUAGE sql VOLATILE
    AS 'SELECT (pg_temp.rnd(lo, hi) / 100.0)::numeric(15,2)';
-- One of the words of an array, each as likely.
CREATE FUNCTION pg_temp.pick(words text[]) RETURNS text LANGUAGE sql VOLATILE
    AS 'SELECT words[1 + floor(random() * cardinality(words))::int]';
-- Six words of comment text (about 45 characters). The vocabulary holds the words that the
-- queries look for (Q13: special ... requests) among others.
CREATE FUNCTION pg_temp.phrase() RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT concat_ws(' ', pg_temp.pick(w), pg_temp.pick(w), pg_temp.pick(w), pg_temp.pick(w),
                     pg_temp.pick(w), pg_temp.pick(w))
    FROM (SELECT '{special,requests,pending,deposits,express,packages,regular,accounts,final,
        instructions,ironic,theodolites,bold,foxes,quick,ideas,careful,pinto,beans,slyly,
        furiously,quietly,blithely,carefully,fluffily,boldly,across,above,against,along,among,
        around,sleep,wake,nag,haggle,cajole,detect,integrate,use,thrash,doze,engage,unusual,even,
        silent,daring,dogged,platelets,asymptotes,courts,dolphins,warhorses,frets,the,of,to}'::text[] AS w) v
$$;
-- Comment text of lo..hi characters (hi at most about 230): phrases cut to a drawn length.
CREATE FUNCTION pg_temp.comment(lo int, hi int) RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT left(pg_temp.phrase()
                || CASE WHEN hi > 40 THEN ' ' || pg_temp.phrase() ELSE '' END
                || CASE WHEN hi > 80 THEN ' ' || pg_temp.phrase() ELSE '' END
                || CASE WHEN hi > 120 THEN ' ' || pg_temp.phrase() || ' ' || pg_temp.phrase() ELSE '' END,
                pg_temp.rnd(lo, hi))
$$;
-- An address: 10..40 characters.
CREATE FUNCTION pg_temp.address() RETURNS text LANGUAGE sql VOLATILE
    AS 'SELECT left(md5(random()::text) || md5(random()::text), pg_temp.rnd(10, 40))';
-- A phone number whose country code is the nation key + 10.
CREATE FUNCTION pg_temp.phone(nation int) RETURNS text LANGUAGE sql VOLATILE
    AS 'SELECT (nation + 10) || ''-'' || pg_temp.rnd(100, 999) || ''-'' || pg_temp.rnd(100, 999) || ''-'' || pg_temp.rnd(1000, 9999)';
-- The specification's retail price of part key p, in cents.
CREATE FUNCTION pg_temp.retail_cents(p int) RETURNS int LANGUAGE sql IMMUTABLE
    AS 'SELECT 90000 + (p / 10) % 20001 + 100 * (p % 1000)';
-- The i-th (0..3) supplier of part p among s suppliers, as the specification spreads them.
CREATE FUNCTION pg_temp.part_supp(p int, i int, s int) RETURNS int LANGUAGE sql IMMUTABLE
    AS 'SELECT (p + i * (s / 4 + (p - 1) / s)) % s + 1';

CREATE TABLE region (r_regionkey int NOT NULL, r_name char(25) NOT NULL, r_comment varchar(152) NOT NULL);
CREATE TABLE nation (n_nationkey int NOT NULL, n_name char(25) NOT NULL, n_regionkey int NOT NULL,
                     n_comment varchar(152) NOT NULL);
CREATE TABLE supplier (s_suppkey int NOT NULL, s_name char(25) NOT NULL, s_address varchar(40) NOT NULL,
                       s_nationkey int NOT NULL, s_phone char(15) NOT NULL, s_acctbal numeric(15,2) NOT NULL,
                       s_comment varchar(101) NOT NULL);
CREATE TABLE part (p_partkey int NOT NULL, p_name varchar(55) NOT NULL, p_mfgr char(25) NOT NULL,
                   p_brand char(10) NOT NULL, p_type varchar(25) NOT NULL, p_size int NOT NULL,
                   p_container char(10) NOT NULL, p_retailprice numeric(15,2) NOT NULL,
                   p_comment varchar(23) NOT NULL);
CREATE TABLE partsupp (ps_partkey int NOT NULL, ps_suppkey int NOT NULL, ps_availqty int NOT NULL,
                       ps_supplycost numeric(15,2) NOT NULL, ps_comment varchar(199) NOT NULL);
CREATE TABLE customer (c_custkey int NOT NULL, c_name varchar(25) NOT NULL, c_address varchar(40) NOT NULL,
                       c_nationkey int NOT NULL, c_phone char(15) NOT NULL, c_acctbal numeric(15,2) NOT NULL,
                       c_mktsegment char(10) NOT NULL, c_comment varchar(117) NOT NULL);
CREATE TABLE orders (o_orderkey int NOT NULL, o_custkey int NOT NULL, o_orderstatus char(1) NOT NULL,
                     o_totalprice numeric(15,2) NOT NULL, o_orderdate date NOT NULL,
                     o_orderpriority char(15) NOT NULL, o_clerk char(15) NOT NULL,
                     o_shippriority int NOT NULL, o_comment varchar(79) NOT NULL);
CREATE TABLE lineitem (l_orderkey int NOT NULL, l_partkey int NOT NULL, l_suppkey int NOT NULL,
                       l_linenumber int NOT NULL, l_quantity numeric(15,2) NOT NULL,
                       l_extendedprice numeric(15,2) NOT NULL, l_discount numeric(15,2) NOT NULL,
                       l_tax numeric(15,2) NOT NULL, l_returnflag char(1) NOT NULL, l_linestatus char(1) NOT NULL,
                       l_shipdate date NOT NULL, l_commitdate date NOT NULL, l_receiptdate date NOT NULL,
                       l_shipinstruct char(25) NOT NULL, l_shipmode char(10) NOT NULL,
                       l_comment varchar(44) NOT NULL);

SELECT setseed(0.42);
INSERT INTO region
SELECT k - 1, name, pg_temp.comment(31, 115)
FROM unnest('{AFRICA,AMERICA,ASIA,EUROPE,MIDDLE EAST}'::text[]) WITH ORDINALITY r(name, k);

INSERT INTO nation
SELECT k - 1, name, region, pg_temp.comment(31, 114)
FROM unnest('{ALGERIA,ARGENTINA,BRAZIL,CANADA,EGYPT,ETHIOPIA,FRANCE,GERMANY,INDIA,INDONESIA,IRAN,IRAQ,
              JAPAN,JORDAN,KENYA,MOROCCO,MOZAMBIQUE,PERU,CHINA,ROMANIA,SAUDI ARABIA,VIETNAM,RUSSIA,
              UNITED KINGDOM,UNITED STATES}'::text[],
            '{0,1,1,1,4,0,3,3,2,2,4,4,2,4,0,0,0,1,2,3,4,2,3,3,1}'::int[]) WITH ORDINALITY n(name, region, k);

-- The suppliers whose comments carry "Customer ... Complaints" (Q16 leaves them out) and
-- "Customer ... Recommends": 5 per 10,000 each, and at least one.
SELECT setseed(0.43);
SELECT array_agg(pg_temp.rnd(1, :n_supp)) AS complaints FROM generate_series(1, greatest(1, round(5 * :sf))::int) \gset
SELECT array_agg(pg_temp.rnd(1, :n_supp)) AS recommends FROM generate_series(1, greatest(1, round(5 * :sf))::int) \gset
INSERT INTO supplier
SELECT s, 'Supplier#' || lpad(s::text, 9, '0'), pg_temp.address(), nation, pg_temp.phone(nation),
       pg_temp.money(-99999, 999999),
       CASE WHEN s = ANY (:'complaints') THEN left(pg_temp.comment(10, 40) || ' Customer ' || pg_temp.comment(5, 20) || ' Complaints ' || pg_temp.comment(5, 40), 100)
            WHEN s = ANY (:'recommends') THEN left(pg_temp.comment(10, 40) || ' Customer ' || pg_temp.comment(5, 20) || ' Recommends ' || pg_temp.comment(5, 40), 100)
            ELSE pg_temp.comment(25, 100) END
FROM (SELECT s, pg_temp.rnd(0, 24) AS nation FROM generate_series(1, :n_supp) s) g;

-- p_name: five different colors of the specification's list, in a random order.
SELECT setseed(0.44);
INSERT INTO part
SELECT p,
       (SELECT string_agg(c, ' ') FROM (
            SELECT c FROM unnest('{almond,antique,aquamarine,azure,beige,bisque,black,blanched,blue,blush,
                brown,burlywood,burnished,chartreuse,chiffon,chocolate,coral,cornflower,cornsilk,cream,
                cyan,dark,deep,dim,dodger,drab,firebrick,floral,forest,frosted,gainsboro,ghost,goldenrod,
                green,grey,honeydew,hot,indian,ivory,khaki,lace,lavender,lawn,lemon,light,lime,linen,
                magenta,maroon,medium,metallic,midnight,mint,misty,moccasin,navajo,navy,olive,orange,
                orchid,pale,papaya,peach,peru,pink,plum,powder,puff,purple,red,rose,rosy,royal,saddle,
                salmon,sandy,seashell,sienna,sky,slate,smoke,snow,spring,steel,tan,thistle,tomato,
                turquoise,violet,wheat,white,yellow}'::text[]) c
            WHERE p > 0   -- drawn again for every part
            ORDER BY random() LIMIT 5) five),
       'Manufacturer#' || m, 'Brand#' || m || pg_temp.rnd(1, 5),
       pg_temp.pick('{STANDARD,SMALL,MEDIUM,LARGE,ECONOMY,PROMO}') || ' '
           || pg_temp.pick('{ANODIZED,BURNISHED,PLATED,POLISHED,BRUSHED}') || ' '
           || pg_temp.pick('{TIN,NICKEL,BRASS,STEEL,COPPER}'),
       pg_temp.rnd(1, 50),
       pg_temp.pick('{SM,LG,MED,JUMBO,WRAP}') || ' ' || pg_temp.pick('{CASE,BOX,BAG,JAR,PKG,PACK,CAN,DRUM}'),
       pg_temp.retail_cents(p) / 100.0, pg_temp.comment(5, 22)
FROM (SELECT p, pg_temp.rnd(1, 5) AS m FROM generate_series(1, :n_part) p) g;

SELECT setseed(0.45);
INSERT INTO partsupp
SELECT k / 4 + 1, pg_temp.part_supp(k / 4 + 1, k % 4, :n_supp), pg_temp.rnd(1, 9999),
       pg_temp.money(100, 100000), pg_temp.comment(49, 198)
FROM generate_series(0, 4 * :n_part - 1) k;

SELECT setseed(0.46);
INSERT INTO customer
SELECT c, 'Customer#' || lpad(c::text, 9, '0'), pg_temp.address(), nation, pg_temp.phone(nation),
       pg_temp.money(-99999, 999999),
       pg_temp.pick('{AUTOMOBILE,BUILDING,FURNITURE,MACHINERY,HOUSEHOLD}'), pg_temp.comment(29, 116)
FROM (SELECT c, pg_temp.rnd(0, 24) AS nation FROM generate_series(1, :n_cust) c) g;

-- Orders before their lines: keys used 8 in every 32; customers whose key is a multiple of 3
-- never order; an order date up to 151 days before the end (1998-12-31), 1..7 lines. The
-- status and the total price follow from the lines.
SELECT setseed(0.47);
CREATE UNLOGGED TABLE order_draw AS
SELECT (o - 1) / 8 * 32 + (o - 1) % 8 + 1 AS o_orderkey,
       3 * (k / 2) + k % 2 + 1 AS o_custkey,
       date '1992-01-01' + pg_temp.rnd(0, date '1998-12-31' - 151 - date '1992-01-01') AS o_orderdate,
       pg_temp.pick('{1-URGENT,2-HIGH,3-MEDIUM,4-NOT SPECIFIED,5-LOW}') AS o_orderpriority,
       'Clerk#' || lpad(pg_temp.rnd(1, :n_clerk)::text, 9, '0') AS o_clerk,
       pg_temp.comment(19, 78) AS o_comment,
       pg_temp.rnd(1, 7) AS lines
FROM (SELECT o, pg_temp.rnd(0, (:n_cust - 1) * 2 / 3) AS k FROM generate_series(1, :n_orders) o) g;

-- A line: a part and one of its four suppliers, 1..50 of it at its retail price, a discount
-- of 0..10% and a tax of 0..8%; shipped 1..121 days after the order, committed 30..90 days
-- after it, received 1..30 days after shipping. Returned (R, else A) or not (N) by whether it
-- was received by 1995-06-17; open (O) if shipped after that day, else filled (F).
SELECT setseed(0.48);
INSERT INTO lineitem
SELECT o_orderkey, part, pg_temp.part_supp(part, supp, :n_supp), n, qty,
       qty * pg_temp.retail_cents(part) / 100.0, disc / 100.0, tax / 100.0,
       CASE WHEN ship + receipt_days <= date '1995-06-17' THEN CASE WHEN returned THEN 'R' ELSE 'A' END ELSE 'N' END,
       CASE WHEN ship > date '1995-06-17' THEN 'O' ELSE 'F' END,
       ship, commit, ship + receipt_days, instruct, mode, comment
FROM (SELECT o_orderkey, n, pg_temp.rnd(1, :n_part) AS part, pg_temp.rnd(0, 3) AS supp,
             pg_temp.rnd(1, 50) AS qty, pg_temp.rnd(0, 10) AS disc, pg_temp.rnd(0, 8) AS tax,
             o_orderdate + pg_temp.rnd(1, 121) AS ship, o_orderdate + pg_temp.rnd(30, 90) AS commit,
             pg_temp.rnd(1, 30) AS receipt_days, random() < 0.5 AS returned,
             pg_temp.pick('{DELIVER IN PERSON,COLLECT COD,NONE,TAKE BACK RETURN}') AS instruct,
             pg_temp.pick('{REG AIR,AIR,RAIL,SHIP,TRUCK,MAIL,FOB}') AS mode,
             pg_temp.comment(10, 43) AS comment
      FROM order_draw, generate_series(1, lines) n) l;

INSERT INTO orders
SELECT d.o_orderkey, o_custkey, status, total, o_orderdate, o_orderpriority, o_clerk, 0, o_comment
FROM order_draw d JOIN (
    SELECT l_orderkey,
           CASE WHEN bool_and(l_linestatus = 'F') THEN 'F' WHEN bool_and(l_linestatus = 'O') THEN 'O' ELSE 'P' END AS status,
           sum(round(l_extendedprice * (1 + l_tax) * (1 - l_discount), 2)) AS total
    FROM lineitem GROUP BY l_orderkey) l ON l.l_orderkey = d.o_orderkey
ORDER BY d.o_orderkey;
DROP TABLE order_draw;

-- The fastnumeric schema: the same rows, each money column relabelled in place (same bytes:
-- the table keeps its file), and the float8 schema: the same values as float8.
CREATE FUNCTION pg_temp.copy_schema(target text, money_type text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    t text;
    c record;
    before oid;
BEGIN
    FOREACH t IN ARRAY '{region,nation,supplier,part,partsupp,customer,orders,lineitem}'::text[] LOOP
        EXECUTE format('CREATE TABLE %I.%I (LIKE tpch_numeric.%I INCLUDING ALL)', target, t, t);
        IF money_type = 'float8' THEN
            FOR c IN SELECT attname FROM pg_attribute
                     WHERE attrelid = format('%I.%I', target, t)::regclass AND atttypid = 'numeric'::regtype LOOP
                EXECUTE format('ALTER TABLE %I.%I ALTER COLUMN %I TYPE float8', target, t, c.attname);
            END LOOP;
        END IF;
        EXECUTE format('INSERT INTO %I.%I SELECT * FROM tpch_numeric.%I', target, t, t);
        before := pg_relation_filenode(format('%I.%I', target, t)::regclass);
        FOR c IN SELECT attname FROM pg_attribute
                 WHERE attrelid = format('%I.%I', target, t)::regclass AND atttypid = 'numeric'::regtype LOOP
            EXECUTE format('ALTER TABLE %I.%I ALTER COLUMN %I TYPE %s', target, t, c.attname, money_type);
        END LOOP;
        IF pg_relation_filenode(format('%I.%I', target, t)::regclass) <> before THEN
            RAISE EXCEPTION '%.% was rewritten by ALTER COLUMN TYPE %', target, t, money_type;
        END IF;
    END LOOP;
END
$$;
SELECT pg_temp.copy_schema('tpch_fastnumeric', 'fastnumeric(15,2)');
\if :float8
CREATE SCHEMA tpch_float8;
SELECT pg_temp.copy_schema('tpch_float8', 'float8');
\endif

-- The specification's primary keys, and indexes on the join and date columns the queries use.
CREATE FUNCTION pg_temp.add_keys(s text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    ddl text;
BEGIN
    FOREACH ddl IN ARRAY ARRAY[
        'ALTER TABLE %I.region ADD PRIMARY KEY (r_regionkey)',
        'ALTER TABLE %I.nation ADD PRIMARY KEY (n_nationkey)',
        'ALTER TABLE %I.supplier ADD PRIMARY KEY (s_suppkey)',
        'ALTER TABLE %I.part ADD PRIMARY KEY (p_partkey)',
        'ALTER TABLE %I.partsupp ADD PRIMARY KEY (ps_partkey, ps_suppkey)',
        'ALTER TABLE %I.customer ADD PRIMARY KEY (c_custkey)',
        'ALTER TABLE %I.orders ADD PRIMARY KEY (o_orderkey)',
        'ALTER TABLE %I.lineitem ADD PRIMARY KEY (l_orderkey, l_linenumber)',
        'CREATE INDEX ON %I.nation (n_regionkey)',
        'CREATE INDEX ON %I.supplier (s_nationkey)',
        'CREATE INDEX ON %I.partsupp (ps_suppkey)',
        'CREATE INDEX ON %I.customer (c_nationkey)',
        'CREATE INDEX ON %I.orders (o_custkey)',
        'CREATE INDEX ON %I.orders (o_orderdate)',
        'CREATE INDEX ON %I.lineitem (l_partkey, l_suppkey)',
        'CREATE INDEX ON %I.lineitem (l_suppkey)',
        'CREATE INDEX ON %I.lineitem (l_shipdate)'] LOOP
        EXECUTE format(ddl, s);
    END LOOP;
END
$$;
SELECT pg_temp.add_keys('tpch_numeric'), pg_temp.add_keys('tpch_fastnumeric');
\if :float8
SELECT pg_temp.add_keys('tpch_float8');
\endif
RESET search_path;
VACUUM (FREEZE, ANALYZE) tpch_numeric.region, tpch_numeric.nation, tpch_numeric.supplier, tpch_numeric.part,
    tpch_numeric.partsupp, tpch_numeric.customer, tpch_numeric.orders, tpch_numeric.lineitem,
    tpch_fastnumeric.region, tpch_fastnumeric.nation, tpch_fastnumeric.supplier, tpch_fastnumeric.part,
    tpch_fastnumeric.partsupp, tpch_fastnumeric.customer, tpch_fastnumeric.orders, tpch_fastnumeric.lineitem;
\if :float8
VACUUM (FREEZE, ANALYZE) tpch_float8.region, tpch_float8.nation, tpch_float8.supplier, tpch_float8.part,
    tpch_float8.partsupp, tpch_float8.customer, tpch_float8.orders, tpch_float8.lineitem;
\endif
CHECKPOINT;
