'use client';
import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useMessages, type Messages } from 'next-intl';

/**
 * Adds texts the layout left out (i18n/client-messages.ts: the account, checkout and orders texts, a product page's
 * reviews, …) to the ones it sent. A nested provider replaces its parent's messages, so it passes them on merged.
 */
export function ShopperTextsProvider({ texts, children }: { texts: Partial<Messages['common']>; children: ReactNode }) {
  const inherited = useMessages();
  const locale = useLocale();
  const messages = useMemo(() => ({ ...inherited, common: { ...inherited.common, ...texts } }), [inherited, texts]);
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
