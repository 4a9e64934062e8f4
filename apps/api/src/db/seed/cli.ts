/**
 * `npm run seed [-- --products N]`: migrates, seeds an empty database (with artwork) and, with --products, grows the
 * catalogue to N products with synthetic ones. Uses DATABASE_URL when set, the embedded database otherwise.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { migrate } from '../migrate';
import { addSyntheticProducts, seedIfEmpty } from './run';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const total = values.products === undefined ? undefined : Number(values.products);
if (total !== undefined && !(Number.isInteger(total) && total > 0)) {
  console.error('--products takes a whole number, e.g. --products 10000');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await migrate(database);
  const seeded = await seedIfEmpty(database, { mediaDir: config.mediaDir });
  console.log(seeded ? 'Seeded the catalogue.' : 'The catalogue was already seeded.');
  if (total !== undefined) {
    const started = performance.now();
    const added = await addSyntheticProducts(database, total);
    console.log(`Added ${added} synthetic products (${Math.round(performance.now() - started)} ms).`);
  }
} finally {
  await database.close();
}
