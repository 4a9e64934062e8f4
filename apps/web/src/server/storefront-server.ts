/**
 * The storefront's HTTP server around Next's request handler (index.ts starts it with the built storefront; the tests
 * with a stand-in). Before Next sees a request: the refusals of request-guard.ts, the request id, the development
 * outbox kept out, and the visitor's address settled (client-address.ts). Node's own refusals (431 for headers too
 * large, 400 for a malformed request) get the contract's body too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { answerClientError } from '@attar/contract/raw-answers';
import { clientAddress, isDevelopmentPath, type TrustedHop } from './client-address';
import { refusalFor, type Refusal } from './request-guard';
import { isStaticPath, REQUEST_ID_HEADER, requestIdFor, requestIds } from './request-id';

type Handle = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

function refuse(request: IncomingMessage, response: ServerResponse, { status, detail, code }: Refusal) {
  const body = JSON.stringify({ detail, code });
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
  // A body nobody reads is not waited for: the answer is out, the connection ends with it.
  if (request.headers['content-length'] !== '0' && !request.complete) response.once('finish', () => request.socket.destroySoon());
}

export function createStorefrontServer(handle: Handle, options: { isTrusted: TrustedHop; logRequests: boolean }): Server {
  const { isTrusted, logRequests } = options;
  const server = createServer((request, response) => {
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
    const refusal = refusalFor(request.url, request.headers);
    if (refusal) return refuse(request, response, refusal);
    if (isDevelopmentPath(request.url)) return refuse(request, response, { status: 404, detail: 'Not found.', code: 'not_found' });
    request.headers['x-forwarded-for'] = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], isTrusted);
    delete request.headers['x-real-ip'];
    delete request.headers.forwarded;
    requestIds.run(requestId, () => void handle(request, response));
  });
  server.on('clientError', answerClientError);
  return server;
}
