import type { ReactNode } from 'react';

/**
 * One line of a list of amounts (`<dl>`): the label at the start, the value at the end. `strong`: the total, set off
 * by a rule above it.
 */
export function AmountRow({
  label,
  strong = false,
  className = '',
  children,
}: {
  label: ReactNode;
  strong?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-3 text-base font-semibold' : ''}`}>
      <dt className={strong ? 'text-cream' : 'text-mist'}>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
