import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const a = await PGlite.create();
await a.query('create table t(x int)');
console.log('fresh memory', Date.now() - t, 'ms');
t = Date.now();
const dump = await a.dumpDataDir('none');
console.log('dump', Date.now() - t, 'ms', dump.size);
t = Date.now();
const b = await PGlite.create({ loadDataDir: dump });
console.log('from dump', Date.now() - t, 'ms', (await b.query('select count(*) from t')).rows);
console.log((await b.query('select now()::timestamptz as n, \'{"a":1}\'::jsonb as j')).rows);
const r = await b.query('select $1::jsonb as j', [JSON.stringify(['x'])]);
console.log(r.rows);
