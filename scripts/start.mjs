// `npm start`: the back office built, the API (migrated and seeded, embedded PGlite unless DATABASE_URL is set) on
// :8000 serving it at /admin/, then the storefront built and served on :3000.
import { ROOT, run, startService, waitForUrl } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '8000';
const webPort = process.env.WEB_PORT ?? '3000';
const apiUrl = `http://127.0.0.1:${apiPort}`;
const children = [];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// The back office is a static app the API serves at /admin/: built first, so the API finds it when it starts.
if (process.env.SKIP_ADMIN_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/admin']);
// Production runs the API as JavaScript built from its source (demo mode runs the source itself).
if (process.env.NODE_ENV === 'production') run('npm', ['run', 'build', '-w', '@attar/api']);
const api = startService('api', 'npm', ['start', '-w', '@attar/api'], { API_PORT: apiPort });
children.push(api);
console.log(`Starting the API on ${apiUrl} (first start seeds the catalogue and renders its artwork)…`);
await waitForUrl(`${apiUrl}/api/health/`, 300_000, api);

const webEnv = { API_INTERNAL_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' };
if (process.env.SKIP_WEB_BUILD !== '1') run('npm', ['run', 'build', '-w', '@attar/web'], { env: webEnv });
// The storefront's own server (apps/web/src/server): it passes the visitor's real address on to the API.
const web = startService('web', 'npm', ['start', '-w', '@attar/web'], { ...webEnv, PORT: webPort });
children.push(web);
await waitForUrl(`http://127.0.0.1:${webPort}/`, 120_000, web);

console.log(`
  Attar is running
  Storefront: http://localhost:${webPort}/   (Arabic: http://localhost:${webPort}/ar)
  Back office: http://localhost:${apiPort}/admin/   (the demo owner's first password is printed above, and kept in .data/demo-owner.json)
  API:        http://localhost:${apiPort}/api/   (OpenAPI: http://localhost:${apiPort}/api/schema/)
  Data:       ${process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `${ROOT}.data/ (embedded PGlite)`}
  Stop with Ctrl+C.
`);
