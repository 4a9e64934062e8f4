/** Starts the API: opens the database, migrates, seeds an empty catalogue, listens. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/run';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await migrate(database);
await seedIfEmpty(database, { mediaDir: config.mediaDir });

const app = await buildApp({ config, database });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Attar API on http://localhost:${config.port}/api/ (OpenAPI: /api/schema/), database: ${
    database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL server'
  }`,
);
