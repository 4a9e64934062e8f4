// `npm run start:fleet`: the shop as a fleet on one machine (docs/operations.md): FLEET_SIZE API processes (2 by
// default, on :8001, :8002, …) on one PostgreSQL database (DATABASE_URL) and one Redis (REDIS_URL), pictures in an
// S3-compatible bucket (S3_BUCKET and its settings, or a local s3rver started here), a round-robin balancer on :8000
// standing in for the load balancer a real deployment has, and the storefront on :3000 behind it.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT, run, startService, waitForUrl } from './lib.mjs';

for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[name]) {
    console.error(
      `A fleet shares one PostgreSQL and one Redis: set ${name} (e.g. postgres://postgres@127.0.0.1:5432/attar, redis://127.0.0.1:6379).`,
    );
    process.exit(1);
  }
}
// Started as node itself (not through npm, which does not pass a stop signal on), so stopping the fleet stops them.
const API_DIR = path.join(ROOT, 'apps/api');
const WEB_DIR = path.join(ROOT, 'apps/web');
const size = Number(process.env.FLEET_SIZE ?? 2);
const balancerPort = Number(process.env.API_PORT ?? 8000);
const webPort = process.env.WEB_PORT ?? '3000';
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data', 'fleet'));
const children = [];
let bucketServer;
const stop = async (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  await bucketServer?.close();
  process.exit(code);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// Whatever fails on the way up takes the processes already started down with it.
try {
  // One set of settings for every instance: above all one secret (codes issued by one are checked by another).
  const shared = {
    SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    // The balancer (and the storefront's server) are on this machine: trust what they say of the client's address.
    TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
    PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? `http://localhost:${balancerPort}`,
  };
  if (!process.env.S3_BUCKET) {
    const { default: S3rver } = await import('s3rver');
    const directory = path.join(dataDir, 'bucket');
    mkdirSync(directory, { recursive: true });
    bucketServer = new S3rver({ port: 4568, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'attar-media' }] });
    await bucketServer.run();
    Object.assign(shared, {
      S3_BUCKET: 'attar-media',
      S3_ENDPOINT: 'http://127.0.0.1:4568',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    console.log(`Pictures go to a local S3-compatible server (s3rver) keeping them in ${directory}`);
  }

  if (process.env.SKIP_ADMIN_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/admin']);
  const upstreams = [];
  for (let i = 1; i <= size; i++) {
    const port = balancerPort + i;
    const child = startService(
      `api-${i}`,
      process.execPath,
      ['--import', 'tsx', 'src/server.ts'],
      { ...shared, API_PORT: String(port) },
      API_DIR,
    );
    children.push(child);
    upstreams.push({ port, child });
  }
  // They start together: migrations, seeding and the job queues' set-up take turns (an advisory lock).
  await Promise.all(upstreams.map(({ port, child }) => waitForUrl(`http://127.0.0.1:${port}/api/health/`, 300_000, child)));

  let next = 0;
  const balancer = http.createServer((request, response) => {
    const { port } = upstreams[next++ % upstreams.length];
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'The API instance did not answer.', code: 'bad_gateway' }));
    });
    request.pipe(upstream);
  });
  await new Promise((resolve) => balancer.listen(balancerPort, '127.0.0.1', resolve));

  const webEnv = { API_INTERNAL_URL: `http://127.0.0.1:${balancerPort}`, NEXT_TELEMETRY_DISABLED: '1' };
  if (process.env.SKIP_WEB_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/web'], { env: webEnv });
  const web = startService('web', process.execPath, ['--import', 'tsx', 'src/server/index.ts'], { ...webEnv, PORT: webPort }, WEB_DIR);
  children.push(web);
  await waitForUrl(`http://127.0.0.1:${webPort}/`, 120_000, web);

  console.log(`
    Attar is running as a fleet of ${size} API instances
    Storefront: http://localhost:${webPort}/
    Back office and API, through the balancer: http://localhost:${balancerPort}/admin/, http://localhost:${balancerPort}/api/
    Instances: ${upstreams.map(({ port }) => `http://127.0.0.1:${port}`).join(', ')}
    Database: DATABASE_URL; rate limits: REDIS_URL; pictures: ${process.env.S3_BUCKET ? `bucket ${process.env.S3_BUCKET}` : 'the local s3rver'}
    Stop with Ctrl+C.
  `);
} catch (error) {
  console.error(error);
  await stop(1);
}
