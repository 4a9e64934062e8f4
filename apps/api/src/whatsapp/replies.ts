/**
 * Shoppers' answers on WhatsApp. A placed cash order's message has two quick-reply buttons (messages/order-messages.ts)
 * whose payloads name the answer and the order (`confirm:A-1234`, `cancel:A-1234`). Every inbound message is recorded
 * once (`whatsapp_replies`, by WhatsApp's id); one the shop understands, from the order's own delivery phone, is handed
 * to `ShopperReplies.onShopperReply` in the same transaction: cash-order confirmation's (confirmations/service.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { inTransaction, type Rows } from '../db/transaction';

export type ShopperAnswer = 'confirm' | 'cancel';
/** A shopper's answer about one of their orders. */
export type ShopperReply = { orderNumber: string; answer: ShopperAnswer };

/** What the shop does with a shopper's answer, inside the transaction that records it (a throw records nothing). */
export interface ShopperReplies {
  onShopperReply(rows: Rows, reply: ShopperReply): Promise<void>;
}

/** An inbound message as the webhook gives it: WhatsApp's id, the sender's number, a button's payload or the text. */
export type InboundMessage = { providerId: string; from: string; body: string };

const PAYLOAD = /^(confirm|cancel):([A-Za-z0-9-]{1,40})$/;

/** The answer a payload names, when it names one. */
export function parseReplyPayload(body: string): ShopperReply | undefined {
  const [, answer, orderNumber] = PAYLOAD.exec(body.trim()) ?? [];
  return (answer === 'confirm' || answer === 'cancel') && orderNumber !== undefined ? { answer, orderNumber } : undefined;
}

/**
 * Records each inbound message once and hands a known answer to `replies`. An answer about an order whose delivery
 * phone is not the sender's is recorded as unknown: a button's payload can be typed by anyone.
 */
export async function receiveReplies(database: Database, replies: ShopperReplies, messages: InboundMessage[]) {
  for (const message of messages)
    await inTransaction(database, async (rows) => {
      const parsed = parseReplyPayload(message.body);
      const [owned] = parsed
        ? await rows<Pick<TableRow<typeof tables.orders>, 'id'>>(sql`
            SELECT id FROM orders WHERE order_number = ${parsed.orderNumber}
              AND regexp_replace(address->>'phone', '\\D', '', 'g') = regexp_replace(${message.from}, '\\D', '', 'g')`)
        : [];
      const reply = owned ? parsed : undefined;
      const [recorded] = await rows<Pick<TableRow<typeof tables.whatsappReplies>, 'id'>>(sql`
        INSERT INTO whatsapp_replies (provider_id, from_phone, body, order_number, answer)
        VALUES (${message.providerId}, ${message.from}, ${message.body.slice(0, 1000)}, ${reply?.orderNumber ?? null}, ${reply?.answer ?? null})
        ON CONFLICT (provider_id) DO NOTHING RETURNING id`);
      if (recorded && reply) await replies.onShopperReply(rows, reply);
    });
}
