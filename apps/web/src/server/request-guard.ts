/**
 * What the storefront's own server refuses before Next sees a request, each in the contract's `{detail, code}` shape:
 * a body larger than the API would take (413, checked before it is passed on: the API's refusal mid-upload would
 * otherwise surface as a bare 500), a body of unknown length (411: browsers always send Content-Length), an address
 * holding a NUL or a malformed percent-encoding (400), and an overlong address (414). Node's own refusals (headers too
 * large, a malformed request line) are answered by `answerClientError` (@attar/contract/raw-answers).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { MAX_IMPORT_BYTES, MAX_UPLOAD_BYTES } from '@attar/contract';
import { MAX_BODY_BYTES } from '@attar/contract/raw-answers';

/** Longer addresses are refused with 414; the longest a page or an API call of the shop makes is far shorter. */
export const MAX_URL_LENGTH = 8 * 1024;

export type Refusal = { status: number; detail: string; code: string };

/** The API's body limit for a path: the catalogue import and picture uploads take more than the 1 MB of the others. */
export function bodyLimitFor(pathname: string): number {
  if (/^\/api\/staff\/products\/imports\/?$/.test(pathname)) return MAX_IMPORT_BYTES;
  if (/^\/api\/staff\/media\/?$/.test(pathname)) return MAX_UPLOAD_BYTES;
  return MAX_BODY_BYTES;
}

function decodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Why the request is refused, or `undefined` when it may go on to Next. */
export function refusalFor(url: string | undefined, headers: IncomingHttpHeaders): Refusal | undefined {
  const address = url ?? '/';
  if (address.length > MAX_URL_LENGTH) return { status: 414, detail: 'The address is too long.', code: 'uri_too_long' };
  if (/%00|\0/i.test(address) || !decodable(address)) return { status: 400, detail: 'The address is malformed.', code: 'bad_url' };
  const declared = headers['content-length'];
  if (declared === undefined) {
    if (headers['transfer-encoding'] !== undefined) {
      return { status: 411, detail: 'Send the body with its Content-Length.', code: 'length_required' };
    }
    return undefined;
  }
  if (!/^\d+$/.test(declared)) return { status: 400, detail: 'The Content-Length is malformed.', code: 'bad_request' };
  const pathname = address.split('?')[0]!;
  if (Number(declared) > bodyLimitFor(pathname)) {
    return { status: 413, detail: 'The request body is too large.', code: 'payload_too_large' };
  }
  return undefined;
}
