/**
 * How a figure moved from the previous period to this one (decision 0056): up, down or the same, by a share of the
 * previous figure; "new" when the previous period had none. A negative previous figure (net revenue after more refunds
 * than sales) is measured against its size, so a rise still reads as up.
 */
export type Change = { kind: 'new' } | { kind: 'up' | 'down' | 'same'; share: number };

export function changeOf(current: number, previous: number): Change {
  if (previous === 0 && current !== 0) return { kind: 'new' };
  const difference = current - previous;
  if (difference === 0) return { kind: 'same', share: 0 };
  return { kind: difference > 0 ? 'up' : 'down', share: Math.abs(difference / previous) };
}
