/**
 * Sends e-mail (nodemailer over SMTP_URL) and SMS (an HTTP gateway at SMS_GATEWAY_URL). In demo mode a channel with
 * nothing configured writes to the development outbox instead: a table developers and tests read. Production cannot
 * start without both (config.ts), and has no outbox whatever is set.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { CounterStore } from '../ratelimit/counters';
import { enforce } from '../ratelimit/limits';

/**
 * An e-mail: the plain-text part always, the HTML part and extra headers (List-Unsubscribe…) when the message has them,
 * and its own Message-ID when the sender must recognise a resend (the outbox's `<queued-<id>@…>`).
 */
export type Email = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string>; messageId?: string };
/** An SMS; `idempotencyKey` goes to the gateway as the `Idempotency-Key` header, for it to drop a resend. */
export type Sms = { to: string; text: string; idempotencyKey?: string };
/** What the provider called the message it accepted (nodemailer's Message-ID, the gateway's id), when it said. */
export type Sent = { providerId: string | null };

/** Every send gives up within this: a worker's lease on a queued message (30 s) outlasts any one send. */
export const SEND_TIMEOUT_MS = 10_000;

export interface Delivery {
  sendEmail(message: Email): Promise<Sent>;
  /**
   * Sends an SMS. The shop-wide hourly ceiling against SMS pumping applies unless `shopWideCeiling` is false: only for
   * messages no stranger can trigger (an order's, decision 0032).
   */
  sendSms(message: Sms, options?: { shopWideCeiling: boolean }): Promise<Sent>;
  /** True in demo mode while at least one channel writes to the development outbox. */
  readonly usesOutbox: boolean;
}

export function createDelivery(config: Config, database: Database, counters: CounterStore, log: FastifyBaseLogger): Delivery {
  const { smtpUrl, mailFrom, smsGatewayUrl, smsGatewayToken } = config.delivery;
  const mailer: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      })
    : undefined;

  const toOutbox = async (
    channel: 'email' | 'sms',
    recipient: string,
    subject: string | null,
    body: string,
    extra: { html?: string; headers?: Record<string, string> } = {},
  ) => {
    if (config.mode !== 'demo') throw new Error(`No ${channel} transport is configured`);
    const headers = extra.headers ? JSON.stringify(extra.headers) : null;
    await database.rows(sql`
      INSERT INTO outbox_messages (channel, recipient, subject, body, html, headers)
      VALUES (${channel}, ${recipient}, ${subject}, ${body}, ${extra.html ?? null}, ${headers}::jsonb)`);
    // Never the body: it carries codes, and logs travel further than the outbox.
    log.info({ channel, recipient, subject }, `development outbox: ${channel} to ${recipient}`);
    return { providerId: null };
  };

  return {
    usesOutbox: config.mode === 'demo' && (!mailer || !smsGatewayUrl),
    async sendEmail({ to, subject, text, html, headers, messageId }) {
      if (!mailer)
        return toOutbox('email', to, subject, text, { html, headers: messageId ? { ...headers, 'Message-ID': messageId } : headers });
      const info = await mailer.sendMail({ from: mailFrom, to, subject, text, html, headers, messageId });
      return { providerId: info.messageId ?? null };
    },
    async sendSms({ to, text, idempotencyKey }, options = { shopWideCeiling: true }) {
      // A ceiling on what the whole shop sends in an hour: SMS pumping through any number of addresses and phones
      // stops there (per phone and per address, the code service counts sends too).
      if (options.shopWideCeiling) await enforce(counters, 'sms:shop-wide', { max: config.delivery.smsHourlyLimit, windowMs: 3_600_000 });
      if (!smsGatewayUrl) return toOutbox('sms', to, null, text);
      const response = await fetch(smsGatewayUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(smsGatewayToken ? { authorization: `Bearer ${smsGatewayToken}` } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: JSON.stringify({ to, message: text }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      return { providerId: await gatewayId(response) };
    },
  };
}

/** The gateway's id for the SMS, when its answer is JSON with one (`id` or `message_id`). */
async function gatewayId(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { id?: unknown; message_id?: unknown } | null;
  const id = body?.id ?? body?.message_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** The newest outbox messages to one recipient (an e-mail address or an E.164 phone). */
export async function readOutbox(database: Database, recipient: string, limit = 20) {
  return database.rows<
    Pick<TableRow<typeof tables.outboxMessages>, 'id' | 'channel' | 'recipient' | 'subject' | 'body' | 'created_at'>
  >(sql`
    SELECT id, channel, recipient, subject, body, to_json(created_at) #>> '{}' AS created_at FROM outbox_messages
    WHERE recipient = ${recipient}
    ORDER BY id DESC LIMIT ${limit}`);
}
