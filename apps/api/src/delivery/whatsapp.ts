/**
 * Sends WhatsApp template messages through Meta's WhatsApp Business Cloud API (decision 0050): POST
 * `{graph}/{phone-number-id}/messages` with the bearer token, a template approved in WhatsApp Manager, its language
 * (`ar` or `en`), its body's parameters in order and, for a template with quick-reply buttons, each button's payload.
 * In demo mode with WHATSAPP_STANDIN=on the development outbox stands in for Meta.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { SEND_TIMEOUT_MS, type Sent } from './service';

/** One template message: `to` an E.164 phone; `buttonPayloads` in the order of the template's quick-reply buttons. */
export type WhatsappTemplate = {
  to: string;
  template: string;
  locale: Locale;
  bodyParameters: string[];
  buttonPayloads?: string[];
};

export interface Whatsapp {
  sendTemplate(message: WhatsappTemplate): Promise<Sent>;
}

/** A refusal from the Graph API (`{error: {message, code}}`), or its status when the body says nothing. */
async function graphError(response: Response) {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; code?: unknown } } | null;
  const detail = typeof body?.error?.message === 'string' ? `: ${body.error.message}` : '';
  const code = typeof body?.error?.code === 'number' ? ` (code ${body.error.code})` : '';
  return new Error(`WhatsApp answered ${response.status}${code}${detail}`);
}

/** The request body Meta documents for a template message. */
export function templateRequest(message: WhatsappTemplate) {
  const components: object[] = [];
  if (message.bodyParameters.length)
    components.push({ type: 'body', parameters: message.bodyParameters.map((value) => ({ type: 'text', text: value })) });
  for (const [index, payload] of (message.buttonPayloads ?? []).entries())
    components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // WhatsApp takes the number with its country code, without the plus.
    to: message.to.replace(/^\+/, ''),
    type: 'template',
    template: { name: message.template, language: { code: message.locale }, components },
  };
}

export function createWhatsapp(config: Config, database: Database): Whatsapp {
  const { token, phoneNumberId, graphUrl, standIn } = config.whatsapp;
  return {
    async sendTemplate(message) {
      if (standIn) {
        if (config.mode !== 'demo') throw new Error('No WhatsApp transport is configured');
        const body = [message.template, ...message.bodyParameters, ...(message.buttonPayloads ?? [])].join('\n');
        await database.rows(sql`INSERT INTO outbox_messages (channel, recipient, body) VALUES ('whatsapp', ${message.to}, ${body})`);
        return { providerId: `wamid.standin-${randomUUID()}` };
      }
      if (!token || !phoneNumberId) throw new Error('No WhatsApp transport is configured');
      const response = await fetch(`${graphUrl}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(templateRequest(message)),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) throw await graphError(response);
      const answer = (await response.json().catch(() => null)) as { messages?: { id?: unknown }[] } | null;
      const id = answer?.messages?.[0]?.id;
      // Without its id the webhook's statuses could never be matched to the message.
      if (typeof id !== 'string') throw new Error('WhatsApp accepted the message without an id');
      return { providerId: id };
    },
  };
}
