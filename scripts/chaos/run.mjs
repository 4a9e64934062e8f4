// `npm run chaos`: the fleet under faults (docs/operations.md). A fresh PostgreSQL database (chaos_*, dropped at the
// end), a Redis of its own, two instances of the production bundle behind HAProxy (scripts/fleet.mjs), mail and SMS
// sinks that count what arrives; then, one after the other, each under a bounded order load from shoppers who retry
// with the same Idempotency-Key: an instance killed, an instance stopped, Redis stopped, PostgreSQL's connections
// terminated, a rolling restart. After each, the checks of checks.mjs. Exits non-zero when any check failed.
// `npm run chaos -- --record` also writes its figures into docs/benchmarks.md (the fleet's section).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureHaproxy, run } from '../lib.mjs';
import { query, serverVersion } from '../bench/database.mjs';
import { startDeliverySinks } from '../bench/delivery-sinks.mjs';
import { prepareOrders } from '../bench/order-bench.mjs';
import { cleanUp, freePort, onCleanup } from '../bench/processes.mjs';
import { machineInfo, markdownTable, measuredLine, recordSection } from '../bench/report.mjs';
import { startFleet } from '../fleet.mjs';
import { checkPhase, lastOrderId, recordRestock } from './checks.mjs';
import { startLoad } from './load.mjs';
import { startRedis } from './redis.mjs';

/** A database on the server the suite may create databases on (it makes chaos_* there and drops it). */
const SERVER_URL = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 4);
/** Load before the fault and after it is over, so each fault lands on orders in flight and the recovery is measured. */
const LEAD_MS = 3000;
const TAIL_MS = 4000;
/** How long Redis stays stopped, and a killed instance dead, before they are started again. */
const OUTAGE_MS = 4000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each fault: what it does, and what it finds wrong itself (an instance told to stop that did not exit 0). */
const FAULTS = [
  {
    name: 'SIGKILL an instance',
    async inject({ fleet }) {
      const [instance] = fleet.instances;
      await fleet.stopInstance(instance, 'SIGKILL');
      await sleep(OUTAGE_MS);
      await fleet.startInstance(instance);
      return [];
    },
  },
  {
    name: 'SIGTERM an instance',
    async inject({ fleet }) {
      const instance = fleet.instances[1];
      const exit = await fleet.stopInstance(instance, 'SIGTERM');
      await fleet.startInstance(instance);
      return exit.code === 0 ? [] : [`${instance.name} exited ${exit.code ?? exit.signal} on SIGTERM, not 0`];
    },
  },
  {
    name: 'Redis stopped, started',
    async inject({ redis }) {
      await redis.stop();
      await sleep(OUTAGE_MS);
      await redis.start();
      return [];
    },
  },
  {
    name: 'PostgreSQL connections ended',
    async inject({ database }) {
      const ended = await query(
        SERVER_URL,
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database.name],
      );
      return ended.length > 0 ? [] : ['no connection of the fleet to terminate'];
    },
  },
  {
    name: 'rolling restart',
    async inject({ fleet }) {
      const exits = await fleet.rollingRestart();
      return exits.filter((e) => e.code !== 0).map((e) => `${e.name} exited ${e.code ?? e.signal} in the rolling restart, not 0`);
    },
  },
];

async function createDatabase() {
  const name = `chaos_${randomBytes(5).toString('hex')}`;
  await query(SERVER_URL, `CREATE DATABASE ${name}`);
  onCleanup(`drop database ${name}`, () => query(SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** The sinks, keeping every message's recipient, id, time and (for an SMS) the order number its text names. */
async function countingSinks() {
  const received = [];
  const settings = await startDeliverySinks({
    onEmail: ({ to, id }) => {
      for (const recipient of to) received.push({ channel: 'email', to: recipient, id, at: Date.now() });
    },
    onSms: ({ to, text, id }) => received.push({ channel: 'sms', to, id, orderNumber: /AT\d+/.exec(text ?? '')?.[0], at: Date.now() }),
  });
  return { settings, received };
}

/** The first port from `start` on where it and the `count - 1` after it are free (HAProxy, then the instances). */
async function freeRun(start, count) {
  for (let base = start; base < start + 50; base++) {
    const ports = await Promise.all(Array.from({ length: count }, (_, i) => freePort(base + i)));
    if (ports.every((port, i) => port === base + i)) return base;
  }
  throw new Error(`no ${count} free ports in a row from ${start}`);
}

const seconds = (ms) => (ms / 1000).toFixed(1);

const lagText = (v) => (Number.isNaN(v) ? '–' : v.toFixed(2));

/** One fault's figures: what the shoppers saw, what HAProxy sent again for them, and how late their messages were. */
function faultFigures(name, load, balancer, check, extra) {
  const failed = load.attempts.filter((a) => a.status !== 201);
  return {
    name,
    requests: load.attempts.length,
    acknowledged: load.acknowledged.length,
    abandoned: load.abandoned.length,
    rawFailures: failed.length,
    // The clients record their attempts as they end, not in the order they began: the window spans the extremes.
    window: failed.length ? seconds(Math.max(...failed.map((a) => a.at)) - Math.min(...failed.map((a) => a.at))) : '0.0',
    ...balancer,
    resent: check.resent,
    lag: `${lagText(check.lag.p50)} / ${lagText(check.lag.p95)} / ${lagText(check.lag.max)} s`,
    failures: [...extra, ...check.failures],
  };
}

function summaryLine(f) {
  return (
    `${f.failures.length ? 'FAIL' : 'ok  '} ${f.name.padEnd(30)} requests ${f.requests}, orders ${f.acknowledged} ` +
    `acknowledged / ${f.abandoned} failed after retries, raw failures ${f.rawFailures} ` +
    `(window ${f.window} s), HAProxy retries ${f.retries} (${f.redispatches} to the other instance), ` +
    `message lag p50/p95/max ${f.lag}, sent again with the same id ${f.resent}` +
    f.failures.map((failure) => `\n       - ${failure}`).join('')
  );
}

const FIGURES_HEADER = [
  'Fault',
  'Orders acknowledged',
  'Failed after retries',
  'Raw failures (window)',
  'HAProxy retries (to the other instance)',
  'Message lag p50 / p95 / max',
  'Sent again, same id',
  'Checks',
];

/** The fleet's section of docs/benchmarks.md. */
async function recordFigures(figures, measuredAt) {
  const machine = machineInfo(await serverVersion());
  const rows = figures.map((f) => [
    f.name,
    String(f.acknowledged),
    String(f.abandoned),
    `${f.rawFailures} (${f.window} s)`,
    `${f.retries} (${f.redispatches})`,
    f.lag,
    String(f.resent),
    f.failures.length ? `FAIL: ${f.failures.join('; ')}` : 'PASS',
  ]);
  recordSection(
    'fleet',
    `## The fleet under faults (two instances behind HAProxy, \`npm run chaos\`)

${measuredLine(measuredAt.date, machine, measuredAt.loadAverage)}

${markdownTable(FIGURES_HEADER, rows)}

Goals: killing an instance under order load costs the shoppers at most 1 s of failed requests; a rolling restart none.
${CLIENTS} signed-in shoppers place cash-on-delivery orders, each retrying with its \`Idempotency-Key\` until answered 201;
"raw failures" are the answers they got before retrying, their window the first to the last. "Checks" are the suite's:
no acknowledged order lost or doubled, stock and points equal to their ledgers, each confirmation e-mail and SMS
received once, the outbox drained, no instance exited untold (docs/operations.md). "Sent again, same id": a message
the provider had accepted when its instance was killed, before the send was recorded, sent again once its lease ran
out with the Message-ID or Idempotency-Key it had, so the shopper is shown it once (decision 0032). Before HAProxy, the round-robin
stand-in answered 502 to half the requests for the 29 s a killed instance was down.`,
  );
}

async function main() {
  // CHAOS_API_DIR runs another build of the API (e.g. an older one, to compare): its directory, dist/ built.
  const apiDir = process.env.CHAOS_API_DIR ? path.resolve(process.env.CHAOS_API_DIR) : undefined;
  if (!apiDir && process.env.CHAOS_SKIP_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/api']);
  ensureHaproxy();
  const database = await createDatabase();
  const redis = await startRedis(await freePort(6380));
  const sinks = await countingSinks();
  const balancerPort = await freeRun(8440, 3);
  console.log(
    `Chaos: database ${database.name}, ${redis.url}, HAProxy on :${balancerPort}, instances on :${balancerPort + 1}, :${balancerPort + 2}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'attar-chaos-'));
  onCleanup('remove the data directory', () => rmSync(dataDir, { recursive: true, force: true }));
  const fleet = await startFleet({
    size: 2,
    port: balancerPort,
    apiDir,
    env: {
      ...sinks.settings,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SECRET_KEY: randomBytes(32).toString('base64url'),
      ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://localhost:${balancerPort}`,
      CARD_PAYMENTS: 'off',
      TRUST_PROXY: 'loopback',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });

  // Shoppers signed in, with an address and a cart each: more than the whole run can use.
  const orders = await prepareOrders(database.url, 15, 150);
  await recordRestock(database.url);

  const measuredAt = { date: new Date(), loadAverage: os.loadavg()[0] };
  const figures = [];
  let failedFaults = 0;
  // Exits are charged to the fault during or after which they happened (up to the next one's checks).
  let exitsSeen = 0;
  for (const fault of FAULTS) {
    // An instance that died of the last fault (counted there) starts again: each fault begins with the whole fleet.
    for (const instance of fleet.instances) {
      if (instance.child.exitCode !== null || instance.child.signalCode !== null) await fleet.startInstance(instance);
    }
    await fleet.untilAllUp();
    const sinceOrderId = await lastOrderId(database.url);
    console.log(`Chaos: ${fault.name}, under load from ${CLIENTS} shoppers…`);
    const retriesBefore = await fleet.retries();
    const load = startLoad(fleet.origin, orders, CLIENTS);
    await sleep(LEAD_MS);
    const extra = await fault.inject({ fleet, redis, database });
    await sleep(TAIL_MS);
    const seen = await load.stop();
    const retriesAfter = await fleet.retries();
    const balancer = {
      retries: retriesAfter.retries - retriesBefore.retries,
      redispatches: retriesAfter.redispatches - retriesBefore.redispatches,
    };
    const check = await checkPhase(database.url, {
      sinceOrderId,
      load: seen,
      received: sinks.received,
      exits: fleet.unexpectedExits.slice(exitsSeen),
    });
    exitsSeen = fleet.unexpectedExits.length;
    const figure = faultFigures(fault.name, seen, balancer, check, extra);
    console.log(summaryLine(figure));
    figures.push(figure);
    if (figure.failures.length) failedFaults++;
  }
  console.log(`\nChaos summary (${CLIENTS} shoppers, 2 instances behind HAProxy):\n${figures.map(summaryLine).join('\n')}`);
  if (process.argv.includes('--record')) await recordFigures(figures, measuredAt);
  console.log(`${FAULTS.length - failedFaults} passed, ${failedFaults} failed`);
  return failedFaults === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(code);
