'use strict';
// TypeORM 0.3 with fastnumeric: one entity over clients.to_n (numeric) and clients.to_f
// (relabelled), without and with the recipe of docs/clients.md; start-up with a fastnumeric
// column type, reads, queries, writes, metadata, what synchronize and generated migrations do,
// migrations; prints one JSON document of what it saw, on one line, which test_typeorm.py
// asserts on.
//
//   node typeorm_client.js RECIPE_FILE   (NODE_PATH: where typeorm and pg are installed;
//                                         connection: the PG* variables)

const fs = require('fs');
const vm = require('vm');
const { DataSource, EntitySchema, MoreThan, Table } = require('typeorm');

// the recipe as a module body: it requires typeorm itself
const fastnumericEntity = vm.compileFunction(`${fs.readFileSync(process.argv[2], 'utf8')}\nreturn fastnumericEntity;`,
  ['require'])(require);

const LONG = '-98765432109876543210987654321.012345678901234567890123456789';
const rep = (v) => (v === null || v === undefined ? null : [typeof v, String(v)]);
const columns = (type) => ({
  id: { type: 'int', primary: true, generated: 'increment' }, // serial
  price: { type, precision: 12, scale: 2, nullable: true },
  qty: { type, nullable: true },
});
const plainEntity = (name, tableName, type = 'decimal') => new EntitySchema({ name, tableName, columns: columns(type) });
const source = (entities, options = {}) => new DataSource({
  type: 'postgres', host: process.env.PGHOST, port: Number(process.env.PGPORT), username: process.env.PGUSER,
  database: process.env.PGDATABASE, schema: 'clients', entities, ...options,
});
const rows = async (repo) => (await repo.find({ order: { id: 'ASC' } })).map((r) => [r.id, rep(r.price), rep(r.qty)]);
// the statements synchronize would run, which `migration:generate` writes into a migration
const pending = async (ds) => (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query);
const dbColumns = async (ds, table) => {
  const runner = ds.createQueryRunner();
  const t = await runner.getTable(`clients.${table}`);
  await runner.release();
  return t.columns.map((c) => [c.name, c.type, c.precision ?? null, c.scale ?? null]);
};

class CreateMade {
  name = 'CreateMade1700000000001';
  async up(runner) {
    await runner.createTable(new Table({ name: 'clients.to_made', columns: [
      { name: 'id', type: 'int', isPrimary: true },
      { name: 'price', type: 'fastnumeric', precision: 12, scale: 2 }, { name: 'qty', type: 'fastnumeric' }] }));
  }
  async down(runner) { await runner.dropTable('clients.to_made'); }
}

class RelabelOld {
  name = 'RelabelOld1700000000002';
  async up(runner) {
    await runner.query('CREATE TABLE clients.to_old (id int PRIMARY KEY, price numeric(12,2))');
    await runner.query('ALTER TABLE clients.to_old ALTER price TYPE fastnumeric(12,2)');
  }
  async down(runner) { await runner.query('DROP TABLE clients.to_old'); }
}

async function main() {
  const out = { without: {}, with: {} };
  try {
    await source([plainEntity('Refused', 'to_f', 'fastnumeric')]).initialize();
    out.without.refused = null;
  } catch (e) {
    out.without.refused = `${e.name}: ${e.message}`;
  }
  const plain = await source([plainEntity('ItemN', 'to_n'), plainEntity('ItemF', 'to_f')]).initialize();
  out.without.rows = { n: await rows(plain.getRepository('ItemN')), f: await rows(plain.getRepository('ItemF')) };
  out.without.pending = await pending(plain);
  await plain.destroy();
  // synchronize: true, run, over a copy of the relabelled table
  await (await source([plainEntity('ItemS', 'tos_f')], { synchronize: true }).initialize()).destroy();

  const ds = await source([plainEntity('ItemN', 'to_n'), fastnumericEntity('ItemF', 'to_f', columns('decimal'))],
    { migrations: [CreateMade, RelabelOld] }).initialize();
  out.with.pending = await pending(ds);
  for (const t of ['n', 'f']) {
    const entity = `Item${t.toUpperCase()}`;
    const repo = ds.getRepository(entity);
    const got = out.with[t] = { rows: await rows(repo), db_columns: await dbColumns(ds, `to_${t}`) };
    got.metadata = ds.getMetadata(entity).columns.map((c) => [c.propertyName, c.type, c.precision ?? null, c.scale ?? null]);
    got.bound = (await repo.find({ where: { price: MoreThan('9.99') }, order: { id: 'ASC' } })).map((r) => r.id);
    const qb = () => repo.createQueryBuilder('i');
    got.literal = (await qb().where('i.price >= 9.99').orderBy('i.id').getMany()).map((r) => r.id);
    got.order = (await qb().orderBy('i.qty', 'DESC', 'NULLS LAST').addOrderBy('i.id').getMany()).map((r) => r.id);
    const some = qb().where('i.id IN (:...ids)', { ids: [1, 6] });
    const agg = await some.clone().select('SUM(i.price)', 's').addSelect('AVG(i.price)', 'a')
      .addSelect('MAX(i.qty)', 'm').addSelect('SUM(i.price * i.qty)', 'p').getRawOne();
    got.aggregates = [rep(await repo.sum('price', { id: 1 })), rep(await repo.average('price', { id: 1 })),
      rep(agg.s), rep(agg.a), rep(agg.m), rep(agg.p)];
    await qb().update().set({ price: () => 'price * 1.1' }).where('id < 3').execute();
    await repo.save({ id: 8, price: '0.05', qty: LONG });
    await repo.update(8, { price: '-12345.675', qty: () => 'qty * 3' });
    await qb().insert().values([['1.005', 'NaN'], ['-0.00', 'Infinity'], [null, '1E-60'], ['9999999999.99', '0']]
      .map(([price, qty], i) => ({ id: 9 + i, price, qty }))).execute();
    got.written = await rows(repo);
  }
  await ds.runMigrations();
  await ds.destroy();
  console.log(JSON.stringify(out));
}

main().catch((e) => { console.error(e); process.exit(1); });
