import type { ReactNode } from 'react';
import { getMessages } from 'next-intl/server';
import { shopperTexts } from '@/i18n/client-messages';
import { ShopperTextsProvider } from './shopper-texts-provider';

/** Wraps what the shopper's own pages and the order-result view render: they use the texts other pages leave out. */
export async function ShopperMessages({ children }: { children: ReactNode }) {
  return <ShopperTextsProvider texts={shopperTexts(await getMessages())}>{children}</ShopperTextsProvider>;
}
