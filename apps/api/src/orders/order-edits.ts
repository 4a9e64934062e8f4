/**
 * Correcting an order before its hand-over (decision 0057): its lines (units, sizes, lines removed and added), its
 * address and with it the governorate's fee, or a fee set by hand with a reason. One transaction on the order's row,
 * locked and checked against the version the edit was decided on: the stock moves by the difference in the ledger
 * (never below zero), kept lines keep the price they were ordered at and new ones take today's, the promotion is asked
 * again what it takes off the new lines (the checkout's own `promotionDiscount`), the points spent stay within the
 * rule and those earned follow the new amount, all by `orderAmounts`; the audit entry holds before and after, and the
 * shopper is told the new total through the outbox. A paid order's lower total is refunded after the commit; a higher
 * one leaves it owing the difference, asked for by its payment link in the same transaction (decision 0062). A preview
 * runs the same code and rolls back.
 */
import { sql } from 'drizzle-orm';
import {
  staffMay,
  type Locale,
  type OrderEditAmounts,
  type StaffOrderEditPreview,
  type StaffOrderEditRequest,
  type StaffRole,
} from '@attar/contract';
import { ORDER_EDITABLE_STATUSES, orderAmounts, sharePoints, toPiastres, type OrderAmounts } from '@attar/contract/rules';
import { recordAudit } from '../audit/service';
import { orderPromise } from '../checkout/delivery';
import type * as tables from '../db/schema';
import { oneRow, rowOrNotFound } from '../db/one-row';
import type { TableRow } from '../db/table-row';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError, fieldError } from '../http/errors';
import { money, statusName, text } from '../i18n/catalogue';
import { queueOrderMessage } from '../messages/outbox';
import { sendPaymentLink } from '../payment-links/service';
import { balanceDueSql } from '../payments/balance';
import { openBalancePayment, refundAcross } from '../payments/service';
import { orderPromotion, promotionDiscount } from '../promotions/service';
import { declareStockChange } from '../stock/ledger';
import { OrderChanged } from './process';
import {
  addressSnapshot,
  linesFromItems,
  priceKey,
  resolveSizes,
  StockConflict,
  unitsBySize,
  type AddressSnapshot,
  type SizedLine,
} from './service';
import { orderChanged, staffOrder, type StaffOrdersContext } from './staff-service';

type OrderRow = Pick<
  TableRow<typeof tables.orders>,
  | 'id'
  | 'order_number'
  | 'status'
  | 'version'
  | 'user_id'
  | 'payment_method'
  | 'region_id'
  | 'subtotal_piastres'
  | 'delivery_fee_piastres'
  | 'delivery_fee_reason'
  | 'discount_piastres'
  | 'points_used'
  | 'points_discount_piastres'
  | 'points_earned'
  | 'total_piastres'
  | 'promotion_id'
  | 'promo_code'
  | 'gift_wrap'
  | 'gift_wrap_fee_piastres'
> & { address: AddressSnapshot };

/** An order item as a line: a product in its size, or an offer, as the order_items checks keep them. */
function sizedLineOf(
  item: Pick<TableRow<typeof tables.orderItems>, 'product_id' | 'variant_id' | 'size_ml' | 'offer_id' | 'quantity'>,
): SizedLine {
  if (item.product_id !== null && item.variant_id !== null)
    return { kind: 'product', id: item.product_id, variant: item.variant_id, ml: item.size_ml, quantity: item.quantity };
  if (item.offer_id !== null) return { kind: 'offer', id: item.offer_id, quantity: item.quantity };
  throw new Error('An order item is neither a product in a size nor an offer.');
}

/** A line as the order holds it, or will: its unit price, and its name in both languages for the audit log. */
type PricedLine = SizedLine & { price: number; name: { en: string; ar: string }; itemId: number | null };

type ShortLine = StaffOrderEditPreview['short'][number];

/** 400 naming why; the edit changes nothing. */
const refuse = (code: string, detail: string) => new ApiError(400, code, detail);

const unitsByOffer = (lines: SizedLine[]) => new Map(lines.filter((l) => l.kind === 'offer').map((l) => [l.id, l.quantity]));

/**
 * Moves the stock by the difference between what the order held and what it will hold: sizes in id order, then
 * offers (the same order as placing, so two transactions never wait on each other in a cycle). A unit more is taken
 * by a conditional update that never goes below zero (and only of a published product); a unit less goes back.
 * Returns the sizes and offers that could not give what was asked.
 */
async function moveStock(rows: Rows, before: SizedLine[], after: SizedLine[]) {
  const [was, will] = [await unitsBySize(rows, before), await unitsBySize(rows, after)];
  const short = { sizes: new Set<number>(), offers: new Set<number>() };
  for (const variant of [...new Set([...was.keys(), ...will.keys()])].sort((a, b) => a - b)) {
    const change = (will.get(variant) ?? 0) - (was.get(variant) ?? 0);
    if (change > 0) {
      const [taken] = await rows(sql`
        UPDATE product_variants v SET stock = v.stock - ${change} FROM products p
        WHERE v.id = ${variant} AND p.id = v.product_id AND p.is_published AND v.stock >= ${change} RETURNING v.id`);
      if (!taken) short.sizes.add(variant);
    } else if (change < 0) await rows(sql`UPDATE product_variants SET stock = stock + ${-change} WHERE id = ${variant}`);
  }
  const [offersWas, offersWill] = [unitsByOffer(before), unitsByOffer(after)];
  for (const offer of [...new Set([...offersWas.keys(), ...offersWill.keys()])].sort((a, b) => a - b)) {
    const change = (offersWill.get(offer) ?? 0) - (offersWas.get(offer) ?? 0);
    if (change > 0) {
      const [taken] = await rows(sql`
        UPDATE offers SET stock = stock - ${change} WHERE id = ${offer} AND is_published AND stock >= ${change} RETURNING id`);
      if (!taken) short.offers.add(offer);
    } else if (change < 0) await rows(sql`UPDATE offers SET stock = stock + ${-change} WHERE id = ${offer}`);
  }
  return { short, held: was };
}

/** The new lines that cannot be served, with what the shelves and this order hold of each (read before any rollback). */
async function shortLines(rows: Rows, locale: Locale, lines: PricedLine[], short: Awaited<ReturnType<typeof moveStock>>) {
  const result: ShortLine[] = [];
  for (const line of lines) {
    const variant = line.kind === 'product' ? line.variant : null;
    if (variant !== null ? !short.short.sizes.has(variant) : !short.short.offers.has(line.id)) continue;
    const [row] = await rows<{ available: number }>(
      variant !== null
        ? sql`SELECT CASE WHEN p.is_published THEN v.stock ELSE 0 END AS available
            FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ${variant}`
        : sql`SELECT CASE WHEN is_published THEN stock ELSE 0 END AS available FROM offers WHERE id = ${line.id}`,
    );
    const held = variant !== null ? (short.held.get(variant) ?? 0) : line.itemId === null ? 0 : line.quantity;
    result.push({
      kind: line.kind,
      id: line.id,
      variant: line.variant ?? null,
      size_ml: line.ml ?? null,
      name: line.name[locale],
      requested: line.quantity,
      available: (row?.available ?? 0) + Math.min(held, line.quantity),
    });
  }
  return result;
}

/**
 * The new lines priced: a line the order already had (the same size, or the same offer) keeps the price it was
 * ordered at; a new one takes today's.
 */
async function priceLines(rows: Rows, locale: Locale, lines: SizedLine[], kept: Map<string, PricedLine>): Promise<PricedLine[]> {
  const fresh = lines.filter((line) => !kept.has(priceKey(line)));
  const today = await rows<{ key: string; price: number } & Pick<TableRow<typeof tables.products>, 'name_en' | 'name_ar'>>(sql`
    SELECT 'variant:' || v.id AS key, v.price_piastres AS price, p.name_en, p.name_ar
    FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.id = ANY(${sql.param(fresh.flatMap((l) => (l.kind === 'product' ? [l.variant] : [])))}::int[])
    UNION ALL
    SELECT 'offer:' || o.id, o.price_piastres, o.name_en, o.name_ar FROM offers o
    WHERE o.id = ANY(${sql.param(fresh.flatMap((l) => (l.kind === 'offer' ? [l.id] : [])))}::int[])`);
  return lines.map((line) => {
    const was = kept.get(priceKey(line));
    if (was) return { ...line, price: was.price, name: was.name, itemId: was.itemId };
    // Sizes were resolved against the catalogue; an offer is first looked up here.
    const now = today.find((row) => row.key === priceKey(line));
    if (!now) throw fieldError('items', text(locale, line.kind === 'offer' ? 'offerNotFound' : 'sizeNotFound'));
    return { ...line, price: now.price, name: { en: now.name_en, ar: now.name_ar }, itemId: null };
  });
}

/** The address with its governorate and city named in both languages, as the audit log keeps it. */
async function namedAddress(rows: Rows, address: AddressSnapshot) {
  const names = oneRow(
    await rows<{ region: { en: string; ar: string }; city: { en: string; ar: string } }>(sql`
    SELECT json_build_object('en', r.name_en, 'ar', r.name_ar) AS region, json_build_object('en', c.name_en, 'ar', c.name_ar) AS city
    FROM regions r, cities c WHERE r.id = ${address.region_id} AND c.id = ${address.city_id}`),
  );
  // Its own key order, whichever the address was read in (jsonb sorts keys): equal addresses compare equal.
  const { name, phone, region_id, city_id, street, building, floor, apartment, landmark } = address;
  return { name, phone, region_id, city_id, street, building, floor, apartment, landmark, ...names };
}

const auditLines = (lines: PricedLine[]) =>
  lines.map((line) => ({ name: line.name, size_ml: line.ml ?? null, quantity: line.quantity, price_piastres: line.price }));

const pounds = (amounts: Omit<OrderAmounts, 'payable' | 'deliveryFee'> & { deliveryFee: number | null }): OrderEditAmounts => ({
  subtotal: amounts.subtotal / 100,
  discount: amounts.discount / 100,
  points_used: amounts.pointsUsed,
  points_discount: amounts.pointsDiscount / 100,
  delivery_fee: (amounts.deliveryFee ?? 0) / 100,
  gift_wrap: amounts.giftWrap / 100,
  total: amounts.total / 100,
  points_earned: amounts.pointsEarned,
});

/** Thrown to roll a preview back with what it found. */
class Previewed {
  constructor(readonly preview: StaffOrderEditPreview) {}
}

type Editor = { id: number; role: StaffRole };

/**
 * The edit, up to the point where it is written: every check and every amount, inside `rows`' transaction. Returns
 * what the preview answers and what the save writes.
 */
async function planEdit(
  rows: Rows,
  ctx: Pick<StaffOrdersContext, 'config'>,
  editor: Editor,
  locale: Locale,
  orderId: number,
  input: StaffOrderEditRequest,
) {
  const order = rowOrNotFound(
    await rows<OrderRow>(sql`
    SELECT id, order_number, status, version, user_id, payment_method, address, region_id, subtotal_piastres, delivery_fee_piastres,
      delivery_fee_reason, discount_piastres, points_used, points_discount_piastres, points_earned, total_piastres, promotion_id,
      promo_code, gift_wrap, gift_wrap_fee_piastres
    FROM orders WHERE id = ${orderId} FOR UPDATE`),
    text(locale, 'notFound'),
  );
  if (order.version !== input.version) throw new OrderChanged(locale);
  if (!(ORDER_EDITABLE_STATUSES as readonly string[]).includes(order.status))
    throw refuse('order_not_editable', text(locale, 'orderNotEditable', { status: statusName(locale, order.status) }));

  const feeByHand = input.delivery_fee ? { piastres: toPiastres(input.delivery_fee.amount), reason: input.delivery_fee.reason } : null;
  const feeWas = order.delivery_fee_reason === null ? null : { piastres: order.delivery_fee_piastres, reason: order.delivery_fee_reason };
  if (JSON.stringify(feeByHand) !== JSON.stringify(feeWas) && !staffMay(editor.role, 'setDeliveryFees'))
    throw new ApiError(403, 'permission_denied', text(locale, 'permissionDenied'));

  const items = await rows<
    Pick<
      TableRow<typeof tables.orderItems>,
      'id' | 'product_id' | 'variant_id' | 'size_ml' | 'offer_id' | 'quantity' | 'price_piastres'
    > & {
      name_en: string;
      name_ar: string;
    }
  >(sql`
    SELECT oi.id, oi.product_id, oi.variant_id, oi.size_ml, oi.offer_id, oi.quantity, oi.price_piastres,
      coalesce(p.name_en, o.name_en) AS name_en, coalesce(p.name_ar, o.name_ar) AS name_ar
    FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id LEFT JOIN offers o ON o.id = oi.offer_id
    WHERE oi.order_id = ${orderId} ORDER BY oi.id`);
  const before: PricedLine[] = items.map((item) => ({
    ...sizedLineOf(item),
    quantity: item.quantity,
    price: item.price_piastres,
    name: { en: item.name_en, ar: item.name_ar },
    itemId: item.id,
  }));
  const after = await priceLines(
    rows,
    locale,
    await resolveSizes(rows, locale, linesFromItems(input.items)),
    new Map(before.map((line) => [priceKey(line), line])),
  );

  await declareStockChange(rows, { reason: 'order_edit', orderNumber: order.order_number, staffId: editor.id });
  const stock = await moveStock(rows, before, after);
  const short = await shortLines(rows, locale, after, stock);

  const address = input.address ? await addressSnapshot(rows, locale, input.address) : order.address;
  const rates = oneRow(
    await rows<
      Pick<TableRow<typeof tables.regions>, 'fee_piastres'> &
        Pick<TableRow<typeof tables.siteConfig>, 'free_shipping_after_piastres' | 'point_value_piastres' | 'piastres_per_point'>
    >(sql`
    SELECT r.fee_piastres, c.free_shipping_after_piastres, c.point_value_piastres, c.piastres_per_point
    FROM regions r, site_config c WHERE r.id = ${address.region_id} AND c.id = 1`),
  );

  const subtotal = after.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const promotion = order.promotion_id !== null && !input.remove_promotion ? await orderPromotion(rows, order.promotion_id) : null;
  let discount = 0;
  let promotionRefusal: ApiError | null = null;
  if (promotion) {
    discount = await promotionDiscount(
      rows,
      locale,
      promotion,
      after.map((line) => ({ kind: line.kind, id: line.id, piastres: line.price * line.quantity })),
    ).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      promotionRefusal = error;
      return 0;
    });
  }
  const reckoned = orderAmounts(
    {
      subtotal,
      discount,
      // The points the shopper spent, never more: fewer when the goods no longer cost as much.
      pointsOffered: order.points_used,
      regionFee: rates.fee_piastres,
      giftWrap: order.gift_wrap,
      earnsPoints: order.user_id !== null,
      feeByHand: feeByHand?.piastres ?? null,
    },
    {
      // Points were spent at the value of the day the order was placed.
      pointValue: order.points_used > 0 ? order.points_discount_piastres / order.points_used : rates.point_value_piastres,
      piastresPerPoint: rates.piastres_per_point,
      freeShippingAfter: rates.free_shipping_after_piastres,
      giftWrapFee: order.gift_wrap_fee_piastres,
    },
  );
  // The governorate's fee was given, so the rule answers a delivery fee.
  if (reckoned.deliveryFee === null) throw new Error('An order with an address has no delivery fee.');
  const amounts = { ...reckoned, deliveryFee: reckoned.deliveryFee };

  // A paid order: what its payments kept, and what it already owes (a balance asked for by an earlier edit).
  const [payment] =
    order.payment_method === 'cod'
      ? []
      : await rows<{ kept: number; owed: number; with_courier: boolean }>(sql`
        SELECT coalesce(sum(p.amount_piastres - p.refunded_piastres), 0)::int AS kept, ${balanceDueSql(sql`o`)} AS owed,
          EXISTS (SELECT 1 FROM courier_deliveries d WHERE d.order_id = o.id AND d.status <> 'failed') AS with_courier
        FROM orders o JOIN payments p ON p.order_id = o.id AND p.status IN ('paid', 'refund_pending', 'refunded')
          AND p.transaction_id IS NOT NULL
        WHERE o.id = ${orderId} GROUP BY o.id`);
  const difference = amounts.total - order.total_piastres;
  const balanceDue = payment ? Math.max(0, amounts.total - payment.kept) : 0;
  const refused = !payment
    ? null
    : payment.owed > 0
      ? // The link asks for that balance; another amount would leave the shopper paying one that no longer holds.
        { status: 409, code: 'balance_unpaid', detail: text(locale, 'orderEditBalanceUnpaid', { amount: money(locale, payment.owed) }) }
      : balanceDue > 0 && ctx.config.cardGateway === 'none'
        ? { status: 400, code: 'online_payments_off', detail: text(locale, 'orderEditNoGateway', { amount: money(locale, balanceDue) }) }
        : balanceDue > 0 && payment.with_courier
          ? // The courier may collect the parcel before the balance is paid: nothing would hold it.
            {
              status: 409,
              code: 'already_with_courier',
              detail: text(locale, 'orderEditWithCourier', { amount: money(locale, balanceDue) }),
            }
          : null;

  const was = {
    items: auditLines(before),
    address: await namedAddress(rows, order.address),
    delivery_fee_piastres: order.delivery_fee_piastres,
    delivery_fee_reason: order.delivery_fee_reason,
    promo_code: order.promo_code,
    subtotal_piastres: order.subtotal_piastres,
    discount_piastres: order.discount_piastres,
    points_used: order.points_used,
    total_piastres: order.total_piastres,
  };
  const will = {
    items: auditLines(after),
    address: await namedAddress(rows, address),
    delivery_fee_piastres: amounts.deliveryFee,
    delivery_fee_reason: feeByHand?.reason ?? null,
    promo_code: promotion ? order.promo_code : null,
    subtotal_piastres: amounts.subtotal,
    discount_piastres: amounts.discount,
    points_used: amounts.pointsUsed,
    total_piastres: amounts.total,
  };
  const preview: StaffOrderEditPreview = {
    before: pounds({
      subtotal: order.subtotal_piastres,
      discount: order.discount_piastres,
      pointsUsed: order.points_used,
      pointsDiscount: order.points_discount_piastres,
      deliveryFee: order.delivery_fee_piastres,
      giftWrap: order.gift_wrap_fee_piastres,
      total: order.total_piastres,
      pointsEarned: order.points_earned,
    }),
    after: pounds(amounts),
    difference: difference / 100,
    promotion:
      order.promotion_id === null
        ? null
        : {
            code: order.promo_code ?? '',
            applies: promotion !== null && promotionRefusal === null,
            detail: (promotionRefusal as ApiError | null)?.message ?? null,
          },
    short,
    refund: payment && difference < 0 ? -difference / 100 : 0,
    balance_due: balanceDue / 100,
    refused: refused && { code: refused.code, detail: refused.detail },
  };
  return {
    order,
    before,
    after,
    address,
    amounts,
    feeByHand,
    promotion,
    promotionRefusal,
    payment,
    balanceDue,
    refused,
    short,
    was,
    will,
    preview,
  };
}

/** What saving the edit would do, nothing changed (the same code as the save, rolled back). */
export async function previewOrderEdit(
  ctx: StaffOrdersContext,
  editor: Editor,
  locale: Locale,
  orderId: number,
  input: StaffOrderEditRequest,
): Promise<StaffOrderEditPreview> {
  try {
    await inTransaction(ctx.database, async (rows) => {
      throw new Previewed((await planEdit(rows, ctx, editor, locale, orderId, input)).preview);
    });
  } catch (error) {
    if (error instanceof Previewed) return error.preview;
    if (error instanceof OrderChanged) throw await orderChanged(ctx, locale, orderId);
    throw error;
  }
  throw new Error('A preview always rolls back');
}

/**
 * Saves the edit in one transaction, then refunds what a paid order's lower total gives back. A paid order's higher
 * total opens a payment for the balance and sends its link, whose message tells the new total too (decision 0062).
 */
export async function editOrder(ctx: StaffOrdersContext, editor: Editor, locale: Locale, orderId: number, input: StaffOrderEditRequest) {
  let refund = 0;
  try {
    await inTransaction(ctx.database, async (rows) => {
      const plan = await planEdit(rows, ctx, editor, locale, orderId, input);
      const { order, amounts, after } = plan;
      if (plan.short.length) throw new StockConflict(locale, plan.short);
      if (plan.promotionRefusal) throw plan.promotionRefusal;
      if (plan.refused) throw new ApiError(plan.refused.status, plan.refused.code, plan.refused.detail);
      if (JSON.stringify(plan.was) === JSON.stringify(plan.will)) throw refuse('nothing_to_change', text(locale, 'orderEditNothing'));

      const newRegion = plan.address.region_id !== order.region_id;
      const promise = newRegion ? await orderPromise(rows, plan.address.region_id) : null;
      const moved = await rows<Pick<TableRow<typeof tables.orders>, 'version'>>(sql`
        UPDATE orders SET address = ${JSON.stringify(plan.address)}::jsonb, region_id = ${plan.address.region_id},
          subtotal_piastres = ${amounts.subtotal}, delivery_fee_piastres = ${amounts.deliveryFee},
          delivery_fee_reason = ${plan.feeByHand?.reason ?? null}, discount_piastres = ${amounts.discount},
          points_used = ${amounts.pointsUsed}, points_discount_piastres = ${amounts.pointsDiscount},
          points_earned = ${amounts.pointsEarned}, total_piastres = ${amounts.total},
          promotion_id = ${plan.promotion?.id ?? null}, promo_code = ${plan.promotion ? order.promo_code : null},
          ${promise ? sql`promised_earliest = ${promise.earliest}, promised_latest = ${promise.latest},` : sql``}
          version = version + 1, updated_at = now()
        WHERE id = ${orderId} AND version = ${input.version} RETURNING version`);
      const version = oneRow(moved).version;

      // Kept lines stay the same rows (their ids are what returns and the timeline name); each line's points are its
      // share of the order's.
      const points = sharePoints(
        after.map((line) => line.price * line.quantity),
        amounts.pointsEarned,
      );
      const keptIds = after.flatMap((line) => (line.itemId === null ? [] : [line.itemId]));
      await rows(sql`DELETE FROM order_items WHERE order_id = ${orderId} AND id <> ALL(${sql.param(keptIds)}::int[])`);
      for (const [index, line] of after.entries()) {
        const product = line.kind === 'product';
        if (line.itemId !== null)
          await rows(sql`UPDATE order_items SET quantity = ${line.quantity}, points = ${points[index]!} WHERE id = ${line.itemId}`);
        else
          await rows(sql`
            INSERT INTO order_items (order_id, product_id, variant_id, size_ml, offer_id, quantity, price_piastres, points)
            VALUES (${orderId}, ${product ? line.id : null}, ${line.variant ?? null}, ${line.ml ?? null},
              ${product ? null : line.id}, ${line.quantity}, ${line.price}, ${points[index]!})`);
      }
      if (order.promotion_id !== null && !plan.promotion) await rows(sql`DELETE FROM promotion_uses WHERE order_id = ${orderId}`);
      const pointsBack = order.points_used - amounts.pointsUsed;
      if (order.user_id !== null && pointsBack > 0) {
        await rows(sql`UPDATE users SET points = points + ${pointsBack} WHERE id = ${order.user_id}`);
        await rows(sql`INSERT INTO points_ledger (user_id, change, reason, order_number)
          VALUES (${order.user_id}, ${pointsBack}, 'returned_on_edit', ${order.order_number})`);
      }
      await recordAudit(rows, {
        staffId: editor.id,
        action: 'order.edit',
        entity: 'order',
        entityId: orderId,
        before: { ...plan.was, balance_due_piastres: 0 },
        after: { ...plan.will, balance_due_piastres: plan.balanceDue },
      });
      if (plan.balanceDue > 0) {
        await openBalancePayment(rows, ctx.config, orderId, plan.balanceDue);
        // The link's message tells the new total and what is left to pay: one message, not two.
        await sendPaymentLink(rows, ctx.config, { orderId, staffId: editor.id, renew: true });
      } else await queueOrderMessage(rows, ctx.config, { orderId, event: 'order_edited', version });
      if (plan.payment && amounts.total < order.total_piastres) refund = order.total_piastres - amounts.total;
    });
  } catch (error) {
    if (error instanceof OrderChanged) throw await orderChanged(ctx, locale, orderId);
    throw error;
  }
  if (refund > 0) await refundAcross(ctx, orderId, refund, 'order_edited');
  return staffOrder(ctx, locale, orderId);
}
