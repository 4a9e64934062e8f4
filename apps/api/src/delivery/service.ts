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
import type { CounterStore } from '../ratelimit/counters';
import { enforce } from '../ratelimit/limits';

/** An e-mail: the plain-text part always, the HTML part and extra headers (List-Unsubscribe…) when the message has them. */
export type Email = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
export type Sms = { to: string; text: string };

export interface Delivery {
  sendEmail(message: Email): Promise<void>;
  sendSms(message: Sms): Promise<void>;
  /** True in demo mode while at least one channel writes to the development outbox. */
  readonly usesOutbox: boolean;
}

export function createDelivery(config: Config, database: Database, counters: CounterStore, log: FastifyBaseLogger): Delivery {
  const { smtpUrl, mailFrom, smsGatewayUrl, smsGatewayToken } = config.delivery;
  const mailer: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

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
  };

  return {
    usesOutbox: config.mode === 'demo' && (!mailer || !smsGatewayUrl),
    async sendEmail({ to, subject, text, html, headers }) {
      if (!mailer) return toOutbox('email', to, subject, text, { html, headers });
      await mailer.sendMail({ from: mailFrom, to, subject, text, html, headers });
    },
    async sendSms({ to, text }) {
      // A ceiling on what the whole shop sends in an hour: SMS pumping through any number of addresses and phones
      // stops there (per phone and per address, the code service counts sends too).
      await enforce(counters, 'sms:shop-wide', { max: config.delivery.smsHourlyLimit, windowMs: 3_600_000 });
      if (!smsGatewayUrl) return toOutbox('sms', to, null, text);
      const response = await fetch(smsGatewayUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(smsGatewayToken ? { authorization: `Bearer ${smsGatewayToken}` } : {}),
        },
        body: JSON.stringify({ to, message: text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** The newest outbox messages to one recipient (an e-mail address or an E.164 phone). */
export async function readOutbox(database: Database, recipient: string, limit = 20) {
  return database.rows<{
    id: number;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    body: string;
    created_at: string;
  }>(sql`
    SELECT id, channel, recipient, subject, body, to_json(created_at) #>> '{}' AS created_at FROM outbox_messages
    WHERE recipient = ${recipient}
    ORDER BY id DESC LIMIT ${limit}`);
}
