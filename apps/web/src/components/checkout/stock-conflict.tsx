'use client';
/** `409 stock_conflict`: some lines ran short since the bag was filled. Nothing was taken; the shopper adjusts the bag. */
import { useTranslations } from 'next-intl';
import type { StockConflictBody } from '@attar/contract';
import type { z } from 'zod';
import { Link } from '@/i18n/navigation';
import { useSizedName } from '../size-names';
import { useFormatNumber } from '../use-format-number';

export type StockConflictLine = z.infer<typeof StockConflictBody>['lines'][number];

export function readStockConflict(error: unknown): StockConflictLine[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = error as { code?: unknown; lines?: unknown };
  return body.code === 'stock_conflict' && Array.isArray(body.lines) ? (body.lines as StockConflictLine[]) : null;
}

export function StockConflictNotice({ lines }: { lines: StockConflictLine[] }) {
  const t = useTranslations('common.checkout');
  const formatNumber = useFormatNumber();
  const sizedName = useSizedName();
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl border border-danger/60 bg-danger/10 p-3 text-sm text-cream">
      <p className="font-semibold">{t('stockConflict')}</p>
      <ul className="flex list-disc flex-col gap-1 ps-5">
        {lines.map((line) => (
          <li key={`${line.kind}-${line.id}-${line.variant ?? ''}`}>
            {t('stockLine', {
              name: sizedName(line.name, line.size_ml),
              requested: formatNumber(line.requested),
              available: formatNumber(line.available),
            })}
          </li>
        ))}
      </ul>
      <Link href="/bag" className="self-start text-link">
        {t('backToBag')}
      </Link>
    </div>
  );
}
