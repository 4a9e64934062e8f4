/**
 * The steps an order's timeline shows (components/orders/order-timeline.tsx), from its status and the statuses it
 * reached (`Order.timeline`): placed → confirmed → packed → with the courier → delivered, each reached one with its time,
 * the one the order is at marked current, the rest upcoming; a cancelled or refunded order ends with that step instead
 * of the ones it will never reach.
 */
import type { OrderStatus, OrderTimelineEntry } from '@attar/contract';

export type TimelineStepName = Exclude<OrderStatus, 'pending_payment' | 'awaiting_shopper'>;
export type TimelineStep = { name: TimelineStepName; at: string | null; state: 'done' | 'current' | 'upcoming' };

const PATH = ['placed', 'confirmed', 'packed', 'shipped', 'delivered'] as const satisfies readonly TimelineStepName[];

export function timelineSteps(status: OrderStatus, timeline: readonly OrderTimelineEntry[], createdAt: string): TimelineStep[] {
  const reachedAt = new Map<OrderStatus, string>();
  for (const entry of timeline) if (!reachedAt.has(entry.status)) reachedAt.set(entry.status, entry.at);
  // An order is placed when it is made; its payment, or its shopper's confirmation, is what it waits for first.
  const placedAt = reachedAt.get('placed') ?? reachedAt.get('pending_payment') ?? reachedAt.get('awaiting_shopper') ?? createdAt;
  const at = (name: TimelineStepName) => (name === 'placed' ? placedAt : (reachedAt.get(name) ?? null));
  if (status === 'cancelled' || status === 'refunded') {
    const reached = PATH.filter((name) => at(name) !== null).map((name): TimelineStep => ({ name, at: at(name), state: 'done' }));
    return [...reached, { name: status, at: reachedAt.get(status) ?? null, state: 'current' }];
  }
  const current = PATH.indexOf(status === 'pending_payment' || status === 'awaiting_shopper' ? 'placed' : status);
  return PATH.map((name, index) => ({
    name,
    at: index <= current ? at(name) : null,
    state: index < current ? 'done' : index === current ? 'current' : 'upcoming',
  }));
}
