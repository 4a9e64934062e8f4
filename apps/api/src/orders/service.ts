/**
 * Placing an order is one transaction: prices and the promotion are re-read, stock is taken with conditional updates
 * (offers take their own stock and each of their products'), the promotion use and the points spent are recorded in
 * ledgers whose keys and checks keep them exact, and the cart is emptied. An Idempotency-Key makes a repeated POST
 * return the first order. What happens to an order after it is placed is the order's process (process.ts).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { sharePoints, type Locale, type Order, type OrderStatus, type PaymentMethod } from '@attar/contract';
import { orderAmounts } from '@attar/contract/rules';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { inTransaction, type Rows } from '../db/transaction';
import { queueOrderMessage } from '../messages/outbox';
import { recordAudit } from '../audit/service';
import { checkCode, type CodeContext } from '../codes/service';
import { ApiError, fieldError } from '../http/errors';
import {
  accountCustomer,
  customerKey,
  guestCustomer,
  promotionDiscount,
  recordUse,
  usablePromotion,
  type Promotion,
} from '../promotions/service';
import { money, text } from '../i18n/catalogue';
import { balanceDueSql } from '../payments/balance';
import { newPaymentReference, type NewPayment } from '../payments/service';
import { paymentLinkUrl } from '../payment-links/link';
import { sendPaymentLink } from '../payment-links/service';
import { declareStockChange } from '../stock/ledger';
import { orderJson } from './order-json';
import { orderPromise } from '../checkout/delivery';
import { recordQuestion, ruleCatches } from '../confirmations/asking';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';

export type OrdersContext = { database: Database; config: Config; mediaBase: string; codes: CodeContext };

/** An item as asked for: an offer, or a product in one of its sizes (`variant`: the default size when not named). */
export type Line = { kind: 'product' | 'offer'; id: number; variant?: number | null | undefined; quantity: number };
/** A line with its size resolved: a product's size and its millilitres (unknown for some lines ordered long ago). */
export type SizedLine =
  | { kind: 'product'; id: number; variant: number; ml: number | null; quantity: number }
  | { kind: 'offer'; id: number; variant?: undefined; ml?: undefined; quantity: number };
/** Where a line's price is found once its stock is taken. */
export const priceKey = (line: SizedLine) => (line.kind === 'product' ? `variant:${line.variant}` : `offer:${line.id}`);
export type AddressSnapshot = Pick<
  TableRow<typeof tables.addresses>,
  'name' | 'phone' | 'region_id' | 'city_id' | 'street' | 'building' | 'floor' | 'apartment' | 'landmark'
>;

export type OrderInput = {
  /**
   * A shopper account, or a guest proving the phone with the code sent to it. `otp: null` only on a phone order
   * (`placedBy`): the staff member spoke with the caller.
   */
  customer: { userId: number } | { guest: { name: string; phone: string; email?: string | undefined }; otp: string | null };
  /** A saved address id (an account's) or the address itself. */
  address: number | (Omit<AddressSnapshot, 'region_id' | 'city_id'> & { region: number; city: number });
  /** The items; without them, a signed-in shopper's cart (and the code applied to it) becomes the order. */
  items?: { product?: number | undefined; variant?: number | undefined; offer?: number | undefined; quantity: number }[];
  /** The staff member who took the order by phone. */
  placedBy?: number | undefined;
  /** The language of the shopper's messages, when not the request's (a phone order). */
  shopperLocale?: Locale | undefined;
  paymentMethod: PaymentMethod;
  /**
   * Paid online through a payment link sent to the customer (a phone order, decision 0060) rather than a page the
   * shopper is sent to now: the link's message stands for the "waiting for payment" one.
   */
  payByLink?: boolean | undefined;
  /** A wallet payment's mobile number; without it, the delivery address's phone. */
  walletPhone?: string | undefined;
  gift?: { wrap: boolean; message?: string | undefined } | undefined;
  promoCode?: string | undefined;
  usePoints?: boolean | number | undefined;
  notes?: string | undefined;
  idempotencyKey?: string | undefined;
};

type ShortLine = {
  kind: 'product' | 'offer';
  id: number;
  variant: number | null;
  size_ml: number | null;
  name: string;
  requested: number;
  available: number;
};

export class StockConflict extends ApiError {
  constructor(locale: Locale, lines: ShortLine[]) {
    super(409, 'stock_conflict', text(locale, 'stockShort'), { lines });
  }
}

/** Merges repeated items (the same product in the same size, or the same offer). */
function mergeLines<L extends Line>(items: L[]): L[] {
  const merged = new Map<string, L>();
  for (const item of items) {
    const key = `${item.kind}:${item.id}:${item.variant ?? 'default'}`;
    const line = merged.get(key) ?? { ...item, quantity: 0 };
    line.quantity += item.quantity;
    merged.set(key, line);
  }
  return [...merged.values()];
}

export function linesFromItems(items: NonNullable<OrderInput['items']>): Line[] {
  return mergeLines(
    items.map((item): Line => {
      if (item.product !== undefined) return { kind: 'product', id: item.product, variant: item.variant, quantity: item.quantity };
      // The contract refuses an item naming neither.
      if (item.offer === undefined) throw new Error('An item names neither a product nor an offer.');
      return { kind: 'offer', id: item.offer, quantity: item.quantity };
    }),
  );
}

/**
 * Names every product line's size: the one asked for, which must be the product's (400 otherwise), or its default
 * size. Lines that turn out to be the same size are merged.
 */
export async function resolveSizes(rows: Rows, locale: Locale, lines: Line[]): Promise<SizedLine[]> {
  const products = lines.filter((l) => l.kind === 'product');
  const sizes = products.length
    ? await rows<
        Pick<TableRow<typeof tables.productVariants>, 'id' | 'product_id' | 'is_default'> & Pick<TableRow<typeof tables.sizes>, 'ml'>
      >(sql`
        SELECT v.id, v.product_id, v.is_default, vs.ml FROM product_variants v JOIN sizes vs ON vs.id = v.size_id
        WHERE v.product_id = ANY(${sql.param(products.map((l) => l.id))}::int[])`)
    : [];
  const resolved = lines.map((line): SizedLine => {
    if (line.kind === 'offer') return { kind: 'offer', id: line.id, quantity: line.quantity };
    const size = sizes.find((v) => v.product_id === line.id && (line.variant === undefined ? v.is_default : v.id === line.variant));
    if (!size) throw fieldError('items', text(locale, line.variant === undefined ? 'productNotFound' : 'sizeNotFound'));
    return { kind: 'product', id: line.id, variant: size.id, ml: size.ml, quantity: line.quantity };
  });
  return mergeLines(resolved);
}

async function cartLines(rows: Rows, userId: number): Promise<Line[]> {
  return rows<Line>(sql`
    SELECT 'product' AS kind, product_id AS id, variant_id AS variant, quantity FROM cart_product_lines WHERE user_id = ${userId}
    UNION ALL
    SELECT 'offer' AS kind, offer_id AS id, NULL AS variant, quantity FROM cart_offer_lines WHERE user_id = ${userId}`);
}

/** Units of each size the lines hold (an offer: each of its parts), by size id. */
export async function unitsBySize(rows: Rows, lines: SizedLine[]): Promise<Map<number, number>> {
  const units = new Map<number, number>();
  const add = (variant: number, quantity: number) => units.set(variant, (units.get(variant) ?? 0) + quantity);
  for (const line of lines) {
    if (line.kind === 'product') add(line.variant, line.quantity);
    else {
      const parts = await rows<Pick<TableRow<typeof tables.offerItems>, 'variant_id' | 'quantity'>>(sql`
        SELECT variant_id, quantity FROM offer_items WHERE offer_id = ${line.id}`);
      for (const part of parts) add(part.variant_id, part.quantity * line.quantity);
    }
  }
  return units;
}

/**
 * Takes the stock for every line, or nothing: sizes first in id order (the same order in every transaction, so two
 * orders never wait on each other in a cycle), an offer's products in their default size, then offers. Returns the
 * current unit prices by `priceKey`.
 */
async function takeStock(rows: Rows, locale: Locale, lines: SizedLine[]) {
  const demand = await unitsBySize(rows, lines);
  const offerLines = lines.filter((l) => l.kind === 'offer');
  const prices = new Map<string, { price: number; name: string }>();
  let short = false;
  for (const [variant, quantity] of [...demand.entries()].sort(([a], [b]) => a - b)) {
    // The product row follows its default size (migration 0014).
    const [taken] = await rows<{ price: number; name: string }>(sql`
      UPDATE product_variants v SET stock = v.stock - ${quantity} FROM products p
      WHERE v.id = ${variant} AND p.id = v.product_id AND p.is_published AND v.stock >= ${quantity}
      RETURNING v.price_piastres AS price, p.name_${sql.raw(locale)} AS name`);
    if (taken) prices.set(`variant:${variant}`, taken);
    else short = true;
  }
  for (const line of [...offerLines].sort((a, b) => a.id - b.id)) {
    const [taken] = await rows<{ price: number; name: string }>(sql`
      UPDATE offers SET stock = stock - ${line.quantity} WHERE id = ${line.id} AND is_published AND stock >= ${line.quantity}
      RETURNING price_piastres AS price, name_${sql.raw(locale)} AS name`);
    if (taken) prices.set(`offer:${line.id}`, taken);
    else short = true;
  }
  if (short) throw new StockConflict(locale, await shortLines(rows, locale, lines));
  return prices;
}

/** After a failed take: each line that cannot be served, with what is left (read before the rollback undoes anything). */
async function shortLines(rows: Rows, locale: Locale, lines: SizedLine[]) {
  const l = sql.raw(locale);
  const result: ShortLine[] = [];
  for (const line of lines) {
    const [row] = await rows<{ name: string; available: number }>(
      line.kind === 'product'
        ? sql`SELECT p.name_${l} AS name, CASE WHEN p.is_published THEN v.stock ELSE 0 END AS available
            FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ${line.variant}`
        : sql`SELECT o.name_${l} AS name, CASE WHEN o.is_published THEN LEAST(o.stock, coalesce((
              SELECT min(v.stock / oi.quantity) FROM offer_items oi JOIN product_variants v ON v.id = oi.variant_id WHERE oi.offer_id = o.id), 0))
            ELSE 0 END AS available FROM offers o WHERE o.id = ${line.id}`,
    );
    const available = row?.available ?? 0;
    if (available < line.quantity)
      result.push({
        kind: line.kind,
        id: line.id,
        variant: line.variant ?? null,
        size_ml: line.ml ?? null,
        name: row?.name ?? '',
        requested: line.quantity,
        available,
      });
  }
  return result;
}

async function resolveAddress(rows: Rows, locale: Locale, input: OrderInput): Promise<AddressSnapshot> {
  if (typeof input.address === 'number') {
    if (!('userId' in input.customer)) throw fieldError('address', text(locale, 'addressNeeded'));
    const saved = rowOrNotFound(
      await rows<AddressSnapshot>(sql`
      SELECT name, phone, region_id, city_id, street, building, floor, apartment, landmark
      FROM addresses WHERE id = ${input.address} AND user_id = ${input.customer.userId}`),
      text(locale, 'addressNotFound'),
    );
    return saved;
  }
  return addressSnapshot(rows, locale, input.address);
}

/** An address typed in (at checkout, by phone, in an order's edit) as an order keeps it: 400 when the city is not the governorate's. */
export async function addressSnapshot(
  rows: Rows,
  locale: Locale,
  address: Exclude<OrderInput['address'], number>,
): Promise<AddressSnapshot> {
  const { region, city, ...rest } = address;
  const [ok] = await rows(sql`SELECT 1 FROM cities WHERE id = ${city} AND region_id = ${region}`);
  if (!ok) throw fieldError('address.city', text(locale, 'cityNotInRegion'));
  return { ...rest, region_id: region, city_id: city };
}

/** A shopper's order's lines as a cart takes them (each product in the size ordered); undefined when not theirs. */
export async function orderedLines(database: Database, userId: number, orderId: number) {
  const lines = await database.rows<Pick<TableRow<typeof tables.orderItems>, 'product_id' | 'variant_id' | 'offer_id' | 'quantity'>>(sql`
    SELECT oi.product_id, oi.variant_id, oi.offer_id, oi.quantity FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE o.id = ${orderId} AND o.user_id = ${userId} ORDER BY oi.id`);
  if (lines.length === 0) return undefined;
  return {
    products: lines.flatMap((l) =>
      l.product_id === null ? [] : [{ id: l.product_id, variant: l.variant_id ?? undefined, quantity: l.quantity }],
    ),
    offers: lines.flatMap((l) => (l.offer_id === null ? [] : [{ id: l.offer_id, quantity: l.quantity }])),
  };
}

/** Who reads an order and which: staff or the shop (`viewerId` null) any order; a shopper their own, by id or number. */
export type OrderWhich = { id: number } | { number: string };

/**
 * An order as the contract shows it to the shopper who placed it (with the link to pay any balance it owes),
 * favourites marked for `viewerId`; with `ownerId`, only when it is that shopper's (undefined otherwise, as for no such
 * order).
 */
export async function orderFor(
  ctx: Pick<OrdersContext, 'database' | 'config' | 'mediaBase'>,
  locale: Locale,
  which: OrderWhich,
  viewerId: number | null,
  ownerId?: number,
): Promise<Order | undefined> {
  const where = 'id' in which ? sql`ord.id = ${which.id}` : sql`ord.order_number = ${which.number.toUpperCase()}`;
  const [order] = await shoppersOrders(ctx, locale, ownerId === undefined ? where : sql`${where} AND ord.user_id = ${ownerId}`, viewerId);
  return order;
}

/** Whether order `orderId` is shopper `userId`'s. */
export async function isShoppersOrder(database: Database, userId: number, orderId: number): Promise<boolean> {
  const [mine] = await database.rows(sql`SELECT 1 FROM orders WHERE id = ${orderId} AND user_id = ${userId}`);
  return mine !== undefined;
}

/** A cash order waiting for its shopper's answer to the shop's question (decision 0048). */
export async function isWaitingForShopper(database: Database, orderId: number): Promise<boolean> {
  const [waiting] = await database.rows(sql`SELECT 1 FROM orders WHERE id = ${orderId} AND status = 'awaiting_shopper'`);
  return waiting !== undefined;
}

/** A page of a shopper's orders, newest first, filtered by status: the count and the page's orders as JSON text. */
export async function shopperOrderPage(
  ctx: Pick<OrdersContext, 'database' | 'config' | 'mediaBase'>,
  locale: Locale,
  userId: number,
  query: { status?: OrderStatus[] | undefined; status_not?: OrderStatus[] | undefined; page: number; page_size: number },
) {
  const { status, status_not, page, page_size } = query;
  const filter = sql.join(
    [
      sql`ord.user_id = ${userId}`,
      status?.length ? sql`ord.status = ANY(${sql.param(status)}::text[])` : sql`true`,
      status_not?.length ? sql`ord.status <> ALL(${sql.param(status_not)}::text[])` : sql`true`,
    ],
    sql` AND `,
  );
  const row = oneRow(
    await ctx.database.rows<{ count: number; results: string; owing: boolean }>(sql`
    WITH page AS (SELECT * FROM orders ord WHERE ${filter} ORDER BY created_at DESC, id DESC LIMIT ${page_size} OFFSET ${(page - 1) * page_size})
    SELECT (SELECT count(*)::int FROM orders ord WHERE ${filter}) AS count,
      coalesce((SELECT json_agg(${orderJson(locale, ctx.mediaBase, userId)} ORDER BY ord.created_at DESC, ord.id DESC)
        FROM page ord), '[]')::text AS results,
      EXISTS (SELECT 1 FROM page ord WHERE ${balanceDueSql(sql`ord`)} > 0) AS owing`),
  );
  // The text goes out as it is; only a page with an order owing a balance is read to add its link.
  const resultsJson = row.owing
    ? JSON.stringify((JSON.parse(row.results) as Order[]).map((order) => withBalanceLink(ctx.config, locale, order)))
    : row.results;
  return { count: row.count, resultsJson };
}

/**
 * The order as its owner sees it: while it owes a balance (decision 0062), with the page of the payment link they were
 * sent for it (its signed token cannot be made in SQL).
 */
function withBalanceLink(config: Pick<Config, 'storefrontUrl' | 'secretKey'>, locale: Locale, order: Order): Order {
  return order.balance_due > 0 ? { ...order, balance_payment_url: paymentLinkUrl(config, locale, order.order_number) } : order;
}

/** The orders `where` names as their shopper sees them, each with its balance's link while it owes one. */
async function shoppersOrders(
  ctx: Pick<OrdersContext, 'database' | 'config' | 'mediaBase'>,
  locale: Locale,
  where: SQL,
  userId: number | null,
): Promise<Order[]> {
  // Prepared: planning this statement costs PostgreSQL more than running it, and every order placed ends with it.
  const rows = await ctx.database.preparedRows<{ order: Order }>(sql`
    SELECT ${orderJson(locale, ctx.mediaBase, userId)} AS order FROM orders ord WHERE ${where}`);
  return rows.map((row) => withBalanceLink(ctx.config, locale, row.order));
}

/** What makes two requests the same order request: everything the shopper sent but the one-time code. */
function requestFingerprint(input: OrderInput): string {
  const { customer, idempotencyKey: _key, ...rest } = input;
  const who = 'userId' in customer ? { userId: customer.userId } : { guest: customer.guest };
  return createHash('sha256')
    .update(JSON.stringify({ who, ...rest }))
    .digest('hex');
}

export type Placed = { order: Order; created: boolean; payment: NewPayment | null };

export async function placeOrder(ctx: OrdersContext, locale: Locale, input: OrderInput): Promise<Placed> {
  const customer =
    'userId' in input.customer ? customerKey({ userId: input.customer.userId }) : customerKey({ phone: input.customer.guest.phone });
  if ('guest' in input.customer && input.customer.otp === null && input.placedBy === undefined)
    throw new Error('A guest order without a code must be a phone order');
  // A staff member's keys are theirs: a retried phone order is found whatever the customer does meanwhile.
  const keyScope = input.placedBy !== undefined ? `staff:${input.placedBy}` : customer;
  const idempotencyKey = input.idempotencyKey ? `${keyScope}:${input.idempotencyKey}` : null;
  const fingerprint = requestFingerprint(input);
  /** The guest proves the phone with the code sent to it (`acceptUsed`: a repeat shows the code the first one used). */
  const checkGuestCode = async (acceptUsed: boolean) => {
    if (!('guest' in input.customer) || input.customer.otp === null) return;
    const { guest, otp } = input.customer;
    await checkCode(ctx.codes, { purpose: 'guest_promo', identifier: guest.phone, code: otp, consume: false, acceptUsed, locale });
  };
  /** The order an earlier request with this key placed, once it is shown to be the same request (else 422). */
  const existing = async () => {
    if (!idempotencyKey) return undefined;
    const [earlier] = await ctx.database.rows<Pick<TableRow<typeof tables.orders>, 'id' | 'idempotency_fingerprint'>>(sql`
      SELECT id, idempotency_fingerprint FROM orders WHERE idempotency_key = ${idempotencyKey}`);
    if (!earlier) return undefined;
    // A guest's repeat shows its code before anything about that order is answered.
    await checkGuestCode(true);
    if (earlier.idempotency_fingerprint !== fingerprint)
      throw new ApiError(422, 'idempotency_key_reused', text(locale, 'idempotencyKeyReused'));
    const [order] = await shoppersOrders(
      ctx,
      locale,
      sql`ord.id = ${earlier.id}`,
      'userId' in input.customer ? input.customer.userId : null,
    );
    return order;
  };
  const first = await existing();
  if (first) return { order: first, created: false, payment: null };

  if (!ctx.config.paymentMethods.includes(input.paymentMethod)) {
    throw fieldError('payment_method', text(locale, input.paymentMethod === 'card' ? 'cardPaymentsOff' : 'paymentMethodUnavailable'));
  }
  const online = input.paymentMethod !== 'cod';
  // Used up inside the transaction.
  await checkGuestCode(false);

  const result = await inTransaction(ctx.database, async (rows) => {
    if (idempotencyKey) {
      // Same key at once: one waits for the other, then finds its order.
      await rows(sql`SELECT pg_advisory_xact_lock(hashtext(${idempotencyKey}))`);
      const [done] = await rows<Pick<TableRow<typeof tables.orders>, 'id' | 'idempotency_fingerprint'>>(sql`
        SELECT id, idempotency_fingerprint FROM orders WHERE idempotency_key = ${idempotencyKey}`);
      if (done && done.idempotency_fingerprint !== fingerprint)
        throw new ApiError(422, 'idempotency_key_reused', text(locale, 'idempotencyKeyReused'));
      if (done) return { orderId: done.id, created: false, payment: null };
    }
    const userId = 'userId' in input.customer ? input.customer.userId : null;
    const fromCart = userId !== null && input.items === undefined;
    const asked = fromCart ? await cartLines(rows, userId) : linesFromItems(input.items ?? []);
    if (!asked.length) throw new ApiError(400, 'cart_empty', text(locale, 'cartEmpty'));
    const lines = await resolveSizes(rows, locale, asked);
    const address = await resolveAddress(rows, locale, input);
    // The number is taken first, so the stock ledger can name the order its units left for.
    const numbered = oneRow(await rows<{ order_number: string }>(sql`SELECT 'AT' || nextval('order_number_seq') AS order_number`));
    await declareStockChange(rows, { reason: 'order', orderNumber: numbered.order_number, staffId: input.placedBy ?? null });
    const prices = await takeStock(rows, locale, lines);
    const priced = lines.map((line) => {
      const taken = prices.get(priceKey(line));
      // Stock was taken for every line, or the order was refused.
      if (!taken) throw new Error('A line of the order has no price.');
      return { ...line, price: taken.price };
    });

    const subtotal = priced.reduce((sum, line) => sum + line.price * line.quantity, 0);
    let promotion: Promotion | null = null;
    const code =
      input.promoCode ??
      (fromCart
        ? (
            await rows<Pick<TableRow<typeof tables.promotions>, 'code'>>(sql`
      SELECT p.code FROM cart_promotions cp JOIN promotions p ON p.id = cp.promotion_id WHERE cp.user_id = ${userId}`)
          )[0]?.code
        : undefined);
    const buyer =
      'userId' in input.customer ? await accountCustomer(rows, input.customer.userId) : guestCustomer(input.customer.guest.phone);
    if (code) promotion = await usablePromotion(rows, locale, code, buyer);
    const discount = promotion
      ? await promotionDiscount(
          rows,
          locale,
          promotion,
          priced.map((line) => ({ kind: line.kind, id: line.id, piastres: line.price * line.quantity })),
        )
      : 0;

    // The fee, the free-shipping threshold, the gift-wrap fee and the loyalty rates: the shop's settings of the day.
    const region = oneRow(
      await rows<
        Pick<TableRow<typeof tables.regions>, 'fee_piastres'> &
          Pick<
            TableRow<typeof tables.siteConfig>,
            'free_shipping_after_piastres' | 'gift_wrap_fee_piastres' | 'point_value_piastres' | 'piastres_per_point'
          >
      >(sql`
      SELECT r.fee_piastres, c.free_shipping_after_piastres, c.gift_wrap_fee_piastres, c.point_value_piastres, c.piastres_per_point
      FROM regions r, site_config c WHERE r.id = ${address.region_id} AND c.id = 1`),
    );
    let pointsOffered = 0;
    if (userId !== null && input.usePoints) {
      const [{ points: balance } = { points: 0 }] = await rows<Pick<TableRow<typeof tables.users>, 'points'>>(
        sql`SELECT points FROM users WHERE id = ${userId}`,
      );
      if (typeof input.usePoints === 'number' && input.usePoints > balance) {
        throw fieldError('use_points', text(locale, 'pointsBalance', { balance }));
      }
      pointsOffered = typeof input.usePoints === 'number' ? input.usePoints : balance;
    }
    // Points belong to accounts: a guest's order earns none. A return does not refund the gift wrap (a service).
    const amounts = orderAmounts(
      {
        subtotal,
        discount,
        pointsOffered,
        regionFee: region.fee_piastres,
        giftWrap: input.gift?.wrap ?? false,
        earnsPoints: userId !== null,
      },
      {
        pointValue: region.point_value_piastres,
        piastresPerPoint: region.piastres_per_point,
        freeShippingAfter: region.free_shipping_after_piastres,
        giftWrapFee: region.gift_wrap_fee_piastres,
      },
    );
    const { pointsUsed, pointsDiscount, total, pointsEarned, deliveryFee } = amounts;
    // The governorate's fee was given, so the rule answers a delivery fee.
    if (deliveryFee === null) throw new Error('An order with an address has no delivery fee.');
    const giftWrapFee = amounts.giftWrap;
    if (pointsUsed > 0) {
      const [spent] = await rows(
        sql`UPDATE users SET points = points - ${pointsUsed} WHERE id = ${userId} AND points >= ${pointsUsed} RETURNING id`,
      );
      if (!spent) throw fieldError('use_points', text(locale, 'pointsNotEnough'));
    }
    if (input.paymentMethod === 'valu' && total < ctx.config.valuMinPiastres) {
      throw fieldError('payment_method', text(locale, 'valuMinimum', { amount: money(locale, ctx.config.valuMinPiastres) }));
    }
    const guest = 'guest' in input.customer ? input.customer.guest : null;
    const guestOtp = 'guest' in input.customer ? input.customer.otp : null;
    const promise = await orderPromise(rows, address.region_id);
    // A cash order the shop's rule catches waits for its shopper's word; a phone order does not (staff spoke to them).
    const asksShopper =
      input.paymentMethod === 'cod' &&
      input.placedBy === undefined &&
      (await ruleCatches(rows, { userId, phone: buyer.phone, totalPiastres: total }));
    const firstStatus: OrderStatus = online ? 'pending_payment' : asksShopper ? 'awaiting_shopper' : 'placed';

    const order = oneRow(
      await rows<Pick<TableRow<typeof tables.orders>, 'id' | 'order_number'>>(sql`
      INSERT INTO orders (order_number, user_id, guest_name, guest_phone, guest_email, status, address, region_id, payment_method,
        subtotal_piastres, delivery_fee_piastres, discount_piastres, points_used, points_discount_piastres, points_earned,
        total_piastres, promotion_id, promo_code, notes, locale, idempotency_key, idempotency_fingerprint, customer_phone,
        channel, placed_by_staff_id, gift_wrap, gift_wrap_fee_piastres, gift_message, promised_earliest, promised_latest)
      VALUES (${numbered.order_number}, ${userId}, ${guest?.name ?? null}, ${guest?.phone ?? null}, ${guest?.email ?? null},
        ${firstStatus}, ${JSON.stringify(address)}::jsonb, ${address.region_id},
        ${input.paymentMethod}, ${subtotal}, ${deliveryFee}, ${discount}, ${pointsUsed}, ${pointsDiscount}, ${pointsEarned},
        ${total}, ${promotion?.id ?? null}, ${promotion?.code ?? null}, ${input.notes ?? ''}, ${input.shopperLocale ?? locale},
        ${idempotencyKey}, ${idempotencyKey ? fingerprint : null}, ${buyer.phone}, ${input.placedBy === undefined ? 'web' : 'phone'},
        ${input.placedBy ?? null}, ${input.gift?.wrap ?? false}, ${giftWrapFee}, ${input.gift?.message ?? null},
        ${promise.earliest}, ${promise.latest})
      RETURNING id, order_number`),
    );
    const orderId = order.id;
    // Every line in one statement: each round trip inside the transaction holds its stock row locks longer. Each
    // line's points are its share of the order's, which are earned on what is paid after discounts.
    const linePoints = sharePoints(
      priced.map((line) => line.price * line.quantity),
      pointsEarned,
    );
    const items = priced.map((line, index) => {
      const product = line.kind === 'product';
      return sql`(${orderId}, ${product ? line.id : null}, ${line.variant ?? null}, ${line.ml ?? null},
          ${product ? null : line.id}, ${line.quantity}, ${line.price}, ${linePoints[index]!})`;
    });
    await rows(sql`
      INSERT INTO order_items (order_id, product_id, variant_id, size_ml, offer_id, quantity, price_piastres, points)
      VALUES ${sql.join(items, sql`, `)}`);
    await rows(sql`INSERT INTO order_status_history (order_id, from_status, to_status)
      VALUES (${orderId}, NULL, ${firstStatus})`);
    if (asksShopper) await recordQuestion(rows, orderId);
    if (promotion) await recordUse(rows, locale, promotion, orderId, buyer.key);
    if (pointsUsed > 0) {
      await rows(sql`INSERT INTO points_ledger (user_id, change, reason, order_number)
        VALUES (${userId}, ${-pointsUsed}, 'redeemed', ${order.order_number})`);
    }
    if (guest && guestOtp !== null) {
      const [used] = await rows(sql`
        UPDATE verification_codes SET consumed_at = now()
        WHERE id = (SELECT id FROM verification_codes WHERE purpose = 'guest_promo' AND identifier = ${guest.phone}
                    ORDER BY created_at DESC, id DESC LIMIT 1) AND consumed_at IS NULL RETURNING id`);
      if (!used) throw new ApiError(400, 'code_used', text(locale, 'checkoutCodeUsed'));
    }
    if (fromCart) {
      // The whole cart (products, offers, applied code, the extras this order was sent with) in one statement.
      await rows(sql`
        WITH product_lines AS (DELETE FROM cart_product_lines WHERE user_id = ${userId}),
          offer_lines AS (DELETE FROM cart_offer_lines WHERE user_id = ${userId}),
          extras AS (DELETE FROM cart_extras WHERE user_id = ${userId})
        DELETE FROM cart_promotions WHERE user_id = ${userId}`);
    }
    if (input.placedBy !== undefined) {
      await recordAudit(rows, {
        staffId: input.placedBy,
        action: 'order.place_by_phone',
        entity: 'order',
        entityId: orderId,
        after: { order_number: order.order_number, customer_phone: buyer.phone, total_piastres: total },
      });
    }
    let payment: Placed['payment'] = null;
    if (input.paymentMethod !== 'cod') {
      const reference = newPaymentReference();
      const row = oneRow(
        await rows<Pick<TableRow<typeof tables.payments>, 'id'>>(sql`
        INSERT INTO payments (order_id, provider, method, reference, amount_piastres)
        VALUES (${orderId}, ${ctx.config.cardGateway}, ${input.paymentMethod}, ${reference}, ${total}) RETURNING id`),
      );
      payment = { id: row.id, reference, method: input.paymentMethod, walletPhone: input.walletPhone ?? address.phone };
    }
    // The confirmation (a cash order is placed or asks its shopper, an online one waits for its payment, or is sent
    // its payment link) commits with the order; a kiosk order's waits for its reference, which it must carry
    // (payments/service.ts `startPayment`).
    if (online && input.payByLink) {
      await sendPaymentLink(rows, ctx.config, { orderId, staffId: input.placedBy ?? null });
    } else if (input.paymentMethod !== 'kiosk') {
      await queueOrderMessage(rows, ctx.config, { orderId, status: firstStatus });
    }
    return { orderId, created: true, payment };
  }).catch(async (error: unknown) => {
    // A duplicate that slipped past the lock (never expected) still answers with the first order.
    const constraint = (error as { cause?: { constraint?: string } })?.cause?.constraint;
    if (constraint === 'orders_idempotency_unique') {
      const replay = await existing();
      if (replay) return { orderId: replay.id, created: false, payment: null };
    }
    throw error;
  });
  const order = oneRow(
    await shoppersOrders(ctx, locale, sql`ord.id = ${result.orderId}`, 'userId' in input.customer ? input.customer.userId : null),
  );
  return { order, created: result.created, payment: result.payment };
}
