'use client';
import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import type { ShopperTexts } from '@/i18n/client-messages';

/**
 * Adds the account, checkout and orders texts to the ones the layout sent. A nested provider replaces its parent's
 * messages, so it passes them on merged.
 */
export function ShopperTextsProvider({ texts, children }: { texts: ShopperTexts; children: ReactNode }) {
  const inherited = useMessages();
  const locale = useLocale();
  const messages = useMemo(() => ({ ...inherited, common: { ...inherited.common, ...texts } }), [inherited, texts]);
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
