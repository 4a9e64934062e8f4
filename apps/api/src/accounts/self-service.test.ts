import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccountDeletionCodeSent, AuthResponse, DataExport, ErrorBody, Order, User } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, lastCode, newShopper } from '../test/client';
import { orderFixtures } from '../test/orders';

const t = useTestApp();
const db = () => t.db.database;
const f = orderFixtures(t);

/** A new shopper who knows their password, calling from an address of their own. */
async function shopper() {
  const fields = newShopper();
  const c = client(t.app);
  const { token, user } = AuthResponse.parse((await c.post('/api/users/me/', fields)).json());
  return {
    fields,
    token,
    user,
    get: (url: string) => c.get(url, token),
    post: (url: string, body: unknown = {}) => c.post(url, body, token),
    delete: (url: string, body?: unknown) => c.call({ method: 'DELETE', url, body, token }),
  };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

const me = async (s: Shopper) => User.parse((await s.get('/api/users/me/')).json());
const logIn = (body: Record<string, string>) => client(t.app).post('/api/users/login/', body);
/** A fresh e-mail and mobile nobody has. */
const unused = () => {
  const { email, phone } = newShopper();
  return { email, phone, e164: `+2${phone}` };
};

describe('change e-mail', () => {
  it('sends a code to the NEW address; with it, the e-mail changes and counts as verified', async () => {
    const s = await shopper();
    const { email } = unused();
    const sent = await s.post('/api/users/me/email/send_code/', { email: email.toUpperCase() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await me(s)).email).toBe(s.user.email);
    const code = await lastCode(db(), email);
    const changed = await s.post('/api/users/me/email/change/', { email, code });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(User.parse(changed.json())).toMatchObject({ email, email_verified: true });
    expect((await logIn({ email, password: s.fields.password })).statusCode).toBe(200);
    expect((await logIn({ email: s.user.email, password: s.fields.password })).statusCode).toBe(400);
    // The code is used up.
    expect((await s.post('/api/users/me/email/change/', { email, code })).statusCode).toBe(400);
  });

  it('refuses a wrong code, a taken, the same or a malformed e-mail, and changes nothing', async () => {
    const s = await shopper();
    const other = await shopper();
    const { email } = unused();
    const taken = await s.post('/api/users/me/email/send_code/', { email: other.user.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: [expect.any(String)] });
    expect((await s.post('/api/users/me/email/send_code/', { email: s.user.email })).json()).toHaveProperty('email');
    expect((await s.post('/api/users/me/email/send_code/', { email: 'not-an-address' })).json()).toHaveProperty('email');
    expect((await s.post('/api/users/me/email/send_code/', {})).statusCode).toBe(400);

    await s.post('/api/users/me/email/send_code/', { email });
    const code = await lastCode(db(), email);
    const wrong = await s.post('/api/users/me/email/change/', { email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(ErrorBody.parse(wrong.json()).code).toBe('code_invalid');
    expect((await s.post('/api/users/me/email/change/', { email, code: '12' })).json()).toHaveProperty('code');
    // Another shopper cannot use the code sent for this shopper's change.
    expect((await other.post('/api/users/me/email/change/', { email, code })).statusCode).toBe(400);
    // Still the old e-mail; the new one only pending.
    expect(await me(s)).toEqual(User.parse({ ...s.user, pending_email: email }));
    expect((await me(other)).email).toBe(other.user.email);

    // Taken by a sign-up since the code went out: refused, nothing changed.
    await client(t.app).post('/api/users/me/', { ...newShopper(), email });
    const late = await s.post('/api/users/me/email/change/', { email, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ email: [expect.any(String)] });
    expect((await me(s)).email).toBe(s.user.email);
    expect((await client(t.app).post('/api/users/me/email/send_code/', { email })).statusCode).toBe(401);
  });

  it('ends password-reset codes the old mailbox received', async () => {
    const s = await shopper();
    await client(t.app).post('/api/users/password/send_reset_email/', { email: s.user.email });
    const resetCode = await lastCode(db(), s.user.email);
    const { email } = unused();
    await s.post('/api/users/me/email/send_code/', { email });
    await s.post('/api/users/me/email/change/', { email, code: await lastCode(db(), email) });
    const reset = await client(t.app).post('/api/users/password/reset_password/', {
      email: s.user.email,
      code: resetCode,
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(400);
    expect((await logIn({ email, password: s.fields.password })).statusCode).toBe(200);
  });
});

describe('change phone', () => {
  it('sends a code by SMS to the NEW number; with it, the phone changes and counts as verified', async () => {
    const s = await shopper();
    const { phone, e164 } = unused();
    expect((await s.post('/api/users/me/phone/send_code/', { phone })).statusCode).toBe(200);
    const [sms] = await db().rows<{ channel: string }>(sql`SELECT channel FROM outbox_messages WHERE recipient = ${e164}`);
    expect(sms!.channel).toBe('sms');
    expect((await me(s)).phone).toBe(s.user.phone);
    const changed = await s.post('/api/users/me/phone/change/', { phone: e164, code: await lastCode(db(), e164) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(User.parse(changed.json())).toMatchObject({ phone: e164, phone_verified: true });
    expect((await logIn({ phone, password: s.fields.password })).statusCode).toBe(200);
  });

  it('refuses a taken, the same or a foreign number and a wrong code, and changes nothing', async () => {
    const s = await shopper();
    const other = await shopper();
    expect((await s.post('/api/users/me/phone/send_code/', { phone: other.user.phone })).json()).toEqual({ phone: [expect.any(String)] });
    expect((await s.post('/api/users/me/phone/send_code/', { phone: s.user.phone })).json()).toHaveProperty('phone');
    expect((await s.post('/api/users/me/phone/send_code/', { phone: '+14155550123' })).json()).toHaveProperty('phone');
    const { phone, e164 } = unused();
    await s.post('/api/users/me/phone/send_code/', { phone });
    const code = await lastCode(db(), e164);
    const wrong = await s.post('/api/users/me/phone/change/', { phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await other.post('/api/users/me/phone/change/', { phone, code })).statusCode).toBe(400);
    expect((await me(s)).phone).toBe(s.user.phone);
    expect((await me(other)).phone).toBe(other.user.phone);
  });
});

/** Gives a shopper something of every kind the account holds. */
async function fillAccount(s: Shopper) {
  const productId = await f.productWithStock(5);
  const address = await s.post('/api/addresses/', await f.addressFields());
  expect(address.statusCode, address.body).toBe(201);
  await s.post('/api/cart-products/', { product: productId, quantity: 1 });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    payload: { address: (address.json() as { id: number }).id, payment_method: 'cod' },
    headers: { authorization: `Token ${s.token}` },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  await s.post('/api/cart-products/', { product: productId, quantity: 2 });
  await s.post('/api/user_wish_lists/', { product_write: productId });
  const [review] = await db().rows<{ id: number }>(sql`
    INSERT INTO reviews (product_id, user_id, rating, body, locale) VALUES (${productId}, ${s.user.id}, 5, ${`Lovely ${s.user.id}`}, 'en')
    RETURNING id`);
  await db().rows(sql`INSERT INTO stock_alerts (product_id, user_id, locale) VALUES (${productId}, ${s.user.id}, 'en')`);
  // The order's notification is recorded with the order itself.
  await db().rows(sql`INSERT INTO newsletter_subscriptions (email, locale, confirmed_at) VALUES (${s.user.email}, 'en', now())`);
  return { productId, reviewId: review!.id, order: Order.parse(placed.json()) };
}

const count = async (table: string, where: ReturnType<typeof sql>) =>
  (await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]!.n;

describe('delete my account', () => {
  it('with the code: anonymises the account, erases its data, keeps its orders; logging in fails afterwards', async () => {
    const s = await shopper();
    const other = await shopper();
    const mine = await fillAccount(s);
    const theirs = await fillAccount(other);
    // Their vote on the other shopper's review counts until the account goes.
    await db().rows(sql`INSERT INTO review_votes (review_id, user_id) VALUES (${theirs.reviewId}, ${s.user.id})`);
    await db().rows(sql`UPDATE reviews SET helpful_count = 1 WHERE id = ${theirs.reviewId}`);
    await db().rows(sql`INSERT INTO review_votes (review_id, user_id) VALUES (${mine.reviewId}, ${other.user.id})`);
    const secondToken = AuthResponse.parse((await logIn({ email: s.user.email, password: s.fields.password })).json()).token;

    const sent = await s.post('/api/users/me/delete/send_code/');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(AccountDeletionCodeSent.parse(sent.json())).toMatchObject({ channel: 'email', to: s.user.email });
    const code = await lastCode(db(), s.user.email);
    const deleted = await s.delete('/api/users/me/', { code });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const [row] = await db().rows<Record<string, unknown>>(sql`
      SELECT name, email, phone, password_hash, is_active, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${s.user.id}`);
    expect(row).toEqual({
      name: '',
      email: `deleted-${s.user.id}@deleted.invalid`,
      phone: null,
      password_hash: null,
      is_active: false,
      deleted: true,
    });
    const byUser = sql`user_id = ${s.user.id}`;
    for (const table of [
      'addresses',
      'cart_product_lines',
      'wish_list_entries',
      'stock_alerts',
      'notifications',
      'reviews',
      'review_votes',
    ]) {
      expect(await count(table, byUser), table).toBe(0);
    }
    expect(await count('auth_tokens', sql`user_id = ${s.user.id} AND revoked_at IS NULL`)).toBe(0);
    expect(await count('newsletter_subscriptions', sql`email = ${s.user.email}`)).toBe(0);
    expect(await count('review_votes', sql`review_id = ${mine.reviewId}`)).toBe(0);
    const [vote] = await db().rows<{ helpful_count: number }>(sql`SELECT helpful_count FROM reviews WHERE id = ${theirs.reviewId}`);
    expect(vote!.helpful_count).toBe(0);
    // The order stays, with its address copy, for the shop's accounts.
    const [order] = await db().rows<{ address: unknown; user_id: number }>(
      sql`SELECT address, user_id FROM orders WHERE order_number = ${mine.order.order_number}`,
    );
    expect(order).toEqual({ address: expect.objectContaining({ street: '5 Nile Street' }), user_id: s.user.id });

    expect((await s.get('/api/users/me/')).statusCode).toBe(401);
    expect((await client(t.app).get('/api/users/me/', secondToken)).statusCode).toBe(401);
    const login = await logIn({ email: s.user.email, password: s.fields.password });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'invalid_credentials' });
    expect((await logIn({ phone: s.user.phone!, password: s.fields.password })).statusCode).toBe(400);

    // The other shopper keeps everything.
    const otherBy = sql`user_id = ${other.user.id}`;
    for (const table of ['addresses', 'cart_product_lines', 'wish_list_entries', 'stock_alerts', 'notifications', 'reviews']) {
      expect(await count(table, otherBy), table).toBe(1);
    }
    expect((await me(other)).email).toBe(other.user.email);
    // The e-mail is free for a new account.
    expect((await client(t.app).post('/api/users/me/', { ...newShopper(), email: s.user.email })).statusCode).toBe(201);
  });

  it('refuses a wrong, malformed or missing code, or another shopper’s, and changes nothing', async () => {
    const s = await shopper();
    const other = await shopper();
    await fillAccount(s);
    await s.post('/api/users/me/delete/send_code/');
    const code = await lastCode(db(), s.user.email);
    const wrong = await s.delete('/api/users/me/', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(ErrorBody.parse(wrong.json()).code).toBe('code_invalid');
    expect((await s.delete('/api/users/me/', { code: 'abc' })).json()).toHaveProperty('code');
    expect((await s.delete('/api/users/me/', {})).statusCode).toBe(400);
    // The other shopper has no code of their own: this one's does not delete them.
    expect((await other.delete('/api/users/me/', { code })).statusCode).toBe(400);
    expect((await client(t.app).call({ method: 'DELETE', url: '/api/users/me/', body: { code } })).statusCode).toBe(401);
    expect(await me(s)).toEqual(s.user);
    expect(await me(other)).toEqual(other.user);
    const byUser = sql`user_id = ${s.user.id}`;
    for (const table of ['addresses', 'cart_product_lines', 'wish_list_entries', 'stock_alerts', 'notifications', 'reviews']) {
      expect(await count(table, byUser), table).toBe(1);
    }
    expect((await logIn({ email: s.user.email, password: s.fields.password })).statusCode).toBe(200);
    // The right code still works afterwards.
    expect((await s.delete('/api/users/me/', { code })).statusCode).toBe(204);
  });

  it('sends the code by SMS when only the phone is verified', async () => {
    const s = await shopper();
    await s.post('/api/users/phone/verify_phone/', { code: await lastCode(db(), s.user.phone!) });
    const sent = AccountDeletionCodeSent.parse((await s.post('/api/users/me/delete/send_code/')).json());
    expect(sent).toMatchObject({ channel: 'sms', to: s.user.phone });
    const code = await lastCode(db(), s.user.phone!);
    expect((await s.delete('/api/users/me/', { code })).statusCode).toBe(204);
    expect(await count('users', sql`id = ${s.user.id} AND deleted_at IS NOT NULL`)).toBe(1);
  });
});

describe('export my data', () => {
  it('answers everything of mine as a JSON download, and nothing of another shopper’s', async () => {
    const s = await shopper();
    const other = await shopper();
    const mine = await fillAccount(s);
    await fillAccount(other);
    const response = await s.get('/api/users/me/export/');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="attar-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = DataExport.parse(response.json());
    expect(data.profile).toEqual(s.user);
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toEqual([
      expect.objectContaining({
        order_number: mine.order.order_number,
        total: mine.order.total,
        lines: [{ name: 'Test Scent', size_ml: 100, quantity: 1, price: 1000 }],
      }),
    ]);
    expect(data.cart).toEqual([expect.objectContaining({ name: 'Test Scent', size_ml: 100, quantity: 2 })]);
    expect(data.favourites).toEqual([expect.objectContaining({ product: 'Test Scent' })]);
    expect(data.reviews).toEqual([expect.objectContaining({ body: `Lovely ${s.user.id}`, rating: 5 })]);
    expect(data.stock_alerts).toHaveLength(1);
    expect(data.notifications).toEqual([
      expect.objectContaining({ kind: 'order_status', params: expect.objectContaining({ status: 'placed' }) }),
    ]);
    expect(data.newsletter).toMatchObject({ email: s.user.email, unsubscribed_at: null });
    expect(JSON.stringify(data)).not.toContain(other.user.email);
    expect(JSON.stringify(data)).not.toContain(`Lovely ${other.user.id}`);
    expect((await client(t.app).get('/api/users/me/export/')).statusCode).toBe(401);
  });

  it('names things in the language asked for', async () => {
    const s = await shopper();
    await fillAccount(s);
    const response = await t.app.inject({
      url: '/api/users/me/export/',
      headers: { authorization: `Token ${s.token}`, 'accept-language': 'ar' },
    });
    expect(DataExport.parse(response.json()).favourites[0]!.product).toBe('عطر تجريبي');
  });
});

describe('sign out of all devices', () => {
  it('revokes every token of the shopper, this one included, and no one else’s', async () => {
    const s = await shopper();
    const other = await shopper();
    const second = AuthResponse.parse((await logIn({ email: s.user.email, password: s.fields.password })).json()).token;
    expect((await s.post('/api/users/me/logout_all/')).statusCode).toBe(204);
    expect((await s.get('/api/users/me/')).statusCode).toBe(401);
    expect((await client(t.app).get('/api/users/me/', second)).statusCode).toBe(401);
    expect((await other.get('/api/users/me/')).statusCode).toBe(200);
    expect((await client(t.app).post('/api/users/me/logout_all/')).statusCode).toBe(401);
    expect((await logIn({ email: s.user.email, password: s.fields.password })).statusCode).toBe(200);
  });
});
