/*
 * byref_floor.c — the by-reference floor of TPC-H Q1 (bench/q1_callgrind).
 *
 * Functions that do next to nothing, with fastnumeric's calling conventions: an operator
 * whose result is a fresh 4-byte-header datum (one palloc per call, as PostgreSQL asks of
 * any by-reference result), and a sum/avg transition on an internal state in the aggregate
 * context.  Q1 written with them over the fastnumeric table costs what any by-reference
 * type must pay there: the executor's calls, the result pallocs and the per-tuple resets.
 * Not part of the extension: bench/q1_callgrind builds it against the server and loads it
 * by path.  Plain C, PostgreSQL's own conventions.
 */
#include "postgres.h"

#include "fmgr.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

PG_MODULE_MAGIC;

/* (a, b) -> a numeric zero as a fresh datum: one palloc, no arithmetic, no argument read. */
PG_FUNCTION_INFO_V1(byref_floor_op);
Datum
byref_floor_op(PG_FUNCTION_ARGS)
{
	char	   *r = palloc(VARHDRSZ + 2);
	const uint16 zero = 0x8000;	/* numeric's 2-byte header of 0 */

	memcpy(r + VARHDRSZ, &zero, sizeof zero);
	SET_VARSIZE(r, VARHDRSZ + sizeof zero);
	PG_RETURN_POINTER(r);
}

typedef struct FloorState
{
	int64		count;
} FloorState;

/* Transition: a counter in an internal state allocated in the aggregate context. */
PG_FUNCTION_INFO_V1(byref_floor_accum);
Datum
byref_floor_accum(PG_FUNCTION_ARGS)
{
	FloorState *s = PG_ARGISNULL(0) ? NULL : (FloorState *) PG_GETARG_POINTER(0);

	if (s == NULL)
	{
		MemoryContext agg;

		if (!AggCheckCallContext(fcinfo, &agg))
			elog(ERROR, "byref_floor_accum called in non-aggregate context");
		s = MemoryContextAllocZero(agg, sizeof(FloorState));
	}
	if (!PG_ARGISNULL(1))
		s->count++;
	PG_RETURN_POINTER(s);
}

PG_FUNCTION_INFO_V1(byref_floor_final);
Datum
byref_floor_final(PG_FUNCTION_ARGS)
{
	FloorState *s = PG_ARGISNULL(0) ? NULL : (FloorState *) PG_GETARG_POINTER(0);

	PG_RETURN_INT64(s ? s->count : 0);
}

/* Combine, serialize and deserialize, so that the floor's plan with workers is Q1's. */
PG_FUNCTION_INFO_V1(byref_floor_combine);
Datum
byref_floor_combine(PG_FUNCTION_ARGS)
{
	MemoryContext agg;
	FloorState *into = PG_ARGISNULL(0) ? NULL : (FloorState *) PG_GETARG_POINTER(0);
	FloorState *from = PG_ARGISNULL(1) ? NULL : (FloorState *) PG_GETARG_POINTER(1);

	if (!AggCheckCallContext(fcinfo, &agg))
		elog(ERROR, "byref_floor_combine called in non-aggregate context");
	if (from == NULL)
	{
		if (into == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(into);
	}
	if (into == NULL)
		into = MemoryContextAllocZero(agg, sizeof(FloorState));
	into->count += from->count;
	PG_RETURN_POINTER(into);
}

PG_FUNCTION_INFO_V1(byref_floor_serialize);
Datum
byref_floor_serialize(PG_FUNCTION_ARGS)
{
	FloorState *s = (FloorState *) PG_GETARG_POINTER(0);
	bytea	   *r = palloc(VARHDRSZ + sizeof(int64));

	memcpy(VARDATA(r), &s->count, sizeof(int64));
	SET_VARSIZE(r, VARHDRSZ + sizeof(int64));
	PG_RETURN_BYTEA_P(r);
}

PG_FUNCTION_INFO_V1(byref_floor_deserialize);
Datum
byref_floor_deserialize(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	FloorState *s = palloc(sizeof(FloorState));

	if (VARSIZE_ANY_EXHDR(b) != sizeof(int64))
		elog(ERROR, "invalid byref_floor state");
	memcpy(&s->count, VARDATA_ANY(b), sizeof(int64));
	PG_RETURN_POINTER(s);
}
