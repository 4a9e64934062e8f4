/**
 * The back office's API as tests use it to move orders along: the demo owner (made by the API at its first start,
 * credentials in the run's data folder), signed in once per worker so the staff sign-in limit is never reached.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { StaffOrder, StaffPasswordLink, StaffRole } from '@attar/contract';
import { randomClientAddress } from './shoppers';
import { API_URL } from './urls';

export type DemoOwner = { email: string; password: string };

export function demoOwner(): DemoOwner {
  const dir = process.env.ATTAR_E2E_DATA_DIR;
  if (!dir) throw new Error('ATTAR_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return JSON.parse(readFileSync(path.join(dir, 'demo-owner.json'), 'utf8')) as DemoOwner;
}

let owner: Promise<{ api: APIRequestContext; csrf: string }> | undefined;
const ownerApi = () =>
  (owner ??= (async () => {
    // A client address of its own: the staff sign-in limit counts per address (see signIn in admin.ts).
    const api = await playwrightRequest.newContext({ baseURL: API_URL, extraHTTPHeaders: { 'X-Forwarded-For': randomClientAddress() } });
    const response = await api.post('/api/staff/session/', { data: demoOwner() });
    expect(response.ok(), await response.text()).toBe(true);
    return { api, csrf: ((await response.json()) as { csrf_token: string }).csrf_token };
  })());

/**
 * A new staff member of `role`, made by the owner, whose password is set through their one-time link: someone a
 * browser signs in as.
 */
export async function newStaffMember(role: StaffRole, name: string): Promise<DemoOwner & { name: string }> {
  const { api, csrf } = await ownerApi();
  const email = `${role}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@attar.test`;
  const created = await api.post('/api/staff/members/', { headers: { 'x-csrf-token': csrf }, data: { email, name, role } });
  expect(created.ok(), await created.text()).toBe(true);
  const token = new URL(((await created.json()) as StaffPasswordLink).password_link).searchParams.get('token');
  const password = `e2e ${role} password 2026`;
  const set = await api.post('/api/staff/password/', { headers: { 'x-csrf-token': csrf }, data: { token, password } });
  expect(set.ok(), await set.text()).toBe(true);
  return { email, password, name };
}

/** A call to the API as the demo owner (with the session's CSRF token): fixtures the browser tests start from. */
export async function asOwner<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const { api, csrf } = await ownerApi();
  const response = await api.fetch(path, { method, headers: { 'x-csrf-token': csrf }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** One back-office action on an order, on its current version. */
export async function staffAction(orderId: number, action: string, body: Record<string, unknown> = {}): Promise<StaffOrder> {
  const { api, csrf } = await ownerApi();
  const current = (await (await api.get(`/api/staff/orders/${orderId}/`)).json()) as StaffOrder;
  const response = await api.post(`/api/staff/orders/${orderId}/${action}/`, {
    headers: { 'x-csrf-token': csrf },
    data: { version: current.version, ...body },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as StaffOrder;
}

/** placed → delivered as the shop does it: confirmed, packed, handed to a courier, delivered with the cash collected. */
export async function deliverOrder(orderId: number): Promise<StaffOrder> {
  await staffAction(orderId, 'confirm');
  await staffAction(orderId, 'pack');
  const shipped = await staffAction(orderId, 'ship', { courier: 'Bosta', tracking_number: `BST-${orderId}` });
  return staffAction(orderId, 'deliver', { cash_collected: shipped.total });
}

/** One step of a shopper's return (`approve`, `reject`, `receive`, `refund`) as staff take it. */
export async function returnStep(returnId: number, step: string, body: Record<string, unknown> = {}): Promise<StaffOrder> {
  const { api, csrf } = await ownerApi();
  const response = await api.post(`/api/staff/returns/${returnId}/${step}/`, { headers: { 'x-csrf-token': csrf }, data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as StaffOrder;
}

/** A new staff member of `role` who can sign in: made by the demo owner, who hands over the one-time link to set a password. */
export async function createStaffMember(role: StaffRole, name: string): Promise<DemoOwner> {
  const { api, csrf } = await ownerApi();
  const email = `${role}-${Date.now()}${randomInt(1000, 9999)}@staff.example.com`;
  const created = await api.post('/api/staff/members/', { headers: { 'x-csrf-token': csrf }, data: { email, name, role } });
  expect(created.ok(), await created.text()).toBe(true);
  const token = new URL(((await created.json()) as StaffPasswordLink).password_link).searchParams.get('token');
  const password = `e2e ${role} password ${randomInt(1_000_000)}`;
  const set = await api.post('/api/staff/password/', { data: { token, password } });
  expect(set.status(), await set.text()).toBe(204);
  return { email, password };
}
