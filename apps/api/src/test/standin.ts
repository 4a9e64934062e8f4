/**
 * A provider stand-in on loopback (an SMS gateway, WhatsApp's Graph API): records each request and answers it with the
 * next status given (200 once they run out), `accepted` for a 200 (given how many requests came) or `refused` otherwise.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export function useProviderStandIn(pathname: string, accepted: (count: number) => object, refused: object) {
  const standIn = { url: '', statuses: [] as number[], requests: [] as { url: string; headers: IncomingHttpHeaders; body: string }[] };
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        standIn.requests.push({ url: request.url ?? '', headers: request.headers, body });
        const status = standIn.statuses.shift() ?? 200;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(status === 200 ? accepted(standIn.requests.length) : refused));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return standIn;
}

/** A stand-in SMS gateway: `{id}` for a message taken. */
export const useSmsGateway = () => useProviderStandIn('/sms', (count) => ({ id: `gw-${count}` }), { error: 'down' });
