-- The fastnumeric extension's member objects, one canonical line each, for comparing two databases
-- (test/differential/test_lifecycle_*.py): pg_describe_object of every member (pg_depend deptype
-- 'e') and of every operator family entry, with what defines it -- functions' signature, language,
-- volatility, strictness, parallel safety, source, support function and owner; aggregates' every
-- pg_aggregate column; types' I/O functions, storage and array type; casts' function, context and
-- method; operators' function, commutator, negator and estimators; operator classes and families
-- with their members -- and every comment.
-- Names are printed with search_path = pg_catalog, so anything outside pg_catalog carries its
-- schema and a reference to a lookalike (say app.numeric) cannot pass for the real one.
SET search_path = pg_catalog;
WITH ext AS (SELECT oid FROM pg_extension WHERE extname = 'fastnumeric'),
m AS (SELECT classid, objid FROM pg_depend
      WHERE refclassid = 'pg_extension'::regclass AND refobjid = (SELECT oid FROM ext) AND deptype = 'e'),
families AS (SELECT objid AS oid FROM m WHERE classid = 'pg_opfamily'::regclass),
items AS (
  SELECT classid, objid, CASE classid
    WHEN 'pg_proc'::regclass THEN (
      SELECT format('%s returns %s, kind %s, language %s, volatility %s, strict %s, parallel %s, leakproof %s, secdef %s, setof %s, cost %s, rows %s, src %s, bin %s, support %s, config %s, owner %s, acl %s',
                    pg_get_function_identity_arguments(p.oid), pg_get_function_result(p.oid), p.prokind, l.lanname, p.provolatile, p.proisstrict, p.proparallel, p.proleakproof,
                    p.prosecdef, p.proretset, p.procost, p.prorows, p.prosrc, p.probin, p.prosupport::regproc, p.proconfig, p.proowner::regrole, p.proacl)
      FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = m.objid)
      || coalesce((SELECT format(' aggregate: kind %s, direct args %s, transfn %s, finalfn %s, combinefn %s, serialfn %s, deserialfn %s, mtransfn %s, minvtransfn %s, mfinalfn %s, finalextra %s, mfinalextra %s, finalmodify %s, mfinalmodify %s, sortop %s, transtype %s, transspace %s, mtranstype %s, mtransspace %s, initval %s, minitval %s',
                    a.aggkind, a.aggnumdirectargs, a.aggtransfn, a.aggfinalfn, a.aggcombinefn, a.aggserialfn, a.aggdeserialfn, a.aggmtransfn, a.aggminvtransfn, a.aggmfinalfn,
                    a.aggfinalextra, a.aggmfinalextra, a.aggfinalmodify, a.aggmfinalmodify, a.aggsortop::regoperator, a.aggtranstype::regtype, a.aggtransspace,
                    a.aggmtranstype::regtype, a.aggmtransspace, a.agginitval, a.aggminitval)
                   FROM pg_aggregate a WHERE a.aggfnoid = m.objid), '')
    WHEN 'pg_type'::regclass THEN (
      SELECT format('type %s: len %s, byval %s, type %s, category %s, preferred %s, delim %s, input %s, output %s, receive %s, send %s, modin %s, modout %s, analyze %s, subscript %s, align %s, storage %s, notnull %s, basetype %s, typmod %s, collation %s, default %s, owner %s, acl %s, array %s (elem %s, input %s, output %s, align %s, storage %s)',
                    t.typname, t.typlen, t.typbyval, t.typtype, t.typcategory, t.typispreferred, t.typdelim, t.typinput, t.typoutput, t.typreceive, t.typsend,
                    t.typmodin, t.typmodout, t.typanalyze, t.typsubscript, t.typalign, t.typstorage, t.typnotnull, t.typbasetype::regtype, t.typtypmod, t.typcollation::regcollation,
                    t.typdefault, t.typowner::regrole, t.typacl, t.typarray::regtype, a.typelem::regtype, a.typinput, a.typoutput, a.typalign, a.typstorage)
      FROM pg_type t LEFT JOIN pg_type a ON a.oid = t.typarray WHERE t.oid = m.objid)
    WHEN 'pg_cast'::regclass THEN (
      SELECT format('function %s, context %s, method %s', c.castfunc::regprocedure, c.castcontext, c.castmethod)
      FROM pg_cast c WHERE c.oid = m.objid)
    WHEN 'pg_operator'::regclass THEN (
      SELECT format('kind %s, result %s, code %s, commutator %s, negator %s, restrict %s, join %s, merges %s, hashes %s, owner %s',
                    o.oprkind, o.oprresult::regtype, o.oprcode::regprocedure, o.oprcom::regoperator, o.oprnegate::regoperator,
                    o.oprrest::regprocedure, o.oprjoin::regprocedure, o.oprcanmerge, o.oprcanhash, o.oprowner::regrole)
      FROM pg_operator o WHERE o.oid = m.objid)
    WHEN 'pg_opclass'::regclass THEN (
      SELECT format('input type %s, default %s, family %s, key type %s, owner %s', c.opcintype::regtype, c.opcdefault,
                    pg_describe_object('pg_opfamily'::regclass, c.opcfamily, 0), c.opckeytype::regtype, c.opcowner::regrole)
      FROM pg_opclass c WHERE c.oid = m.objid)
    WHEN 'pg_opfamily'::regclass THEN (
      SELECT format('owner %s', f.opfowner::regrole) FROM pg_opfamily f WHERE f.oid = m.objid)
    ELSE 'no details for this catalog' END AS detail
  FROM m
  UNION ALL   -- the members of the operator families (not extension members themselves)
  SELECT 'pg_amop'::regclass, o.oid, format('purpose %s, sort family %s', o.amoppurpose,
         CASE WHEN o.amopsortfamily = 0 THEN '-' ELSE pg_describe_object('pg_opfamily'::regclass, o.amopsortfamily, 0) END)
  FROM pg_amop o WHERE o.amopfamily IN (SELECT oid FROM families)
  UNION ALL
  SELECT 'pg_amproc'::regclass, p.oid, ''
  FROM pg_amproc p WHERE p.amprocfamily IN (SELECT oid FROM families)
)
SELECT pg_describe_object(i.classid, i.objid, 0) || ' | ' || coalesce(i.detail, '<none>')
       || coalesce(' | comment: ' || obj_description(i.objid, (SELECT relname FROM pg_class WHERE oid = i.classid)), '')
       || coalesce(' | in ' || (SELECT string_agg(pg_describe_object(d.refclassid, d.refobjid, 0) || ' (' || d.deptype::text || ')', ', '
                                                  ORDER BY pg_describe_object(d.refclassid, d.refobjid, 0))
                                FROM pg_depend d WHERE d.classid = i.classid AND d.objid = i.objid
                                  AND d.refclassid IN ('pg_opclass'::regclass, 'pg_opfamily'::regclass)), '')
FROM items i
UNION ALL
SELECT format('extension %s: version %s, schema %s, relocatable %s, owner %s, config %s, condition %s | comment: %s',
              e.extname, e.extversion, e.extnamespace::regnamespace, e.extrelocatable, e.extowner::regrole, e.extconfig, e.extcondition,
              obj_description(e.oid, 'pg_extension'))
FROM pg_extension e WHERE e.extname = 'fastnumeric'
ORDER BY 1;
