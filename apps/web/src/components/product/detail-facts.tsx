import type { ReactNode } from 'react';

/** A definition list of product facts; rows without a value are omitted. */
export function DetailFacts({ rows }: { rows: [label: string, value: ReactNode | null][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 rounded-2xl border border-line bg-night p-5 text-sm">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-mist">{label}</dt>
          <dd className="text-cream">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
