'use strict';
// node-postgres with fastnumeric: reads clients.vals and clients.arrays without and with the
// recipe of docs/clients.md, text and binary, sends parameters, writes rows and COPYs
// (pg-copy-streams); prints one JSON document of what it saw, on one line, which test_node.py
// asserts on.
//
//   node node_client.js RECIPE_FILE     (NODE_PATH: where pg and pg-copy-streams are installed;
//                                        connection: the PG* variables)

const fs = require('fs');
const vm = require('vm');
const { pipeline } = require('stream/promises');
const { Readable, Writable } = require('stream');
const pg = require('pg');
const copyStreams = require('pg-copy-streams');

vm.runInThisContext(fs.readFileSync(process.argv[2], 'utf8')); // defines registerFastnumeric

const COLUMNS = ['n', 'f', 'nu', 'fu'];

// a value as [type, text]; arrays element by element
const rep = (v) => (v === null ? null : Array.isArray(v) ? v.map(rep)
  : [typeof v === 'object' ? v.constructor.name : typeof v, String(v)]);

// binary results need the extended protocol, which node-postgres uses for queries with parameters
async function columns(client, binary) {
  const out = {};
  const mode = binary ? { binary, queryMode: 'extended' } : {};
  const vals = await client.query({ text: `SELECT ${COLUMNS} FROM clients.vals ORDER BY id`, ...mode });
  for (const c of COLUMNS) out[c] = vals.rows.map((r) => rep(r[c]));
  const arrays = await client.query({ text: 'SELECT na, fa FROM clients.arrays ORDER BY id', ...mode });
  for (const c of ['na', 'fa']) out[c] = arrays.rows.map((r) => rep(r[c]));
  return out;
}

async function copyOut(client, sql) {
  const chunks = [];
  await pipeline(client.query(copyStreams.to(sql)), new Writable({
    write(chunk, _encoding, done) { chunks.push(chunk); done(); },
  }));
  return Buffer.concat(chunks).toString();
}

async function main() {
  const out = {};
  const plain = new pg.Client();
  await plain.connect();
  out.without = { text: await columns(plain, false), binary: await columns(plain, true) };
  await plain.end();

  const client = new pg.Client();
  await client.connect();
  await registerFastnumeric(client);
  out.with = { text: await columns(client, false), binary: await columns(client, true) };

  // strings (numeric's text: what node-postgres gives for numeric), numbers and null, sent as
  // untyped text parameters, in col = $1 and col * $1
  const values = (await client.query('SELECT nu FROM clients.vals ORDER BY id')).rows.map((r) => r.nu);
  values.push(1.5, 0.1, 42);
  out.params = {};
  for (const c of COLUMNS) {
    out.params[c] = [];
    for (const v of values) {
      const ids = await client.query(`SELECT array_agg(id ORDER BY id) AS ids FROM clients.vals WHERE ${c} = $1`, [v]);
      const products = await client.query(`SELECT ${c} * $1 AS p FROM clients.vals ORDER BY id`, [v]);
      out.params[c].push([rep(ids.rows[0].ids), products.rows.map((r) => rep(r.p))]);
    }
  }

  const rows = (await client.query('SELECT id, n, nu FROM clients.vals ORDER BY id')).rows;
  for (const r of rows) {
    await client.query('INSERT INTO clients.w_node VALUES ($1, $2, $3, $4, $5)', [r.id, r.n, r.n, r.nu, r.nu]);
  }
  out.written = rows.length;

  // COPY text: numeric's rows into both types, and each type's rows out
  const text = await copyOut(client, 'COPY (SELECT id, n, n, nu, nu FROM clients.vals ORDER BY id) TO STDOUT');
  await pipeline(Readable.from([text]), client.query(copyStreams.from('COPY clients.c_node FROM STDIN')));
  out.copy_out = {
    numeric: text,
    fastnumeric: await copyOut(client, 'COPY (SELECT id, f, f, fu, fu FROM clients.vals ORDER BY id) TO STDOUT'),
  };
  await client.end();
  console.log(JSON.stringify(out));
}

main().catch((e) => { console.error(e); process.exit(1); });
