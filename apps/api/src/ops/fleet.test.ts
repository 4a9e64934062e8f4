/**
 * A fleet: two API processes, started together, on one PostgreSQL database and one Redis. Runs where both
 * servers are (`.ci/run`'s second pass); each process is the API as `npm start` runs it, in demo mode with one secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponse, Order, Product, Region, City, StaffProduct, StaffSession } from '@attar/contract';
import { z } from 'zod';
import { hashPassword } from '../accounts/passwords';
import { FREE_SENDS_PER_ADDRESS } from '../challenge/service';
import type { Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { repricedProduct, STAFF_PASSWORD } from '../test/staff';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serversHere = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

type Instance = { url: string; process: ChildProcess; log: string[] };

async function startInstance(env: Record<string, string>, port: number): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, API_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance = { url: `http://127.0.0.1:${port}`, process: child, log: [] as string[] };
  child.stdout!.on('data', (chunk: Buffer) => instance.log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => instance.log.push(chunk.toString()));
  const until = Date.now() + 150_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the API on ${port} stopped:\n${instance.log.join('')}`);
    const alive = await fetch(`${instance.url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (alive) return instance;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API on ${port} did not start:\n${instance.log.join('')}`);
}

/**
 * A client address of the run's own, sent as a trusted hop's X-Forwarded-For: Redis keeps counts across runs, so a
 * fixed address would find the last run's sign-ups still counted.
 */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });

describe.skipIf(!serversHere)('two API instances on one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let db: Database;
  let a: Instance;
  let b: Instance;
  const folders: string[] = [];

  beforeAll(async () => {
    // Migrated by the instances themselves, which start at the same moment and take turns (whileStartingAlone).
    database = await createTestDatabase({ migrate: false });
    db = database.database;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'attar-fleet-'));
    folders.push(dataDir);
    const env = {
      DATABASE_URL: database.url!,
      REDIS_URL: process.env.REDIS_URL!,
      SECRET_KEY: randomBytes(32).toString('base64url'),
      ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS: 'on',
      // The storefront's cache window as deployed; only the change notice explains a fresher answer.
      CATALOGUE_CACHE_MS: '60000',
    };
    // Below Linux's ephemeral range (32768 and up), where the tests' own outgoing connections could hold the port.
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    [a, b] = await Promise.all([startInstance(env, port), startInstance(env, port + 1)]);
  }, 180_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.process.kill('SIGTERM');
    await Promise.all(
      [a, b].map((i) => i && new Promise((resolve) => (i.process.exitCode !== null ? resolve(null) : i.process.once('exit', resolve)))),
    );
    await database?.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('serves, through the other instance, within 3 s, a price a manager edits through one', async () => {
    const [member] = await db.rows<{ email: string }>(sql`
      INSERT INTO staff_members (email, name, role, password_hash)
      VALUES (${`manager.${Date.now()}@staff.test`}, 'Fleet manager', 'manager', ${await hashPassword(STAFF_PASSWORD)}) RETURNING email`);
    const signIn = await fetch(`${a.url}/api/staff/session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member!.email, password: STAFF_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('attar_staff='))!
      .split(';')[0]!;
    const { csrf_token } = StaffSession.parse(await signIn.json());
    const staff = (method: string, url: string, body?: unknown) =>
      fetch(`${a.url}${url}`, {
        method,
        headers: { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const [row] = await db.rows<{ id: number; slug: string }>(sql`
      SELECT id, slug FROM products WHERE is_published ORDER BY id LIMIT 1`);
    const priceOn = async (instance: Instance) =>
      Product.parse(await (await fetch(`${instance.url}/api/products/${row!.slug}/`)).json()).price;
    const before = await priceOn(b); // now in b's micro-cache for a minute
    const product = StaffProduct.parse(await (await staff('GET', `/api/staff/products/${row!.id}/`)).json());
    const newPrice = before + 11.5;
    const saved = await staff('PUT', `/api/staff/products/${row!.id}/`, repricedProduct(product, newPrice));
    expect(saved.status, await saved.clone().text()).toBe(200);
    const until = Date.now() + 3000;
    let seen = await priceOn(b);
    while (seen !== newPrice && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await priceOn(b);
    }
    expect(seen).toBe(newPrice);
  });

  it('counts a rate limit once across both instances (in Redis)', async () => {
    // Sign-ups from one address, alternating instances: the address's free sends of the hour are shared, so the one past
    // them is asked for a proof of work whichever instance takes it (each counting alone would let twice as many through).
    const body = JSON.stringify({
      name: 'Fleet',
      email: `fleet.${Date.now()}@shopper.test`,
      phone: '01001234567',
      password: 'a long password 1',
    });
    const statuses: number[] = [];
    const address = clientAddress();
    for (let i = 0; i < FREE_SENDS_PER_ADDRESS + 3; i++) {
      const instance = i % 2 === 0 ? a : b;
      const response = await fetch(`${instance.url}/api/users/me/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body,
      });
      statuses.push(response.status);
    }
    // The first creates the account, the next free ones find its e-mail taken; then every send needs a proof.
    expect(statuses).toEqual([201, ...Array(FREE_SENDS_PER_ADDRESS - 1).fill(400), 428, 428, 428]);
  });

  it('sends an order message once, whichever instance takes the job', async () => {
    const email = `buyer.${Date.now()}@shopper.test`;
    const phone = `0100${String(Date.now()).slice(-7)}`;
    const signUp = await json(
      await fetch(`${b.url}/api/users/me/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ name: 'Fleet buyer', email, phone, password: 'a long password 1' }),
      }),
    );
    expect(signUp.status).toBe(201);
    const { token } = AuthResponse.parse(signUp.body);
    const shopper = (instance: Instance, method: string, url: string, body?: unknown) =>
      fetch(`${instance.url}${url}`, {
        method,
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(json);
    const region = z.array(Region).parse((await shopper(a, 'GET', '/api/region/')).body)[0]!;
    const city = z.array(City).parse((await shopper(a, 'GET', `/api/city/?region=${region.id}`)).body)[0]!;
    const address = (
      await shopper(a, 'POST', '/api/addresses/', { name: 'Fleet buyer', phone, street: '1 Nile St', region: region.id, city: city.id })
    ).body as { id: number };
    const [inStock] = await db.rows<{ id: number }>(sql`SELECT id FROM products WHERE is_published AND stock > 5 ORDER BY id DESC LIMIT 1`);
    expect((await shopper(b, 'POST', '/api/cart-products/', { product: inStock!.id, quantity: 1 })).status).toBe(200);
    const placed = await shopper(a, 'POST', '/api/orders/', { address: address.id, payment_method: 'cod' });
    expect(placed.status).toBe(201);
    const { order_number } = Order.parse(placed.body);
    const e164 = `+20${phone.slice(1)}`;
    const messages = async () =>
      (
        await db.rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = ${e164} AND body LIKE ${`%${order_number}%`}`)
      )[0]!.n;
    const until = Date.now() + 15_000;
    while ((await messages()) === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    // Both instances poll the queue every second: give the other a few chances to take the same job.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await messages()).toBe(1);
  }, 30_000);
});
