/**
 * What a back-in-stock alert says (decision 0059), in the subscriber's language: the shop's e-mail with the product's
 * picture, a short SMS, or the approved WhatsApp template with the product's name, its sizes and its page. Queued when
 * the alert is taken (messages/outbox.ts) and rendered when sent (messages/worker.ts), from what the queue holds.
 */
import type { Locale } from '@attar/contract';
import { mediaBaseOf, type Config } from '../config';
import type { Email, Sms } from '../delivery/service';
import type { WhatsappTemplate } from '../delivery/whatsapp';
import { text } from '../i18n/catalogue';
import { backInStockEmail } from './emails';
import { storefrontLink } from './links';
import { WHATSAPP_TEMPLATES } from './order-messages';

/** The product an alert tells of, named in the subscriber's language: the size asked for, or those in stock when told. */
export type BackInStockPayload = { slug: string; name: string; sizes: number[]; image: string | null };

/** The sizes in words ("50 ml, 100 ml"): never none for a due alert, whose product has a size in stock. */
const sizesText = (locale: Locale, sizes: number[]) =>
  new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(sizes.map((ml) => text(locale, 'sizeName', { ml })));

/** One back-in-stock message for its channel. */
export async function renderBackInStock(
  config: Config,
  message: { channel: 'email' | 'sms' | 'whatsapp'; recipient: string; locale: Locale; payload: BackInStockPayload },
): Promise<{ email: Email } | { sms: Sms } | { whatsapp: WhatsappTemplate }> {
  const { locale, payload, recipient: to } = message;
  const productUrl = storefrontLink(config, locale, `/fragrances/${payload.slug}`);
  const sizes = sizesText(locale, payload.sizes);
  if (message.channel === 'whatsapp')
    return { whatsapp: { to, locale, template: WHATSAPP_TEMPLATES.backInStock, bodyParameters: [payload.name, sizes, productUrl] } };
  if (message.channel === 'sms') {
    const name = sizes ? `${payload.name} ${sizes}` : payload.name;
    return { sms: { to, text: text(locale, 'backInStockSms', { name, url: productUrl }) } };
  }
  const imageUrl = payload.image ? `${mediaBaseOf(config)}${payload.image}` : null;
  return { email: await backInStockEmail({ to, locale, productName: payload.name, sizeName: sizes || undefined, productUrl, imageUrl }) };
}
