'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import type { CartLine } from '@/lib/cart/cart-lines';
import { mediaSrc } from '@/lib/media';
import { TrashIcon } from '../icons';
import { useSizedName, useSizeText } from '../size-names';
import { useFormatNumber } from '../use-format-number';

/**
 * The name a line goes by: the item's with its size (two sizes of one perfume are two lines), or its id while it
 * is looked up or when the catalogue no longer has it.
 */
export function useLineName(): (line: CartLine) => string {
  const t = useTranslations('common.bag');
  const sizedName = useSizedName();
  return (line) => (line.item ? sizedName(line.item.name, line.item.ml) : t('unavailable', { id: line.id }));
}

type CartLineSummaryProps = {
  line: CartLine;
  /** True until the guest cart's items have been looked up. */
  loading: boolean;
  imageSize: 'sm' | 'md';
  /** Prices, quantity and buttons, after the name. */
  children: ReactNode;
};

/**
 * A cart line's picture, kind and name (a link); when it was lowered to the stock left, that it was; when it can no
 * longer be bought, why it is not counted.
 */
export function CartLineSummary({ line, loading, imageSize, children }: CartLineSummaryProps) {
  const t = useTranslations('common');
  const lineName = useLineName();
  const sizeText = useSizeText();
  const formatNumber = useFormatNumber();
  const size = line.item?.ml != null ? sizeText(line.item.ml) : null;
  const image = imageSize === 'sm' ? 'size-16' : 'size-20';
  return (
    <>
      {line.item ? (
        <img
          src={mediaSrc(line.item.image)}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          className={`${image} row-span-2 shrink-0 rounded-xl bg-smoke object-cover ${line.available ? '' : 'opacity-50 grayscale'}`}
        />
      ) : (
        <span className={`${image} row-span-2 shrink-0 rounded-xl bg-smoke ${loading ? 'animate-pulse' : ''}`} aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {line.kind === 'offer' && <span className="eyebrow">{t('bag.offer')}</span>}
        {loading && !line.item ? (
          <span className="text-sm text-mist">{t('cart.lineLoading')}</span>
        ) : line.item ? (
          <Link href={line.item.href} className="line-clamp-2 leading-snug font-medium text-cream hover:text-gold">
            {line.item.name}
          </Link>
        ) : (
          <span className="text-mist">{lineName(line)}</span>
        )}
        {size && <span className="text-xs text-cream/80 tabular">{size}</span>}
        {line.available && line.reducedFrom !== null && (
          <p className="text-xs text-gold-bright">
            {t('cart.reduced', {
              count: line.quantity,
              shown: formatNumber(line.quantity),
              from: formatNumber(line.reducedFrom),
            })}
          </p>
        )}
        {!line.available && !loading && (
          <p className="text-xs text-danger">
            {line.item && <span className="font-semibold">{t('cart.unavailable')} </span>}
            {t('cart.unavailableNote')}
          </p>
        )}
        {children}
      </div>
    </>
  );
}

/** The trash button of a line; its name says which item it removes. */
export function RemoveLineButton({ name, onRemove, className = '' }: { name: string; onRemove: () => void; className?: string }) {
  const t = useTranslations('common.bag');
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={t('remove', { name })}
      className={`grid size-10 shrink-0 place-items-center rounded-full text-mist transition-colors hover:bg-smoke hover:text-danger ${className}`}
    >
      <TrashIcon size={20} />
    </button>
  );
}
