/**
 * The browser tests' mail server (e2e/playwright.config.ts starts it before the API): the test SMTP server of
 * smtp.ts on SMTP_SINK_PORT, and on SMTP_SINK_HTTP_PORT a small HTTP endpoint the tests read it through:
 * `GET /messages?to=<address>` (newest first) and `GET /health`. Loopback only; it keeps messages until it stops.
 */
import { createServer } from 'node:http';
import { startSmtpServer } from './smtp';

const smtpPort = Number(process.env.SMTP_SINK_PORT);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('Set SMTP_SINK_PORT and SMTP_SINK_HTTP_PORT');

const smtp = await startSmtpServer(smtpPort);
const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink');
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (request.method !== 'GET') return answer(405, { detail: 'GET only' });
  if (url.pathname === '/health') return answer(200, { status: 'ok' });
  const to = url.searchParams.get('to');
  if (url.pathname !== '/messages' || !to) return answer(404, { detail: 'GET /messages?to=<address>' });
  return answer(200, [...smtp.to(to)].reverse());
});
http.listen(httpPort, '127.0.0.1');

const stop = () => {
  http.close();
  void smtp.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
