'use strict';
// Sequelize 6 with fastnumeric: one model over clients.sq_n (numeric) and clients.sq_f
// (relabelled), declared DECIMAL without the recipe of docs/clients.md and FASTNUMERIC with it;
// reads, queries, writes, describeTable, sync({ alter: true }) and migrations; prints one JSON
// document of what it saw, on one line, which test_sequelize.py asserts on.
//
//   node sequelize_client.js RECIPE_FILE   (NODE_PATH: where sequelize and pg are installed;
//                                           connection: the PG* variables)

const fs = require('fs');
const vm = require('vm');
const { Sequelize, DataTypes, Op } = require('sequelize');

vm.runInThisContext(fs.readFileSync(process.argv[2], 'utf8')); // defines registerFastnumeric

const LONG = '-98765432109876543210987654321.012345678901234567890123456789';
const rep = (v) => (v === null || v === undefined ? null : [typeof v, String(v)]);
const connect = () => new Sequelize({
  dialect: 'postgres', host: process.env.PGHOST, port: process.env.PGPORT,
  username: process.env.PGUSER, database: process.env.PGDATABASE, logging: false,
});
const model = (db, table, price, qty) => db.define(table, { price, qty },
  { tableName: table, schema: 'clients', timestamps: false });
const rows = async (m) => (await m.findAll({ order: [['id', 'ASC']], raw: true }))
  .map((r) => [r.id, rep(r.price), rep(r.qty)]);
const types = async (db, table) => Object.fromEntries(Object.entries(
  await db.getQueryInterface().describeTable({ tableName: table, schema: 'clients' })).map(([k, v]) => [k, v.type]));

async function main() {
  const out = { without: {}, with: {} };
  const plain = connect();
  for (const t of ['n', 'f']) {
    const m = model(plain, `sq_${t}`, DataTypes.DECIMAL(12, 2), DataTypes.DECIMAL);
    out.without[t] = { rows: await rows(m), sum: rep(await m.sum('price')), types: await types(plain, `sq_${t}`) };
  }
  // sync({ alter: true }) of the DECIMAL model over a relabelled table
  await model(plain, 'sqa_f', DataTypes.DECIMAL(12, 2), DataTypes.DECIMAL).sync({ alter: true });
  await plain.close();

  registerFastnumeric(Sequelize);
  const db = connect();
  for (const t of ['n', 'f']) {
    const type = t === 'n' ? DataTypes.DECIMAL : DataTypes.FASTNUMERIC;
    const m = model(db, `sq_${t}`, type(12, 2), type);
    const got = out.with[t] = { rows: await rows(m), types: await types(db, `sq_${t}`) };
    const ids = async (where) => (await m.findAll({ where, order: [['id', 'ASC']], raw: true })).map((r) => r.id);
    got.escaped = await ids({ price: { [Op.gt]: '9.99' } });
    got.literal = await ids(Sequelize.literal('price >= 9.99'));
    got.bound = (await db.query(`SELECT id FROM clients.sq_${t} WHERE price > $1 ORDER BY id`,
      { bind: ['9.99'], type: 'SELECT' })).map((r) => r.id);
    got.order = (await m.findAll({ order: [['qty', 'DESC NULLS LAST'], ['id', 'ASC']], raw: true }))
      .map((r) => r.id);
    const some = { id: [1, 6] };
    const [agg] = await m.findAll({ where: some, raw: true, attributes: [
      [Sequelize.fn('avg', Sequelize.col('price')), 'a'], [Sequelize.fn('max', Sequelize.col('qty')), 'm'],
      [Sequelize.literal('sum(price * qty)'), 'p']] });
    got.aggregates = [rep(await m.sum('price', { where: some })), rep(agg.a), rep(agg.m), rep(agg.p)];
    await m.update({ price: Sequelize.literal('price * 1.1') }, { where: { id: { [Op.lt]: 3 } } });
    await m.create({ id: 8, price: '0.05', qty: LONG });
    await m.update({ price: '-12345.675', qty: Sequelize.literal('qty * 3') }, { where: { id: 8 } });
    await m.bulkCreate([['1.005', '0.5'], ['-0.00', '1E-60'], [null, 0], ['9999999999.99', 1.25]]
      .map(([price, qty], i) => ({ id: 9 + i, price, qty })));
    got.written = await rows(m);
  }
  await model(db, 'sqb_f', DataTypes.FASTNUMERIC(12, 2), DataTypes.FASTNUMERIC).sync({ alter: true });

  // migrations: a table created with FASTNUMERIC columns, a numeric column relabelled by raw SQL
  const qi = db.getQueryInterface();
  await qi.createTable({ tableName: 'sq_made', schema: 'clients' }, {
    id: { type: DataTypes.INTEGER, primaryKey: true }, price: DataTypes.FASTNUMERIC(12, 2), qty: DataTypes.FASTNUMERIC });
  await qi.createTable({ tableName: 'sq_old', schema: 'clients' }, {
    id: { type: DataTypes.INTEGER, primaryKey: true }, price: DataTypes.DECIMAL(12, 2) });
  await db.query('ALTER TABLE clients.sq_old ALTER price TYPE fastnumeric(12,2)');
  await db.close();
  console.log(JSON.stringify(out));
}

main().catch((e) => { console.error(e); process.exit(1); });
