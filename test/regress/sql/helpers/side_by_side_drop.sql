-- undoes helpers/side_by_side.sql
DROP TABLE bad_numeric, bad_fastnumeric;
DROP FUNCTION copy_from(anyarray, text, text), side_by_side(text), attempt(text, text), brief(text);
DROP CAST (numeric AS bytea);
DROP CAST (fastnumeric AS bytea);
