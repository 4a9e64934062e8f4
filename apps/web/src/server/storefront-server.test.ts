/**
 * The storefront's own server before Next: every bad request is refused in the contract's shape and never reaches the
 * handler, and a seeded fuzz of hostile requests (NUL anywhere, long addresses, bad and huge headers, oversized and
 * unmeasured bodies), sent as raw bytes on the socket, gets 0 × 5xx. The handler here stands in for Next and answers
 * 500 when it receives what it should never have been given; e2e/storefront/security.spec.ts (at the repository's root) sends the same to the built
 * storefront. FUZZ_SEED replays a run; FUZZ_RUNS changes the number of requests.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@attar/contract/raw-answers';
import { trustedHops } from './client-address';
import { bodyLimitFor, MAX_URL_LENGTH, refusalFor } from './request-guard';
import { createStorefrontServer } from './storefront-server';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

let server: Server;
let port: number;
const reached: string[] = [];

beforeAll(async () => {
  server = createStorefrontServer(
    (request, response) => {
      reached.push(request.url ?? '');
      // What Next did with these: a bare 500.
      const broken = /%00|\0/i.test(request.url ?? '') || Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
      request.resume();
      request.on('end', () => {
        response.writeHead(broken ? 500 : 200, { 'content-type': 'text/plain' });
        response.end(broken ? 'Internal Server Error' : 'ok');
      });
    },
    { isTrusted: trustedHops('none'), logRequests: false },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: string; body: string };

/** Sends `head` (and `body`) as raw bytes and reads the answer until the server ends or answers in full. */
function send(head: string, body: Buffer | string = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', finish);
    // The server may close while a large body is still being written: the answer already read is what counts.
    socket.on('error', (error: NodeJS.ErrnoException) => (chunks.length ? finish() : reject(error)));
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${head.slice(0, 80)}`));
    });
    socket.write(head);
    if (body.length) socket.write(body);
  });
}

const get = (target: string, headers = '') => send(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`);
const post = (target: string, body: Buffer, headers = `Content-Length: ${body.length}\r\n`) =>
  send(`POST ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\n${headers}\r\n`, body);

function expectContractBody(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.headers).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(answer.body)).toEqual({ detail: expect.any(String), code });
}

describe('the storefront refuses before Next', () => {
  it('a NUL anywhere in the address, and a malformed percent-encoding: 400', async () => {
    for (const target of [
      '/en/fragrances?search=%00',
      '/fragrances?family=%00',
      '/fragrances?category_slug=oud%00',
      '/%00',
      '/api/products/?q=a%00b',
      '/en/fragrances?search=%E0%A4%A',
    ]) {
      expectContractBody(await get(target), 400, 'bad_url');
    }
    expect(reached).toEqual([]);
  });

  it('a body over the API’s limit, before passing it on: 413', async () => {
    expectContractBody(await post('/api/carts/me/items/', Buffer.alloc(MAX_BODY_BYTES + 1, 'x')), 413, 'payload_too_large');
    // Declared only: the answer does not wait for a body nobody will read.
    expectContractBody(await send(`POST /api/users/me/ HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\n\r\n`), 413, 'payload_too_large');
    expect(reached).toEqual([]);
    expect((await post('/api/carts/me/items/', Buffer.from('{}'))).status).toBe(200);
  });

  it('a body of unknown length: 411; a malformed Content-Length: 400', async () => {
    const chunked = await send('POST /api/users/me/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
    expectContractBody(chunked, 411, 'length_required');
    expect(refusalFor('/api/x/', { 'content-length': '-1' })).toMatchObject({ status: 400 });
  });

  it('an overlong address: 414; headers too large or malformed: 431 and 400, all with a body', async () => {
    expectContractBody(await get(`/en/fragrances?search=${'a'.repeat(MAX_URL_LENGTH)}`), 414, 'uri_too_long');
    expectContractBody(await get('/', `X-Big: ${'b'.repeat(20_000)}\r\n`), 431, 'headers_too_large');
    expectContractBody(await send('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'), 400, 'bad_request');
    expectContractBody(await send('NOT A REQUEST\r\n\r\n'), 400, 'bad_request');
    expectContractBody(await get('/', 'X-Nul: a\0b\r\n'), 400, 'bad_request');
  });

  it('takes the larger bodies where the API does', () => {
    expect(bodyLimitFor('/api/staff/products/imports/')).toBeGreaterThan(MAX_BODY_BYTES);
    expect(bodyLimitFor('/api/staff/media/')).toBeGreaterThan(MAX_BODY_BYTES);
    expect(bodyLimitFor('/api/users/me/')).toBe(MAX_BODY_BYTES);
  });
});

/** A small seeded generator (Numerical Recipes' linear congruential one), so a failing run replays with FUZZ_SEED. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
}

describe('fuzz: hostile requests to the storefront’s own server', () => {
  it(`answers ${RUNS} of them with 0 × 5xx, every refusal in the contract's shape (seed ${SEED})`, async () => {
    const next = random(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const paths = [
      '/',
      '/en/fragrances',
      '/ar/fragrances',
      '/fragrances',
      '/api/products/',
      '/api/carts/me/items/',
      '/api/users/me/',
      '/media/x.webp',
    ];
    const pieces = [
      '%00',
      '\0',
      '%',
      '%E0%A4%A',
      '%ZZ',
      '%2e%2e/',
      '../',
      '?',
      '&',
      '=',
      '#',
      ' ',
      '\t',
      '%20',
      'ع',
      '\u{1d4d0}',
      '\ud800',
      "'",
      '"',
      '<',
      '%0d%0a',
      '\r',
      'a'.repeat(5000),
    ];
    const headerLines = [
      '',
      'X-Nul: a\0b\r\n',
      `X-Big: ${'h'.repeat(17_000)}\r\n`,
      'Bad Header\r\n',
      'Content-Length: abc\r\n',
      'Content-Length: 1\r\nContent-Length: 2\r\n',
      'Transfer-Encoding: chunked\r\n',
      'X-Forwarded-For: \0\r\n',
      'Host: \r\n',
      'Accept-Language: \u00ff\r\n',
    ];
    const bodies = [0, 2, MAX_BODY_BYTES + 1, 3 * MAX_BODY_BYTES];
    const counts = new Map<number, number>();
    for (let run = 0; run < RUNS; run++) {
      let target = pick(paths);
      for (let count = Math.floor(next() * 4); count > 0; count--) target += pick(pieces);
      const header = pick(headerLines);
      const size = pick(bodies);
      const method = size > 0 ? 'POST' : pick(['GET', 'HEAD', 'OPTIONS', 'DELETE']);
      const declared = /Content-Length|Transfer-Encoding/.test(header) ? '' : `Content-Length: ${size}\r\n`;
      const head = `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${header}${declared}\r\n`;
      const answer = await send(head, size > 0 ? Buffer.alloc(size, 'x') : '');
      counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      const replay = `run ${run}: ${JSON.stringify(head.slice(0, 200))} + ${size} bytes`;
      expect(answer.status, replay).toBeGreaterThanOrEqual(200);
      expect(answer.status, replay).toBeLessThan(500);
      if (answer.status >= 400 && method !== 'HEAD') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(answer.body);
        } catch {
          parsed = answer.body;
        }
        expect(parsed, replay).toEqual({ detail: expect.any(String), code: expect.any(String) });
      }
    }
    expect(counts.get(200) ?? 0, 'some requests go through').toBeGreaterThan(0);
  }, 120_000);
});
