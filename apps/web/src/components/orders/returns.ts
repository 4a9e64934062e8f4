/**
 * What the shopper may still return of an order, and the steps a return has been through, as the account page shows
 * them. Pure functions of the order (docs/orders.md, "Returns").
 */
import type { Order, OrderReturn } from '@attar/contract';

type OrderLine = Order['items'][number];

/** Units of a line neither refunded nor already in a return. */
export function unitsLeftToReturn(line: OrderLine): number {
  return line.quantity - (line.refunded_quantity ?? 0) - (line.return_quantity ?? 0);
}

/** The lines with units the shopper may still ask to return, each with how many. */
export function returnableLines(order: Order): { line: OrderLine; left: number }[] {
  return order.items.map((line) => ({ line, left: unitsLeftToReturn(line) })).filter(({ left }) => left > 0);
}

/** Whether the order page offers "Return items": the API names a deadline only while a return may be asked for. */
export function mayAskForReturn(order: Order): boolean {
  return order.returnable_until != null && returnableLines(order).length > 0;
}

export type ReturnStepName = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded';
export type ReturnStep = { name: ReturnStepName; at: string | null; done: boolean };

/**
 * The steps of a return in order, each with when it happened: requested, then rejected (the end), or approved,
 * received and refunded. Steps still ahead are listed undone so the shopper sees what comes next.
 */
export function returnSteps(ret: OrderReturn): ReturnStep[] {
  const requested: ReturnStep = { name: 'requested', at: ret.created_at, done: true };
  if (ret.status === 'rejected') return [requested, { name: 'rejected', at: ret.decided_at, done: true }];
  return [
    requested,
    { name: 'approved', at: ret.decided_at, done: ret.decided_at !== null },
    { name: 'received', at: ret.received_at, done: ret.received_at !== null },
    { name: 'refunded', at: ret.refunded_at, done: ret.refunded_at !== null },
  ];
}

/** The request body for the units chosen (line id → units); lines left at zero are not sent. */
export function returnRequestLines(chosen: Record<number, number>): { item: number; quantity: number }[] {
  return Object.entries(chosen)
    .map(([item, quantity]) => ({ item: Number(item), quantity }))
    .filter(({ quantity }) => quantity > 0);
}
