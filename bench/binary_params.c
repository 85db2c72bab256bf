/*
 * binary_params.c — a libpq client that moves numeric values in binary, as drivers with
 * binary transfer do (bench/sql/binary_params.sql runs it).
 *
 *   binary_params insert TABLE ROWS
 *       inserts ROWS rows of four money-shaped values into TABLE (a, b, c, d): one prepared
 *       INSERT per row, every parameter in binary (numeric's wire format; int8's when the
 *       table's columns are int8, the by-value ceiling), pipelined in batches, in one
 *       transaction: what executemany does in drivers that pipeline.
 *   binary_params select TABLE
 *       reads TABLE's four columns back with binary results.
 *
 * Connection from the usual PG* variables.  Prints "Time: X ms" (from the first message sent
 * to the last reply read), the line psql's \timing prints, so bench/run reads it alike.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libpq-fe.h"

#define BATCH 1000   /* executions sent before the replies are read: fits the socket buffers */
#define COLUMNS 4

static void die(PGconn *conn, const char *what)
{
	fprintf(stderr, "binary_params: %s: %s", what, conn ? PQerrorMessage(conn) : "\n");
	exit(1);
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void put16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char) (v >> 8);
	p[1] = (unsigned char) v;
}

/* A deterministic money-shaped value in cents, 0.00 .. 99999.99. */
static int64_t cents_of(long row, int column)
{
	return (row * 7919 + column * 104729 + 13) % 10000000;
}

/*
 * cents / 100 in numeric's wire format (ndigits, weight, sign, dscale, then base-10000
 * digits, all 16-bit big-endian), stripped of leading and trailing zero groups; returns the
 * length.
 */
static int numeric_wire(int64_t cents, unsigned char *out)
{
	int			groups[4];
	int			weight = 1;
	int			first = 0,
				last = 2,
				n = 0;

	groups[0] = (int) (cents / 1000000);			/* 10^4 */
	groups[1] = (int) (cents / 100 % 10000);	/* units */
	groups[2] = (int) (cents % 100) * 100;	/* the two decimals, first fractional group */
	while (first <= last && groups[first] == 0)
	{
		first++;
		weight--;
	}
	while (last >= first && groups[last] == 0)
		last--;
	if (first > last)
		weight = 0;
	put16(out + 0, (unsigned) (first > last ? 0 : last - first + 1));
	put16(out + 2, (unsigned) (uint16_t) weight);
	put16(out + 4, 0);			/* positive */
	put16(out + 6, 2);			/* dscale */
	for (int i = first; i <= last; i++, n++)
		put16(out + 8 + 2 * n, (unsigned) groups[i]);
	return 8 + 2 * n;
}

static int int8_wire(int64_t v, unsigned char *out)
{
	for (int i = 0; i < 8; i++)
		out[i] = (unsigned char) ((uint64_t) v >> (56 - 8 * i));
	return 8;
}

/* Reads replies up to the pipeline's sync point; any error ends the run. */
static void drain(PGconn *conn)
{
	for (;;)
	{
		PGresult   *r = PQgetResult(conn);

		if (r == NULL)
			continue;			/* between the replies of two executions */
		ExecStatusType s = PQresultStatus(r);

		PQclear(r);
		if (s == PGRES_PIPELINE_SYNC)
			return;
		if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
			die(conn, "a pipelined statement failed");
	}
}

static double insert_rows(PGconn *conn, const char *table, long rows, int int8_columns)
{
	char		sql[256];
	unsigned char values[COLUMNS][16];
	const char *params[COLUMNS];
	int			lengths[COLUMNS];
	const int	formats[COLUMNS] = {1, 1, 1, 1};

	snprintf(sql, sizeof sql, "INSERT INTO %s (a, b, c, d) VALUES ($1, $2, $3, $4)", table);
	for (int c = 0; c < COLUMNS; c++)
		params[c] = (const char *) values[c];

	const double start = now_ms();

	if (!PQenterPipelineMode(conn))
		die(conn, "pipeline mode");
	if (!PQsendQueryParams(conn, "BEGIN", 0, NULL, NULL, NULL, NULL, 0) ||
		!PQsendPrepare(conn, "ins", sql, COLUMNS, NULL))
		die(conn, "send");
	for (long row = 0; row < rows; row++)
	{
		for (int c = 0; c < COLUMNS; c++)
			lengths[c] = int8_columns ? int8_wire(cents_of(row, c), values[c])
				: numeric_wire(cents_of(row, c), values[c]);
		if (!PQsendQueryPrepared(conn, "ins", COLUMNS, params, lengths, formats, 0))
			die(conn, "send");
		if ((row + 1) % BATCH == 0)
		{
			if (!PQpipelineSync(conn))
				die(conn, "sync");
			drain(conn);
		}
	}
	if (!PQsendQueryParams(conn, "COMMIT", 0, NULL, NULL, NULL, NULL, 0) || !PQpipelineSync(conn))
		die(conn, "send");
	drain(conn);
	if (!PQexitPipelineMode(conn))
		die(conn, "leaving pipeline mode");
	return now_ms() - start;
}

static double select_rows(PGconn *conn, const char *table)
{
	char		sql[256];

	snprintf(sql, sizeof sql, "SELECT a, b, c, d FROM %s", table);

	const double start = now_ms();
	PGresult   *r = PQexecParams(conn, sql, 0, NULL, NULL, NULL, NULL, 1);

	if (PQresultStatus(r) != PGRES_TUPLES_OK)
		die(conn, "select");
	const double elapsed = now_ms() - start;

	fprintf(stderr, "# %d rows\n", PQntuples(r));
	PQclear(r);
	return elapsed;
}

int main(int argc, char **argv)
{
	if (argc < 3 || (strcmp(argv[1], "insert") == 0 && argc != 4) ||
		(strcmp(argv[1], "insert") != 0 && strcmp(argv[1], "select") != 0))
	{
		fprintf(stderr, "usage: binary_params insert TABLE ROWS | binary_params select TABLE\n");
		return 2;
	}
	PGconn	   *conn = PQconnectdb("");

	if (PQstatus(conn) != CONNECTION_OK)
		die(conn, "connection");

	/* the columns' type decides the wire format of the parameters */
	const char *type_sql = "SELECT format_type(atttypid, NULL) FROM pg_attribute "
		"WHERE attrelid = $1::regclass AND attname = 'a'";
	const char *table = argv[2];
	PGresult   *t = PQexecParams(conn, type_sql, 1, NULL, &table, NULL, NULL, 0);

	if (PQresultStatus(t) != PGRES_TUPLES_OK || PQntuples(t) != 1)
		die(conn, "the table's column type");
	const int	int8_columns = strcmp(PQgetvalue(t, 0, 0), "bigint") == 0;

	PQclear(t);

	const double ms = strcmp(argv[1], "insert") == 0
		? insert_rows(conn, table, atol(argv[3]), int8_columns)
		: select_rows(conn, table);

	printf("Time: %.3f ms\n", ms);
	PQfinish(conn);
	return 0;
}
