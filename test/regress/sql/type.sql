--
-- The type: catalog properties, typmods and their errors, arrays, storage
--

-- stored like numeric: same length, alignment, storage, category
SELECT t.typlen, t.typbyval, t.typalign, t.typstorage, t.typcategory, t.typispreferred,
       (t.typlen, t.typbyval, t.typalign, t.typstorage, t.typcategory)
         = (n.typlen, n.typbyval, n.typalign, n.typstorage, n.typcategory) AS same_as_numeric
FROM pg_type t, pg_type n
WHERE t.typname = 'fastnumeric' AND n.typname = 'numeric';

-- it has an array type
SELECT typname, typelem::regtype FROM pg_type WHERE typelem = 'fastnumeric'::regtype;

-- every member object of the extension has a comment: casts, operator classes and families
-- included (pg_description, by catalog and object); the counts show what was examined.  From
-- PostgreSQL 17 the array type is a member as well: it is left out of the counts, which would
-- differ by version, and its comment is checked on its own.
SELECT d.classid::regclass AS catalog, count(*) AS members, count(c.description) AS commented
FROM pg_depend d
LEFT JOIN pg_description c ON c.classoid = d.classid AND c.objoid = d.objid AND c.objsubid = d.objsubid
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fastnumeric')
  AND d.deptype = 'e'
  AND NOT (d.classid = 'pg_type'::regclass AND d.objid = 'fastnumeric[]'::regtype)
GROUP BY 1 ORDER BY d.classid::regclass::text;
SELECT obj_description('fastnumeric[]'::regtype, 'pg_type') AS array_type_comment;
SELECT pg_describe_object(d.classid, d.objid, d.objsubid) AS uncommented
FROM pg_depend d
LEFT JOIN pg_description c ON c.classoid = d.classid AND c.objoid = d.objid AND c.objsubid = d.objsubid
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fastnumeric')
  AND d.deptype = 'e'
  AND c.description IS NULL
ORDER BY 1;

-- functions are parallel safe, strict like numeric's (aggregates and their support functions
-- need not be strict: numeric_avg_accum and friends are not), and immutable, but for the
-- ones that are stable like numeric's because the locale shapes them (money, to_char);
-- fastnumeric_expr is not strict either: a NULL operand must not keep the rest of its
-- expression from raising what the separate operators would
SELECT count(*) AS not_parallel_safe_or_strict
FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
WHERE d.refclassid = 'pg_extension'::regclass AND d.classid = 'pg_proc'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fastnumeric')
  AND (p.proparallel <> 's'
       OR NOT (p.proisstrict OR p.prokind = 'a' OR p.proname = 'fastnumeric_expr' OR p.oid IN (
           SELECT unnest(ARRAY[aggtransfn, aggfinalfn, aggcombinefn, aggmtransfn, aggminvtransfn,
                               aggmfinalfn])::oid FROM pg_aggregate)));
SELECT p.oid::regprocedure AS not_immutable, p.provolatile
FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
WHERE d.refclassid = 'pg_extension'::regclass AND d.classid = 'pg_proc'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fastnumeric')
  AND p.provolatile <> 'i'
ORDER BY p.oid::regprocedure::text;

-- typmods, printed like numeric's
CREATE TABLE typmods (
    a fastnumeric, b fastnumeric(12,2), c fastnumeric(5,-2), d fastnumeric(2,4),
    e fastnumeric(1000,500), f fastnumeric(7), g fastnumeric(1,-1000), h fastnumeric(1000,1000));
SELECT attname, format_type(atttypid, atttypmod)
FROM pg_attribute WHERE attrelid = 'typmods'::regclass AND attnum > 0 ORDER BY attnum;

-- invalid typmods: numeric's errors
SELECT '1'::fastnumeric(0);
SELECT '1'::numeric(0);
SELECT '1'::fastnumeric(1001);
SELECT '1'::fastnumeric(5, 1001);
SELECT '1'::fastnumeric(5, -1001);
SELECT '1'::numeric(5, -1001);
SELECT '1'::fastnumeric(1, 2, 3);
CREATE TABLE bad_typmod (x fastnumeric(-1));

-- values stored under typmods
INSERT INTO typmods VALUES ('1.005', '1234567890.125', '12345.67', '0.0012', '3.14159', '1234567.5', '0', '0.5');
INSERT INTO typmods (b) VALUES ('-0.005'), ('99.995'), (' 7 ');
SELECT a, b, c, d, f, g,
       e::text = '3.14159'::numeric(1000,500)::text AS e_like_numeric, length(e::text) AS e_length,
       h::text = '0.5'::numeric(1000,1000)::text AS h_like_numeric, length(h::text) AS h_length
FROM typmods;
-- typmod overflow: numeric's error, nothing stored
INSERT INTO typmods (b) VALUES ('12345678901');
INSERT INTO typmods (d) VALUES ('0.0123');
INSERT INTO typmods (c) VALUES ('9999999.5');
SELECT count(*) FROM typmods;

-- arrays, with and without element typmod
SELECT '{1.5, -2, NaN, Infinity, -Infinity, 0.000}'::fastnumeric[];
SELECT '{1.25, 5.678, -0.04}'::fastnumeric(3,1)[];
SELECT ARRAY['1.10'::fastnumeric, '2'] = ARRAY['1.1'::fastnumeric, '2.00'] AS arrays_equal;
SELECT array_agg(x ORDER BY x) FROM unnest('{3, NaN, -1.5, Infinity, 2.50, -Infinity}'::fastnumeric[]) x;

-- stored where it lies: the column is fastnumeric, the values are numeric's bytes
CREATE TABLE storage_check (x fastnumeric, y numeric);
INSERT INTO storage_check SELECT v::fastnumeric, v::numeric
FROM unnest('{0, 1.5, -123456789.000001, 1e-50, 99999999999999999999999999999999}'::text[]) v;
SELECT pg_column_size(x) = pg_column_size(y) AS same_size, x::text = y::text AS same_text
FROM storage_check;

-- ALTER COLUMN TYPE to numeric and back needs no rewrite: the relfilenode stays
SELECT pg_relation_filenode('storage_check') AS before \gset
ALTER TABLE storage_check ALTER COLUMN x TYPE numeric;
ALTER TABLE storage_check ALTER COLUMN y TYPE fastnumeric;
SELECT pg_relation_filenode('storage_check') = :before AS no_rewrite;
SELECT x, y FROM storage_check ORDER BY y;
