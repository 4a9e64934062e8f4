'use client';
/**
 * The guest cart (local storage `products` and `offers`) with names, pictures and prices looked up on the server.
 * Quantity changes write the cart again (spec §2 /bag); prices and the subtotal only for visitors in Egypt.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { describeGuestCart, type BagItem } from '@/lib/cart/describe-guest-cart';
import type { CartItemKind, GuestCartLine } from '@/lib/cart/guest-cart';
import { useGuestCartActions, useGuestCartLines } from '@/lib/cart/use-guest-cart';
import { mediaSrc } from '@/lib/media';
import { stepWithin } from '@/lib/quantity-limits';
import { useApp } from '../app/app-provider';
import { TrashIcon } from '../icons';
import { Price } from '../price';
import { QuantityStepper } from '../product/quantity-stepper';

type Row = { kind: CartItemKind; line: GuestCartLine; item: BagItem | null };
const rowKey = (kind: CartItemKind, id: number) => `${kind}-${id}`;

/** Exact money: sums in piastres. */
function subtotalOf(rows: Row[]): number {
  return rows.reduce((sum, { line, item }) => sum + (item ? Math.round(item.price * 100) * line.quantity : 0), 0) / 100;
}

export function BagContents() {
  const t = useTranslations('common.bag');
  const locale = useLocale();
  const lines = useGuestCartLines();
  const { setLine, removeLine } = useGuestCartActions();
  const { isEgypt, showToast, handleError } = useApp();
  const [items, setItems] = useState<Map<string, BagItem | null> | null>(null);

  // Look items up again when the set of ids changes, not when a quantity does.
  const idSet = lines ? [...lines.product.map((line) => rowKey('product', line.id)), ...lines.offer.map((line) => rowKey('offer', line.id))].join(',') : null;
  useEffect(() => {
    if (lines === null) return;
    let cancelled = false;
    describeGuestCart(lines, locale)
      .then((rows) => {
        if (!cancelled) setItems(new Map(rows.map((row) => [rowKey(row.kind, row.id), row.item])));
      })
      .catch((error: unknown) => !cancelled && handleError(error));
    return () => {
      cancelled = true;
    };
  }, [idSet, locale]); // eslint-disable-line react-hooks/exhaustive-deps

  const count = lines ? lines.product.length + lines.offer.length : 0;
  if (lines === null || (items === null && count > 0)) {
    return <p className="py-10 text-center text-mist">{t('loading')}</p>;
  }
  if (count === 0) {
    return (
      <div className="flex flex-col items-center gap-6 py-16 text-center">
        <p className="text-lg text-mist">{t('empty')}</p>
        <Link href="/fragrances" className="btn-gold">
          {t('continue')}
        </Link>
      </div>
    );
  }

  const rows: Row[] = [
    ...lines.product.map((line) => ({ kind: 'product' as const, line, item: items?.get(rowKey('product', line.id)) ?? null })),
    ...lines.offer.map((line) => ({ kind: 'offer' as const, line, item: items?.get(rowKey('offer', line.id)) ?? null })),
  ];

  function remove(kind: CartItemKind, id: number) {
    removeLine(kind, id);
    showToast('success', t('removed'));
  }

  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-3">
        {rows.map(({ kind, line, item }) => {
          const name = item?.name ?? t('unavailable', { id: line.id });
          return (
            <li key={rowKey(kind, line.id)} className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-night p-3 sm:flex-nowrap">
              {item ? (
                <img src={mediaSrc(item.image)} alt="" width={80} height={80} loading="lazy" className="size-20 shrink-0 rounded-xl bg-smoke object-cover" />
              ) : (
                <span className="size-20 shrink-0 rounded-xl bg-smoke" aria-hidden="true" />
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                {kind === 'offer' && <span className="eyebrow">{t('offer')}</span>}
                {item ? (
                  <Link href={item.href} className="font-medium text-cream hover:text-gold">
                    {name}
                  </Link>
                ) : (
                  <span className="text-mist">{name}</span>
                )}
                {isEgypt && item && <Price amount={item.price} className="text-sm text-gold" />}
              </div>
              {item ? (
                <QuantityStepper
                  quantity={line.quantity}
                  limits={item.limits}
                  size="sm"
                  onDecrease={() => setLine(kind, { id: line.id, quantity: stepWithin(line.quantity, -1, item.limits) })}
                  onIncrease={() => setLine(kind, { id: line.id, quantity: stepWithin(line.quantity, 1, item.limits) })}
                />
              ) : (
                <span className="tabular text-sm text-mist">{t('quantity', { quantity: line.quantity })}</span>
              )}
              <button
                type="button"
                onClick={() => remove(kind, line.id)}
                aria-label={t('remove', { name })}
                className="grid size-10 place-items-center rounded-full text-mist hover:text-danger"
              >
                <TrashIcon size={20} />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
        <Link href="/fragrances" className="btn-outline">
          {t('continue')}
        </Link>
        {isEgypt && (
          <p className="flex items-baseline gap-3 text-lg">
            <span className="text-mist">{t('subtotal')}</span>
            <Price amount={subtotalOf(rows)} className="font-semibold text-gold" />
          </p>
        )}
      </div>
    </div>
  );
}
