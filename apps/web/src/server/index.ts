/**
 * Serves the built storefront (`npm start`, the browser tests, the bench). Before Next sees a request, the visitor's
 * address is settled here: X-Forwarded-For is replaced with the connection's address (or the trusted proxies' word,
 * TRUST_PROXY), and X-Real-IP and Forwarded are dropped, so the API's per-address limits cannot be dodged by a header.
 * Paths under /api/dev/ (the API's development outbox) are never passed on, and bad requests are refused in the
 * contract's shape before Next sees them (storefront-server.ts). Production refuses to start without its public
 * address (settings.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustedHops } from './client-address';
import { logsRequests } from './request-id';
import { settingsProblems } from './settings';
import { createStorefrontServer } from './storefront-server';

const problems = settingsProblems(process.env);
if (problems.length > 0) {
  console.error(`The storefront cannot start in production:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
// A built storefront runs as production, whatever mode the API is in (as `next start` does).
Object.assign(process.env, { NODE_ENV: 'production' });
const { default: next } = await import('next');

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.PORT ?? 3000);
const isTrusted = trustedHops(process.env.TRUST_PROXY);

// Next builds its own absolute URLs (the locale rewrite) from this name: 'localhost', as `next start` does.
const app = next({ dev: false, dir, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

createStorefrontServer(handle, { isTrusted, logRequests: logsRequests(process.env.LOG_LEVEL) }).listen(port, process.env.HOST, () =>
  console.log(`Storefront on http://localhost:${port}/`),
);
