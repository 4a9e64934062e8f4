/** Staff for tests: a member of a given role, signed in through the API, and calls made with their cookie and CSRF token. */
import { sql } from 'drizzle-orm';
import { StaffOrder, StaffProductSave, StaffSession, type StaffProduct, type StaffRole } from '@attar/contract';
import { hashPassword } from '../accounts/passwords';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { TestApp } from './app';
import { freshIp } from './client';

export const STAFF_PASSWORD = 'a long staff password';
let nextMember = 1;

/** Creates a member with a password (no link) and their authenticator secret when given. */
export async function createStaff(t: TestApp, role: StaffRole, options: { totpSecret?: string } = {}) {
  const email = `${role}${nextMember++}.${Date.now()}@staff.test`;
  const row = oneRow(
    await t.db.database.rows<Pick<TableRow<typeof tables.staffMembers>, 'id'>>(sql`
      INSERT INTO staff_members (email, name, role, password_hash, totp_secret, totp_enabled_at)
      VALUES (${email}, ${`Test ${role}`}, ${role}, ${await hashPassword(STAFF_PASSWORD)}, ${options.totpSecret ?? null},
        ${options.totpSecret ? sql`now()` : null})
      RETURNING id`),
  );
  return { id: row.id, email };
}

/** The save of `product` as it is, every size at `price`: the body of `PUT /api/staff/products/{id}/`. */
export const repricedProduct = (product: StaffProduct, price: number) =>
  StaffProductSave.parse({ ...product, sizes: product.sizes.map(({ stock: _stock, ...size }) => ({ ...size, price })) });

export type StaffCaller = Awaited<ReturnType<typeof signedInStaff>>;

/** A member of `role`, signed in: `call` sends their session cookie and, for writes, the CSRF token. */
export async function signedInStaff(t: TestApp, role: StaffRole) {
  const member = await createStaff(t, role);
  const ip = freshIp();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/staff/session/',
    payload: { email: member.email, password: STAFF_PASSWORD },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'attar_staff')?.value;
  if (cookie === undefined) throw new Error('Staff sign-in set no session cookie.');
  const session = StaffSession.parse(response.json());
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { cookie: `attar_staff=${cookie}`, 'x-csrf-token': session.csrf_token, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const order = async (id: number) => StaffOrder.parse((await call('GET', `/api/staff/orders/${id}/`)).json());
  return {
    ...member,
    role,
    cookie,
    csrf: session.csrf_token,
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    order,
    /** An order action on the order's current version. */
    act: async (id: number, action: string, body: Record<string, unknown> = {}) =>
      call('POST', `/api/staff/orders/${id}/${action}/`, { version: (await order(id)).version, ...body }),
    /** A refund on the order's current version. */
    refund: async (id: number, body: Record<string, unknown>) =>
      call('POST', `/api/staff/orders/${id}/refunds/`, { version: (await order(id)).version, ...body }),
  };
}
