/**
 * Every e-mail the shop sends, composed in the reader's language: a subject, the HTML part rendered from the message's
 * react-email template (templates.tsx) and the plain-text part made from the same render, so the two never disagree.
 * Callers hand the result to `Delivery.sendEmail`.
 */
import { createElement, type ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { Locale } from '@attar/contract';
import { text } from '../i18n/catalogue';
import {
  BackInStockMessage,
  CodeMessage,
  NewsletterConfirmMessage,
  NewsletterMessage,
  OrderMessageEmail,
  ShopMessage,
  type AccountCodePurpose,
  type OrderSummary,
  type ShopPart,
} from './templates';

export type { AccountCodePurpose, OrderSummary, ShopPart } from './templates';

export type ComposedEmail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/**
 * A phone, code or link kept left to right inside a sentence of plain text (Unicode's LRI … PDI isolate), for texts the
 * templates take as strings: "+201055556666" stays as written in an Arabic line.
 */
export const ltrText = (value: string) => `\u2066${value}\u2069`;

/** Headings keep their letters as written (the converter's default shouts them in capitals). */
const PLAIN_TEXT = {
  selectors: ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
};

/** Renders a template into both parts of an e-mail. */
export async function composeEmail(
  to: string,
  subject: string,
  template: ReactElement,
  headers?: Record<string, string>,
): Promise<ComposedEmail> {
  const html = await render(template);
  return { to, subject, text: toPlainText(html, PLAIN_TEXT).trim(), html, ...(headers ? { headers } : {}) };
}

const CODE_SUBJECT = {
  verify_email: 'emailCodeSubject',
  password_reset: 'resetSubject',
  change_email: 'changeEmailSubject',
  delete_account: 'deleteAccountSubject',
} as const;

/** A one-time code for an account: e-mail verification, password reset, a new e-mail address, or closing the account. */
export async function accountCodeEmail(input: {
  to: string;
  locale: Locale;
  name: string;
  code: string;
  purpose: AccountCodePurpose;
}): Promise<ComposedEmail> {
  const { to, locale, name, code, purpose } = input;
  return composeEmail(to, text(locale, CODE_SUBJECT[purpose]), createElement(CodeMessage, { locale, name, code, purpose }));
}

/** A perfume (one size of it, when the shopper asked for one) is back in stock. */
export async function backInStockEmail(input: {
  to: string;
  locale: Locale;
  productName: string;
  sizeName?: string;
  productUrl: string;
  imageUrl?: string | null;
}): Promise<ComposedEmail> {
  const { locale } = input;
  const name = input.sizeName ? `${input.productName} · ${input.sizeName}` : input.productName;
  return composeEmail(
    input.to,
    text(locale, 'backInStockSubject', { name }),
    createElement(BackInStockMessage, { locale, name, productUrl: input.productUrl, imageUrl: input.imageUrl }),
  );
}

/** An order's confirmation, status change, tracking, return step or refund, with the order's lines and amounts. */
export async function orderEmail(input: {
  to: string;
  locale: Locale;
  subject: string;
  message: string;
  order: OrderSummary;
  ordersUrl: string | null;
  trackingUrl: string;
}): Promise<ComposedEmail> {
  const { to, locale, subject, message, order, ordersUrl, trackingUrl } = input;
  return composeEmail(to, subject, createElement(OrderMessageEmail, { locale, headline: subject, message, order, ordersUrl, trackingUrl }));
}

/** The double opt-in e-mail: the newsletter starts only once its link is followed. */
export async function newsletterConfirmEmail(input: {
  to: string;
  locale: Locale;
  confirmUrl: string;
  days: number;
}): Promise<ComposedEmail> {
  const { to, locale, confirmUrl, days } = input;
  return composeEmail(to, text(locale, 'newsletterConfirmSubject'), createElement(NewsletterConfirmMessage, { locale, confirmUrl, days }));
}

/**
 * A newsletter to one subscriber, with the signed unsubscribe link in its footer and in the List-Unsubscribe headers
 * (RFC 2369, and RFC 8058's one-click POST: mail apps unsubscribe without opening anything).
 */
export async function newsletterEmail(input: {
  to: string;
  locale: Locale;
  subject: string;
  body: string;
  unsubscribePageUrl: string;
  oneClickUrl: string;
}): Promise<ComposedEmail> {
  const { to, locale, subject, body } = input;
  return composeEmail(
    to,
    subject,
    createElement(NewsletterMessage, { locale, title: subject, body, unsubscribeUrl: input.unsubscribePageUrl }),
    {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  );
}

/** An e-mail to the shop's staff, every part in its language (English first, then Arabic). */
export async function shopEmail(input: { to: string; subject: string; parts: ShopPart[] }): Promise<ComposedEmail> {
  return composeEmail(input.to, input.subject, createElement(ShopMessage, { parts: input.parts }));
}
