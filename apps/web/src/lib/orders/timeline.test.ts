import { describe, expect, it } from 'vitest';
import { timelineSteps } from './timeline';

const at = (minute: number) => `2026-03-05T10:${String(minute).padStart(2, '0')}:00.000+00:00`;

describe('an order’s timeline steps', () => {
  it('marks what is done with its time, the current step, and the rest as upcoming', () => {
    const steps = timelineSteps(
      'packed',
      [
        { status: 'placed', at: at(0) },
        { status: 'confirmed', at: at(5) },
        { status: 'packed', at: at(9) },
      ],
      at(0),
    );
    expect(steps).toEqual([
      { name: 'placed', at: at(0), state: 'done' },
      { name: 'confirmed', at: at(5), state: 'done' },
      { name: 'packed', at: at(9), state: 'current' },
      { name: 'shipped', at: null, state: 'upcoming' },
      { name: 'delivered', at: null, state: 'upcoming' },
    ]);
  });

  it('shows an online order waiting for its payment as placed when it was made', () => {
    const steps = timelineSteps('pending_payment', [{ status: 'pending_payment', at: at(1) }], at(1));
    expect(steps[0]).toEqual({ name: 'placed', at: at(1), state: 'current' });
    expect(steps.slice(1).every((step) => step.state === 'upcoming')).toBe(true);
  });

  it('ends a cancelled order with its cancellation, leaving out the steps it will never reach', () => {
    const steps = timelineSteps(
      'cancelled',
      [
        { status: 'placed', at: at(0) },
        { status: 'confirmed', at: at(2) },
        { status: 'cancelled', at: at(7) },
      ],
      at(0),
    );
    expect(steps.map((step) => [step.name, step.state])).toEqual([
      ['placed', 'done'],
      ['confirmed', 'done'],
      ['cancelled', 'current'],
    ]);
    expect(steps.at(-1)!.at).toBe(at(7));
  });

  it('ends a refunded order after its delivery', () => {
    const statuses = ['placed', 'confirmed', 'packed', 'shipped', 'delivered', 'refunded'] as const;
    const steps = timelineSteps(
      'refunded',
      statuses.map((status, minute) => ({ status, at: at(minute) })),
      at(0),
    );
    expect(steps.map((step) => step.name)).toEqual(statuses);
    expect(steps.filter((step) => step.state === 'current').map((step) => step.name)).toEqual(['refunded']);
  });
});
