/**
 * Card payments through Paymob's accept flow (payment key → hosted payment page → HMAC-signed callback). Without
 * Paymob keys, a built-in test gateway page approves or declines and calls back through the same signed path.
 * An order paid by card becomes `placed` only after a valid signed callback; a replayed callback changes nothing more.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { transition } from '../orders/service';

/** The transaction fields Paymob signs, in the order it concatenates them. */
const SIGNED_FIELDS = [
  'amount_cents', 'created_at', 'currency', 'error_occured', 'has_parent_transaction', 'id', 'integration_id', 'is_3d_secure',
  'is_auth', 'is_capture', 'is_refunded', 'is_standalone_payment', 'is_voided', 'order.id', 'owner', 'pending',
  'source_data.pan', 'source_data.sub_type', 'source_data.type', 'success',
] as const;

export type PaymobTransaction = Record<string, unknown> & {
  id: number | string;
  amount_cents: number;
  success: boolean;
  order: { id: number | string; merchant_order_id?: string | number };
};

const field = (obj: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), obj);

export function signTransaction(obj: Record<string, unknown>, secret: string): string {
  const text = SIGNED_FIELDS.map((path) => String(field(obj, path) ?? '')).join('');
  return createHmac('sha512', secret).update(text).digest('hex');
}

function signatureValid(obj: Record<string, unknown>, hmac: string, secret: string) {
  const expected = Buffer.from(signTransaction(obj, secret), 'hex');
  const given = Buffer.from(/^[0-9a-f]+$/i.test(hmac) ? hmac : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Handles a transaction callback. Unknown order, wrong amount or bad signature: 400 and nothing changes. */
export async function handleCallback(database: Database, config: Config, obj: PaymobTransaction, hmac: string) {
  if (!signatureValid(obj, hmac, config.paymob.hmacSecret)) throw new ApiError(400, 'bad_signature', 'The callback signature is not valid.');
  const paymentId = Number(obj.order?.merchant_order_id);
  const [payment] = await database.rows<{ id: number; order_id: number; amount_piastres: number; status: string; locale: Locale }>(sql`
    SELECT p.id, p.order_id, p.amount_piastres, p.status, o.locale FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.id = ${Number.isInteger(paymentId) ? paymentId : -1}`);
  if (!payment) throw new ApiError(400, 'unknown_order', 'No payment matches this callback.');
  if (Number(obj.amount_cents) !== payment.amount_piastres) throw new ApiError(400, 'amount_mismatch', 'The amount does not match the order.');
  const [settled] = await database.rows(sql`
    UPDATE payments SET status = ${obj.success ? 'paid' : 'declined'}, transaction_id = ${String(obj.id)}, updated_at = now()
    WHERE id = ${payment.id} AND status = 'pending' RETURNING id`);
  if (!settled) return { detail: 'Already processed.', order: null };
  const status = obj.success ? 'placed' : 'cancelled';
  await transition(database, payment.locale, payment.order_id, status, ['pending_payment']);
  return { detail: obj.success ? 'Payment recorded.' : 'Payment declined.', order: { id: payment.order_id, status, locale: payment.locale } as const };
}

/** Where the shopper pays: Paymob's hosted page when configured, the built-in test gateway otherwise. */
export async function startPayment(database: Database, config: Config, paymentId: number, order: { order_number: string; total: number; address: { name: string; phone: string } }) {
  let url: string;
  const { apiKey, integrationId, iframeId, baseUrl } = config.paymob;
  if (apiKey && integrationId && iframeId) {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`Paymob ${path} answered ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const amountCents = Math.round(order.total * 100);
    const { token } = (await post('/auth/tokens', { api_key: apiKey })) as { token: string };
    const registered = (await post('/ecommerce/orders', {
      auth_token: token, delivery_needed: false, amount_cents: amountCents, currency: 'EGP', merchant_order_id: String(paymentId), items: [],
    })) as { id: number };
    const [first = '', ...rest] = order.address.name.split(' ');
    const key = (await post('/acceptance/payment_keys', {
      auth_token: token, amount_cents: amountCents, expiration: 3600, order_id: registered.id, currency: 'EGP',
      integration_id: Number(integrationId),
      billing_data: {
        first_name: first || 'NA', last_name: rest.join(' ') || 'NA', phone_number: order.address.phone, email: 'NA',
        apartment: 'NA', floor: 'NA', street: 'NA', building: 'NA', city: 'NA', country: 'EG', state: 'NA', postal_code: 'NA',
        shipping_method: 'NA',
      },
    })) as { token: string };
    url = `${baseUrl}/acceptance/iframes/${iframeId}?payment_token=${key.token}`;
  } else {
    url = `${config.publicUrl}/api/payments/test/${paymentId}/`;
  }
  await database.rows(sql`UPDATE payments SET redirect_url = ${url} WHERE id = ${paymentId}`);
  return url;
}

/** The callback the test gateway sends: shaped and signed like Paymob's. */
export function testGatewayTransaction(paymentId: number, amountPiastres: number, approve: boolean, secret: string) {
  const obj: PaymobTransaction = {
    id: randomBytes(6).readUIntBE(0, 6),
    amount_cents: amountPiastres,
    created_at: new Date().toISOString(),
    currency: 'EGP',
    error_occured: false,
    has_parent_transaction: false,
    integration_id: 0,
    is_3d_secure: true,
    is_auth: false,
    is_capture: false,
    is_refunded: false,
    is_standalone_payment: true,
    is_voided: false,
    order: { id: paymentId, merchant_order_id: String(paymentId) },
    owner: 0,
    pending: false,
    source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
    success: approve,
  };
  return { obj, hmac: signTransaction(obj, secret) };
}
