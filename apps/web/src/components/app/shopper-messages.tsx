import type { ReactNode } from 'react';
import { SHOPPER_AREAS } from '@/i18n/client-messages';
import { PageTexts } from './page-texts';

/** Wraps what the shopper's own pages and the order-result view render: they use the texts other pages leave out. */
export function ShopperMessages({ children }: { children: ReactNode }) {
  return <PageTexts areas={SHOPPER_AREAS}>{children}</PageTexts>;
}
