/**
 * Serves the built storefront (`npm start`, the browser tests, the bench). Before Next sees a request, the visitor's
 * address is settled here: X-Forwarded-For is replaced with the connection's address (or the trusted proxies' word,
 * TRUST_PROXY), and X-Real-IP and Forwarded are dropped, so the API's per-address limits cannot be dodged by a header.
 * Paths under /api/dev/ (the API's development outbox) are never passed on. Production refuses to start without its
 * public address (settings.ts).
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientAddress, isDevelopmentPath, trustedHops } from './client-address';
import { isStaticPath, logsRequests, REQUEST_ID_HEADER, requestIdFor, requestIds } from './request-id';
import { settingsProblems } from './settings';

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

const logRequests = logsRequests(process.env.LOG_LEVEL);

createServer((request, response) => {
  const started = performance.now();
  const requestId = requestIdFor(request.headers[REQUEST_ID_HEADER], isTrusted(request.socket.remoteAddress ?? '', 0));
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  // Pages and what is passed to the API; the build's files and pictures are not worth a line each.
  if (logRequests && !isStaticPath(request.url)) {
    response.once('finish', () => {
      const line = {
        level: 30,
        time: Date.now(),
        reqId: requestId,
        method: request.method,
        url: request.url,
        statusCode: response.statusCode,
      };
      console.log(JSON.stringify({ ...line, responseTime: Math.round(performance.now() - started), msg: 'request completed' }));
    });
  }
  if (isDevelopmentPath(request.url)) {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ detail: 'Not found.', code: 'not_found' }));
    return;
  }
  request.headers['x-forwarded-for'] = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], isTrusted);
  delete request.headers['x-real-ip'];
  delete request.headers.forwarded;
  requestIds.run(requestId, () => void handle(request, response));
}).listen(port, process.env.HOST, () => console.log(`Storefront on http://localhost:${port}/`));
