// `npm run start:fleet`: the shop as a fleet on one machine (docs/operations.md): FLEET_SIZE API processes (2 by
// default, on :8001, :8002, …) running the production bundle on one PostgreSQL database (DATABASE_URL) and one Redis
// (REDIS_URL), HAProxy on :8000 in front of them (health checks on /api/ready, retries of what is safe to repeat), and
// the storefront on :3000 behind it. Pictures go to an S3-compatible bucket (S3_BUCKET and its settings, or a local
// s3rver started here). `kill -HUP <pid>` restarts the instances one at a time. The chaos suite (scripts/chaos/)
// starts the same fleet through `startFleet`.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHaproxy, ROOT, run, startService, waitForUrl } from './lib.mjs';
import { cleanUp, onCleanup, stopProcessTree } from './bench/processes.mjs';

const API_DIR = path.join(ROOT, 'apps/api');
const TEMPLATE = path.join(ROOT, 'scripts/fleet-haproxy.cfg');
/** How long an instance may take to start (migrations and the seed on a first start) or to stop (its drain and work in flight). */
const START_MS = 300_000;
const STOP_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The HAProxy configuration for a balancer on `port` in front of `instances`, from the one template. */
export function haproxyConfig(port, instances, statsSocket) {
  const servers = instances.map(({ name, port: p }) => `    server ${name} 127.0.0.1:${p}`).join('\n');
  return readFileSync(TEMPLATE, 'utf8')
    .replace('{{BIND}}', `127.0.0.1:${port}`)
    .replace('{{STATS_SOCKET}}', statsSocket)
    .replace('{{SERVERS}}', servers);
}

/** HAProxy's statistics for the `api` backend, one object per row (its servers, then BACKEND), from its stats socket. */
async function backendStats(statsSocket) {
  const socket = net.connect(statsSocket);
  await once(socket, 'connect');
  socket.end('show stat\n');
  let csv = '';
  for await (const chunk of socket) csv += chunk;
  const [header, ...lines] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header.split(',');
  return lines
    .map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])))
    .filter((row) => row.pxname === 'api' && row.svname !== 'FRONTEND');
}

/** Each server's status as HAProxy sees it: name → UP, DOWN, MAINT, "UP 1/2"… */
async function serverStates(statsSocket) {
  const rows = await backendStats(statsSocket);
  return new Map(rows.filter((row) => row.svname !== 'BACKEND').map((row) => [row.svname, row.status]));
}

/**
 * Starts `size` instances of the production bundle (`apiDir`/dist, built beforehand) on ports `port`+1… with `env`
 * (NODE_ENV=production: they refuse to start without production's settings), and HAProxy on `port`. Resolves once
 * every instance is ready and HAProxy counts it UP. Every process is stopped at clean-up.
 */
export async function startFleet({ size, port, env, apiDir = API_DIR }) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'attar-fleet-'));
  const statsSocket = path.join(workDir, 'haproxy.sock');
  const instances = Array.from({ length: size }, (_, i) => ({ name: `api-${i + 1}`, port: port + 1 + i, child: null, stopping: false }));
  /** Instances (and HAProxy) that exited without being told to: `{ name, code, signal }`. */
  const unexpectedExits = [];

  const launch = async (instance) => {
    instance.stopping = false;
    const child = startService(
      instance.name,
      process.execPath,
      ['scripts/start.mjs'],
      { ...env, NODE_ENV: 'production', API_PORT: String(instance.port) },
      apiDir,
    );
    instance.child = child;
    child.once('exit', (code, signal) => {
      if (!instance.stopping) unexpectedExits.push({ name: instance.name, code, signal });
    });
    await waitForUrl(`http://127.0.0.1:${instance.port}/api/ready/`, START_MS, child);
  };

  const untilUp = async (names, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await serverStates(statsSocket).catch(() => new Map());
      if (names.every((name) => states.get(name) === 'UP')) return;
      if (Date.now() > deadline) throw new Error(`HAProxy does not count ${names.join(', ')} UP: ${JSON.stringify([...states])}`);
      await sleep(200);
    }
  };

  /** Sends `signal` to an instance and waits for it to exit; answers how it exited. */
  const stopInstance = async (instance, signal = 'SIGTERM') => {
    const { child } = instance;
    instance.stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill(signal);
      await Promise.race([exited, sleep(STOP_MS)]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    return { code: child.exitCode, signal: child.signalCode };
  };

  const fleet = {
    origin: `http://127.0.0.1:${port}`,
    instances,
    unexpectedExits,
    states: () => serverStates(statsSocket),
    /** Requests HAProxy sent again so far: `retries` (wretr) and `redispatches` (wredis), over the whole backend. */
    async retries() {
      const backend = (await backendStats(statsSocket)).find((row) => row.svname === 'BACKEND');
      return { retries: Number(backend.wretr), redispatches: Number(backend.wredis) };
    },
    untilAllUp: () => untilUp(instances.map((i) => i.name)),
    stopInstance,
    /** Starts a stopped instance again and waits until HAProxy sends it requests. */
    async startInstance(instance) {
      await launch(instance);
      await untilUp([instance.name]);
    },
    /** One instance at a time: SIGTERM (it drains, then exits), start again, wait until HAProxy counts it UP. */
    async rollingRestart() {
      const exits = [];
      for (const instance of instances) {
        exits.push({ name: instance.name, ...(await stopInstance(instance)) });
        await fleet.startInstance(instance);
      }
      return exits;
    },
  };

  onCleanup('stop the fleet', async () => {
    await Promise.all(instances.filter((i) => i.child).map((i) => ((i.stopping = true), stopProcessTree(i.child, STOP_MS))));
    rmSync(workDir, { recursive: true, force: true });
  });
  // They start together: migrations, seeding and the job queues' set-up take turns (an advisory lock).
  await Promise.all(instances.map(launch));

  const haproxy = ensureHaproxy();
  const configFile = path.join(workDir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(port, instances, statsSocket));
  run(haproxy, ['-c', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  // In the foreground: its warnings (an instance DOWN, UP again) on the fleet's output.
  const balancer = startService('haproxy', haproxy, ['-db', '-f', configFile]);
  let balancerStopping = false;
  balancer.once('exit', (code, signal) => {
    if (!balancerStopping) unexpectedExits.push({ name: 'haproxy', code, signal });
  });
  onCleanup('stop HAProxy', () => ((balancerStopping = true), stopProcessTree(balancer)));
  await waitForUrl(`${fleet.origin}/api/health/`, 30_000, balancer);
  await fleet.untilAllUp();
  return fleet;
}

async function main() {
  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    if (!process.env[name]) {
      console.error(
        `A fleet shares one PostgreSQL and one Redis: set ${name} (e.g. postgres://postgres@127.0.0.1:5432/attar, redis://127.0.0.1:6379).`,
      );
      process.exit(1);
    }
  }
  const size = Number(process.env.FLEET_SIZE ?? 2);
  const balancerPort = Number(process.env.API_PORT ?? 8000);
  const webPort = process.env.WEB_PORT ?? '3000';
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data', 'fleet'));
  // Production's settings (SECRET_KEY, PUBLIC_URL, SMTP_URL, …) come from the environment: the instances refuse to
  // start without them. Only what describes this machine's layout has a default.
  const shared = {
    DATA_DIR: dataDir,
    // The balancer (and the storefront's server) are on this machine: trust what they say of the client's address.
    TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
    PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? `http://localhost:${balancerPort}`,
  };
  if (process.env.FLEET_SINKS === '1') {
    // Asked for by name: mail and SMS go to sinks on the loopback that accept everything and deliver nothing.
    const { startDeliverySinks } = await import('./bench/delivery-sinks.mjs');
    Object.assign(shared, await startDeliverySinks());
    console.log(`FLEET_SINKS=1: e-mail to ${shared.SMTP_URL} and SMS to ${shared.SMS_GATEWAY_URL}, which deliver nothing.`);
  }
  if (!process.env.S3_BUCKET) {
    const { default: S3rver } = await import('s3rver');
    const directory = path.join(dataDir, 'bucket');
    mkdirSync(directory, { recursive: true });
    const bucketServer = new S3rver({
      port: 4568,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'attar-media' }],
    });
    await bucketServer.run();
    onCleanup('stop s3rver', () => bucketServer.close());
    Object.assign(shared, {
      S3_BUCKET: 'attar-media',
      S3_ENDPOINT: 'http://127.0.0.1:4568',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    console.log(`Pictures go to a local S3-compatible server (s3rver) keeping them in ${directory}`);
  }

  if (process.env.SKIP_ADMIN_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/admin']);
  if (process.env.SKIP_API_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/api']);
  const fleet = await startFleet({ size, port: balancerPort, env: shared });

  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting) return;
    restarting = true;
    console.log('SIGHUP: restarting the instances one at a time…');
    fleet
      .rollingRestart()
      .then(
        (exits) => console.log(`Rolling restart done: ${exits.map((e) => `${e.name} exited ${e.code ?? e.signal}`).join(', ')}.`),
        (error) => console.error(`Rolling restart failed: ${error.message}`),
      )
      .finally(() => (restarting = false));
  });

  const webEnv = { API_INTERNAL_URL: `http://127.0.0.1:${balancerPort}`, NEXT_TELEMETRY_DISABLED: '1' };
  if (process.env.SKIP_WEB_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/web'], { env: webEnv });
  const web = startService(
    'web',
    process.execPath,
    ['--import', 'tsx', 'src/server/index.ts'],
    { ...webEnv, PORT: webPort },
    path.join(ROOT, 'apps/web'),
  );
  onCleanup('stop the storefront', () => stopProcessTree(web));
  await waitForUrl(`http://127.0.0.1:${webPort}/`, 120_000, web);

  console.log(`
    Attar is running as a fleet of ${size} API instances (production bundle) behind HAProxy
    Storefront: http://localhost:${webPort}/
    Back office and API, through HAProxy: http://localhost:${balancerPort}/admin/, http://localhost:${balancerPort}/api/
    Instances: ${fleet.instances.map(({ port }) => `http://127.0.0.1:${port}`).join(', ')}
    Database: DATABASE_URL; rate limits: REDIS_URL; pictures: ${process.env.S3_BUCKET ? `bucket ${process.env.S3_BUCKET}` : 'the local s3rver'}
    Rolling restart: kill -HUP ${process.pid}. Stop with Ctrl+C.
  `);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Whatever fails on the way up takes the processes already started down with it.
  main().catch(async (error) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
}
