'use client';
import { useTranslations } from 'next-intl';
import type { QuantityLimits } from '@/lib/quantity-limits';
import { useFormatNumber } from '../use-format-number';
import { MinusIcon, PlusIcon } from '../icons';

type StepperProps = {
  quantity: number;
  limits: QuantityLimits;
  onDecrease: () => void;
  onIncrease: () => void;
  size: 'sm' | 'lg';
  /** Both buttons off (e.g. outside Egypt, where the cart is inactive). */
  disabled?: boolean;
};

/** Minus disabled at 1, plus disabled at the maximum. */
export function QuantityStepper({ quantity, limits, onDecrease, onIncrease, size, disabled = false }: StepperProps) {
  const t = useTranslations('common.product');
  const formatNumber = useFormatNumber();
  const button = `grid place-items-center rounded-full text-cream transition-colors hover:text-gold disabled:cursor-not-allowed disabled:text-mist/50 ${
    size === 'lg' ? 'size-11' : 'size-9'
  }`;
  return (
    <div
      role="group"
      aria-label={t('quantity')}
      className="inline-flex items-center justify-between rounded-full border border-line bg-ink"
    >
      <button
        type="button"
        onClick={onDecrease}
        disabled={disabled || quantity <= limits.min}
        aria-label={t('decrease')}
        className={button}
      >
        <MinusIcon size={16} />
      </button>
      <output aria-live="polite" className={`tabular min-w-7 text-center font-semibold ${size === 'lg' ? 'text-base' : 'text-sm'}`}>
        {formatNumber(quantity)}
      </output>
      <button
        type="button"
        onClick={onIncrease}
        disabled={disabled || quantity >= limits.max}
        aria-label={t('increase')}
        className={button}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
