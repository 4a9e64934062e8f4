import type { ReactNode } from 'react';
import { getMessages } from 'next-intl/server';
import { pageTexts, type PageArea } from '@/i18n/client-messages';
import { ShopperTextsProvider } from './shopper-texts-provider';

/** Adds the texts of `areas`, which the layout leaves out (i18n/client-messages.ts), for the client components inside. */
export async function PageTexts({ areas, children }: { areas: readonly PageArea[]; children: ReactNode }) {
  return <ShopperTextsProvider texts={pageTexts(await getMessages(), areas)}>{children}</ShopperTextsProvider>;
}
