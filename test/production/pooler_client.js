'use strict';
// node-postgres through a pooler: registers the docs/clients.md recipe on one client, then makes
// a second client hold the server connection the first one used, so that the first client's
// later queries run on another server connection; prints one JSON line of what it read.
//
//   node pooler_client.js RECIPE_FILE    (NODE_PATH: where pg is installed; the PG* variables)

const fs = require('fs');
const vm = require('vm');
const pg = require('pg');

vm.runInThisContext(fs.readFileSync(process.argv[2], 'utf8')); // defines registerFastnumeric

const rep = (v) => (v === null ? null : Array.isArray(v) ? v.map(rep)
  : [typeof v === 'object' ? v.constructor.name : typeof v, String(v)]);
const pid = async (c) => (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p;

async function main() {
  const a = new pg.Client();
  await a.connect();
  await registerFastnumeric(a);
  const first = await pid(a);
  const b = new pg.Client();
  await b.connect();
  await b.query('BEGIN');
  const held = await pid(b);
  const out = { pids: { first, held, later: await pid(a) } };
  const vals = await a.query('SELECT id, n, f, nu, fu FROM vals ORDER BY id');
  out.text = vals.rows.map((r) => ['n', 'f', 'nu', 'fu'].map((c) => rep(r[c])));
  const arrays = await a.query('SELECT na, fa FROM arrays ORDER BY id');
  out.arrays = arrays.rows.map((r) => [rep(r.na), rep(r.fa)]);
  out.params = [];
  for (const v of ['1.50', '-1234567890.12', 1.5, '0.01', 'NaN']) {
    const q = await a.query('SELECT array_agg(id ORDER BY id) AS ids, sum(f * $1) AS s FROM vals WHERE f <> $1', [v]);
    out.params.push([q.rows[0].ids, rep(q.rows[0].s)]);
  }
  const bin = await a.query({ text: 'SELECT n, f FROM vals WHERE id <= $1 ORDER BY id', values: [4], binary: true });
  out.binary = bin.rows.map((r) => [rep(r.n), rep(r.f)]);
  await b.query('COMMIT');
  await a.end();
  await b.end();
  console.log(JSON.stringify(out));
}

main().catch((e) => { console.error(e); process.exit(1); });
