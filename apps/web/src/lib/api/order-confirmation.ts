/**
 * The page of a cash order's confirmation link (decision 0048): reading the order names (server side, parsed with the
 * contract), and the shopper's answer (a POST from the browser: link previewers only GET). Only types reach the browser.
 */
import type { ConfirmationAnswer, OrderConfirmation } from '@attar/contract';
import { apiRequire } from './client';

/** Answers once: 409 when already answered, 410 when the link expired, 400 for a bad link. */
export const answerOrderConfirmation = (token: string, answer: ConfirmationAnswer, locale: string) =>
  apiRequire<OrderConfirmation>('/api/order-confirmations/', { method: 'POST', body: { token, answer }, locale, anonymous: true });
