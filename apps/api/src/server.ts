/** Starts the API: checks its settings, opens the database, migrates, seeds an empty catalogue, listens. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { configProblems, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate, whileStartingAlone } from './db/migrate';
import { seedIfEmpty } from './db/seed/run';
import { onUnhandledRejection } from './ops/process-guard';
import { createDemoOwner } from './staff/service';
import { createDemoReviews } from './reviews/demo';

const problems = configProblems(process.env);
if (problems.length) {
  // Fail closed: a production shop that lacks a setting would run with a hole (docs/security.md names each).
  console.error(
    `The API cannot start${process.env.NODE_ENV === 'production' ? ' in production' : ''}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
/**
 * A ceiling on each statement, against a runaway one holding a pooled connection. Not an outage detector (connecting
 * gives up after 3 s, db/client.ts), and far above 5 s: a back-office report or a catalogue import legitimately runs
 * for seconds (decision 0031).
 */
const STATEMENT_TIMEOUT_MS = 30_000;

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
// Demo mode's first start makes an owner to sign in to the back office with, told once here (and kept in the data
// folder, readable by this user only, for whoever missed the console).
const demoOwner = await whileStartingAlone(config.databaseUrl, async () => {
  await migrate(database);
  await seedIfEmpty(database, { mediaDir: config.mediaDir });
  if (config.mode !== 'demo') return null;
  await createDemoReviews(database);
  return createDemoOwner(database);
});
if (demoOwner) {
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path.join(config.dataDir, 'demo-owner.json'), JSON.stringify(demoOwner), { mode: 0o600 });
}

const app = await buildApp({ config, database });
process.on('unhandledRejection', onUnhandledRejection(app.log));
/**
 * Stopping. SIGTERM (a deploy, an orchestrator) drains first: for DRAIN_SECONDS `/api/ready` answers 503 `draining`
 * while everything else is served, so the balancer stops sending requests here before anything is refused. SIGINT
 * (Ctrl+C) skips the drain. Then the server closes (requests in flight finish, idle keep-alive connections close), the
 * job queue stops gracefully (jobs in flight finish), the database closes, and the process exits 0.
 * Runs once however many stop signals arrive: Ctrl+C reaches both tsx and the server, and tsx passes it on, so the
 * server may be asked twice (closing the pool twice would throw). Later signals wait for the first shutdown.
 */
let stopping: Promise<void> | undefined;
const shutdown = (drainSeconds: number) =>
  (stopping ??= (async () => {
    try {
      if (drainSeconds > 0) {
        app.startDraining();
        app.log.info(`stopping: draining for ${drainSeconds} s`);
        await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
      }
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  })());
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(config.drainSeconds));

await app.listen({ host: config.host, port: config.port });
if (config.mode === 'demo') {
  app.log.warn(
    'DEMO MODE: secrets made up at this start, codes and messages in the development outbox, card payments on the test ' +
      'gateway. Not for real shoppers: set NODE_ENV=production and the settings in docs/security.md.',
  );
}
if (demoOwner) {
  console.log(
    `\n  Back office: ${config.admin.url}/\n  Demo owner (shown once): ${demoOwner.email} / ${demoOwner.password}\n` +
      `  (also in ${path.join(config.dataDir, 'demo-owner.json')}; create staff with: npm run staff -- create --email … --role …)\n`,
  );
}
app.log.info(
  `Attar API (${config.mode}) on http://${config.host}:${config.port}/api/ (OpenAPI: /api/schema/), database: ${
    database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDir}` : 'PostgreSQL server'
  }`,
);
