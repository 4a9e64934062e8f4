/** The payment link page's read (server side): the order a signed payment link names, parsed with the contract. */
import { PaymentLinkView } from '@attar/contract';
import { apiRequire } from './client';

export async function getPaymentLink(token: string, locale: string): Promise<PaymentLinkView> {
  return PaymentLinkView.parse(await apiRequire('/api/payment-links/', { query: { token }, locale, anonymous: true }));
}
