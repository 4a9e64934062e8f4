import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

let nextAddress = 1;
/** A fresh public-looking client address per caller, so per-address rate limits of one test do not touch another. */
export const freshIp = () => {
  const n = nextAddress++;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

export type Call = { method?: string; url: string; body?: unknown; token?: string; headers?: Record<string, string> };

/** JSON calls to the app from one client address, optionally signed in. */
export function client(app: FastifyInstance, ip = freshIp()) {
  const call = ({ method = 'GET', url, body, token, headers = {} }: Call) =>
    app.inject({
      method: method as 'GET',
      url,
      remoteAddress: ip,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    ip,
    call,
    get: (url: string, token?: string) => call({ url, token }),
    post: (url: string, body: unknown = {}, token?: string) => call({ method: 'POST', url, body, token }),
    put: (url: string, body: unknown, token?: string) => call({ method: 'PUT', url, body, token }),
  };
}

let nextPerson = 1;
/** Sign-up fields for a new, unique shopper. */
export function newShopper() {
  const n = nextPerson++;
  return {
    name: `Shopper ${n}`,
    email: `shopper${n}.${Date.now()}@example.com`,
    phone: `010${String(10_000_000 + n * 7919 + (Date.now() % 1_000_000)).slice(-8)}`,
    password: `correct horse ${n}`,
  };
}

/** The 6-digit code in the newest development-outbox message to `recipient`. */
export async function lastCode(database: Database, recipient: string): Promise<string> {
  const [row] = await database.rows<Pick<TableRow<typeof tables.outboxMessages>, 'body'>>(sql`
    SELECT body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 1`);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was sent to ${recipient}`);
  return code;
}

/** Ends the resend cool-downs, as if a minute had passed. */
export async function skipCooldowns(database: Database) {
  await database.rows(sql`DELETE FROM rate_limit_counters WHERE key LIKE 'code-cooldown:%'`);
}
