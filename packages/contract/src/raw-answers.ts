/**
 * Answers written straight on the socket, in the contract's `{detail, code}` shape, for requests Node refuses before
 * any framework sees them (headers too large, a malformed request line, a body arriving too slowly). The API and the
 * storefront's own server both answer them so (apps/api/src/app.ts, apps/web/src/server/index.ts).
 */

/** The API's body limit for JSON calls; larger only where a route says so (MAX_IMPORT_BYTES, MAX_UPLOAD_BYTES). */
export const MAX_BODY_BYTES = 1024 * 1024;

const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large.'],
  HPE_URI_TOO_LONG: [414, 'URI Too Long', 'uri_too_long', 'The address is too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request_timeout', 'The request took too long to arrive.'],
};
const MALFORMED: [number, string, string, string] = [400, 'Bad Request', 'bad_request', 'The request is malformed.'];

/** What a server's `clientError` event needs of the socket. */
type ClientSocket = {
  writable: boolean;
  end(data: string): void;
  destroy(): void;
  /** The answer under way on the connection, which Node attaches to the socket. */
  _httpMessage?: { headersSent?: boolean } | null;
};

/**
 * A `clientError` handler: a raw HTTP answer on the socket with the contract's body, then the connection closes. When
 * an answer has already begun (a malformed body after the server answered its head), the connection just closes, as
 * Node's own handler does: a second answer would be read as part of the first.
 */
export function answerClientError(error: { code?: string }, socket: ClientSocket): void {
  if (!socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, code, detail] = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ detail, code });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${new TextEncoder().encode(body).length}\r\nConnection: close\r\n\r\n${body}`,
  );
}
