import { describe, expect, it, vi } from 'vitest';
import { guestCartBackend } from './cart-backends';
import { withQuantity } from './cart-changes';
import { emptyCartSnapshot, refOf, type CartItem, type CartLine, type CartPromotion, type LineRef, type TotalsBasis } from './cart-lines';
import { totalsOf } from './cart-totals';
import { CartStore, type CartBackend, type LoadedCart } from './cart-store';
import type { DescribedItem } from './describe-guest-cart';
import { MemoryStorage } from '../test-storage';

const BASIS: TotalsBasis = { promotion: null, freeShippingAfter: 1000, pointsEarned: null };

/** Each test product comes in one size, whose id is derived from the product's. */
const sizeOf = (productId: number) => productId * 10;
const ref = (id: number): LineRef => ({ kind: 'product', id, variant: sizeOf(id) });

/** Test items are in category 1 unless said. */
function item(id: number, price: number, max = 10, kind: CartItem['kind'] = 'product', category = 1): CartItem {
  return {
    kind,
    id,
    variant: kind === 'product' ? sizeOf(id) : null,
    ml: kind === 'product' ? 100 : null,
    name: `Item ${id}`,
    href: `/fragrances/item-${id}`,
    image: `http://api/media/${id}.webp`,
    price,
    limits: { min: 1, max },
    analytics: { item_id: id, item_name: `Item ${id}`, item_category: 'EDP', price, quantity: 1 },
    promotionParts: [{ product: id, category }],
  };
}

/** A promotion's terms: every line, no minimum, unless said. */
const terms = (overrides: Partial<CartPromotion>): CartPromotion => ({
  code: 'CODE',
  percent_discount: 0,
  discount_kind: 'percent',
  amount_off: null,
  min_order: 0,
  applies_to: { categories: [], products: [] },
  ...overrides,
});

const line = (entry: CartItem, quantity: number, lineId: number | null = null, available = true): CartLine => ({
  ...refOf(entry),
  quantity,
  lineId,
  item: entry,
  available,
  reducedFrom: null,
});

/** A promise whose settling the test decides. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * An in-memory stand-in for the server cart: `save` sets a line's quantity (answering its id), `load` answers the
 * lines with totals computed the server's way. Each call can be held or failed by the test.
 */
class FakeServer implements CartBackend {
  lines: CartLine[] = [];
  calls: string[] = [];
  nextLineId = 100;
  hold: Promise<unknown> | null = null;
  failNext: unknown = null;

  async #gate(call: string) {
    this.calls.push(call);
    if (this.hold) await this.hold;
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
  }

  async load(): Promise<LoadedCart> {
    await this.#gate('load');
    return { lines: this.lines, totals: { ...totalsOf(this.lines, BASIS), pointsEarned: 7 } };
  }

  async save(saved: CartLine): Promise<number> {
    await this.#gate(`save ${saved.kind} ${saved.id} × ${saved.quantity}`);
    const existing = this.lines.find((each) => each.kind === saved.kind && each.id === saved.id);
    const lineId = existing?.lineId ?? this.nextLineId++;
    this.lines = existing
      ? this.lines.map((each) => (each === existing ? { ...saved, lineId } : each))
      : [...this.lines, { ...saved, lineId }];
    return lineId;
  }

  async remove(removed: CartLine): Promise<void> {
    await this.#gate(`remove ${removed.lineId}`);
    this.lines = this.lines.filter((each) => each.lineId !== removed.lineId);
  }
}

async function readyStore(server: FakeServer) {
  const onError = vi.fn();
  const store = new CartStore(server, { basis: BASIS, onError });
  await store.refresh();
  return { store, onError };
}

/** Lets every queued call and the reconciling load run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cart store: optimistic changes', () => {
  it('shows an added line at once, before the server has answered', async () => {
    const server = new FakeServer();
    const { store } = await readyStore(server);
    const gate = deferred<void>();
    server.hold = gate.promise;

    const { added, saved } = store.add(item(1, 250), 2);

    expect(added).toBe(2);
    expect(store.getSnapshot().lines).toMatchObject([{ id: 1, quantity: 2, lineId: null }]);
    expect(store.getSnapshot().totals.subtotal).toBe(500);
    expect(store.getSnapshot().saving).toBe(true);
    gate.resolve();
    await expect(saved).resolves.toBe(true);
  });

  it('reconciles with the server afterwards: its line ids and its totals', async () => {
    const server = new FakeServer();
    const { store } = await readyStore(server);

    await store.add(item(1, 250), 2).saved;
    await settle();

    expect(server.calls).toEqual(['load', 'save product 1 × 2', 'load']);
    expect(store.getSnapshot()).toMatchObject({ saving: false, lines: [{ id: 1, quantity: 2, lineId: 100 }] });
    expect(store.getSnapshot().totals.pointsEarned).toBe(7);
  });

  it('rolls a failed change back and reports the error', async () => {
    const server = new FakeServer();
    server.lines = [line(item(1, 100), 1, 5)];
    const { store, onError } = await readyStore(server);
    const failure = { detail: 'Only 1 available.', code: 'insufficient_stock', available: 1 };
    const gate = deferred<void>();
    server.hold = gate.promise;
    server.failNext = failure;

    const saved = store.setQuantity(ref(1), 3);
    expect(store.getSnapshot().lines[0]?.quantity).toBe(3);
    gate.resolve();

    await expect(saved).resolves.toBe(false);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(store.getSnapshot().lines[0]?.quantity).toBe(1);
    expect(store.getSnapshot().totals.subtotal).toBe(100);
  });

  it('keeps later changes when an earlier one fails', async () => {
    const server = new FakeServer();
    const { store } = await readyStore(server);
    const gate = deferred<void>();
    server.hold = gate.promise;
    server.failNext = { detail: 'This product does not exist.' };

    const first = store.add(item(1, 100), 1).saved;
    const second = store.add(item(2, 40), 1).saved;
    expect(store.getSnapshot().lines.map((each) => each.id)).toEqual([1, 2]);
    gate.resolve();

    expect(await Promise.all([first, second])).toEqual([false, true]);
    await settle();
    expect(store.getSnapshot().lines.map((each) => each.id)).toEqual([2]);
  });

  it('makes the calls one at a time, in the order of the changes', async () => {
    const server = new FakeServer();
    server.lines = [line(item(1, 100), 1, 5)];
    const { store } = await readyStore(server);

    await Promise.all([store.setQuantity(ref(1), 2), store.setQuantity(ref(1), 3), store.setQuantity(ref(1), 2)]);
    await settle();

    expect(server.calls.filter((call) => call.startsWith('save'))).toEqual([
      'save product 1 × 2',
      'save product 1 × 3',
      'save product 1 × 2',
    ]);
    expect(server.lines[0]?.quantity).toBe(2);
    // One load at the start and one once nothing is waiting any more.
    expect(server.calls.filter((call) => call === 'load')).toHaveLength(2);
  });

  it('removes a line it added before the server had answered, with the id the server gave it', async () => {
    const server = new FakeServer();
    const { store } = await readyStore(server);
    const gate = deferred<void>();
    server.hold = gate.promise;

    const added = store.add(item(1, 100), 1).saved;
    const removed = store.remove(ref(1));
    expect(store.getSnapshot().lines).toEqual([]);
    gate.resolve();

    expect(await Promise.all([added, removed])).toEqual([true, true]);
    expect(server.calls).toContain('remove 100');
    expect(server.lines).toEqual([]);
  });

  it('waits for the first load before adding on top of a line the server already has', async () => {
    const server = new FakeServer();
    server.lines = [line(item(1, 100), 2, 5)];
    const gate = deferred<void>();
    server.hold = gate.promise;
    const store = new CartStore(server, { basis: BASIS, onError: vi.fn() });
    void store.refresh();

    const saved = store.add(item(1, 100), 1).saved;
    gate.resolve();
    await saved;

    expect(server.calls).toContain('save product 1 × 3');
  });
});

describe('cart store: quantity limits', () => {
  it('adds on top of an existing line, capped at the maximum', async () => {
    const server = new FakeServer();
    server.lines = [line(item(1, 100, 4), 3, 5)];
    const { store } = await readyStore(server);

    const { added, saved } = store.add(item(1, 100, 4), 5);
    await saved;

    expect(added).toBe(1);
    expect(server.calls).toContain('save product 1 × 4');
  });

  it('adds nothing, and calls nothing, when the line is already at its maximum', async () => {
    const server = new FakeServer();
    server.lines = [line(item(1, 100, 4), 4, 5)];
    const { store } = await readyStore(server);

    const { added, saved } = store.add(item(1, 100, 4), 1);

    expect(added).toBe(0);
    await expect(saved).resolves.toBe(false);
    expect(server.calls).toEqual(['load']);
  });

  it('clamps a new quantity between 1 and the maximum', () => {
    const lines = [line(item(1, 100, 4), 2)];
    expect(withQuantity(lines, ref(1), 0)[0]?.quantity).toBe(1);
    expect(withQuantity(lines, ref(1), -3)[0]?.quantity).toBe(1);
    expect(withQuantity(lines, ref(1), 9)[0]?.quantity).toBe(4);
    expect(withQuantity(lines, ref(1), 2.6)[0]?.quantity).toBe(2);
  });
});

describe('cart totals', () => {
  it('sums in whole piastres and leaves unavailable lines out', () => {
    const totals = totalsOf([line(item(1, 0.1), 3), line(item(2, 1249.5), 1), line(item(3, 999), 2, null, false)], {
      promotion: terms({ code: 'WELCOME10', percent_discount: 10 }),
      freeShippingAfter: 1500,
      pointsEarned: null,
    });
    expect(totals.subtotal).toBe(1249.8);
    // 10% of 124,980 piastres is 12,498: rounded down like the API.
    expect(totals.discount).toBe(124.98);
    expect(totals.total).toBe(1124.82);
    expect(totals.remainingForFreeShipping).toBe(375.18);
  });

  it('takes a fixed amount off the lines the code applies to, never more than they cost, from its minimum order', () => {
    const deodorant = line(item(1, 80, 10, 'product', 4), 1);
    const perfume = line(item(2, 500, 10, 'product', 1), 1);
    const amount = terms({ discount_kind: 'amount', amount_off: 100, min_order: 300, applies_to: { categories: [4], products: [] } });
    const basis = { ...BASIS, promotion: amount };
    expect(totalsOf([deodorant, perfume], basis)).toMatchObject({ subtotal: 580, discount: 80, total: 500 });
    expect(totalsOf([{ ...deodorant, quantity: 4 }, perfume], basis)).toMatchObject({ discount: 100, total: 720 });
    // Below the minimum (before the discount), or with nothing the code applies to: nothing off.
    expect(totalsOf([{ ...deodorant, quantity: 3 }], basis).discount).toBe(0);
    expect(totalsOf([perfume], basis).discount).toBe(0);
    // A percentage limited to one product counts that product's line only.
    const percent = terms({ percent_discount: 15, applies_to: { categories: [], products: [2] } });
    expect(totalsOf([deodorant, perfume], { ...BASIS, promotion: percent }).discount).toBe(75);
  });

  it('has nothing more to reach once the total passes the threshold', () => {
    expect(totalsOf([line(item(1, 2000), 1)], BASIS).remainingForFreeShipping).toBe(0);
  });

  it('gives a cart not read yet the totals of no lines', () => {
    const bases: TotalsBasis[] = [
      BASIS,
      { promotion: null, freeShippingAfter: null, pointsEarned: null },
      { promotion: terms({ code: 'WELCOME10', percent_discount: 10 }), freeShippingAfter: 1499.99, pointsEarned: 0 },
      { promotion: terms({ discount_kind: 'amount', amount_off: 100, min_order: 0 }), freeShippingAfter: 0.1, pointsEarned: 12 },
    ];
    for (const basis of bases) expect(emptyCartSnapshot(basis).totals).toEqual(totalsOf([], basis));
  });
});

describe('guest cart backend', () => {
  const described = (entry: CartItem, available = true): DescribedItem => ({ ...refOf(entry), item: entry, available });

  it('reads a corrupt `products` value as an empty cart', async () => {
    const storage = new MemoryStorage();
    storage.setItem('products', '{"broken":');
    storage.setItem('offers', '42');
    const describe = vi.fn(async () => []);
    const store = new CartStore(guestCartBackend(storage, describe, new Map()), { basis: BASIS, onError: vi.fn() });

    await store.refresh();

    expect(store.getSnapshot()).toMatchObject({ status: 'ready', lines: [] });
    expect(describe).not.toHaveBeenCalled();
  });

  it('looks up unknown items once, shows a missing one as unavailable and lowers quantities to the stock, once', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'products',
      JSON.stringify([
        { id: 1, quantity: 9 },
        { id: 2, quantity: 1 },
      ]),
    );
    const describe = vi.fn(async () => [
      described(item(1, 300, 3)),
      { kind: 'product' as const, id: 2, variant: null, item: null, available: false },
    ]);
    const store = new CartStore(guestCartBackend(storage, describe, new Map()), { basis: BASIS, onError: vi.fn() });

    await store.refresh();
    expect(store.getSnapshot().lines).toMatchObject([
      { id: 1, quantity: 3, available: true, reducedFrom: 9 },
      { id: 2, item: null, available: false, reducedFrom: null },
    ]);
    expect(JSON.parse(storage.getItem('products')!)).toContainEqual({ id: 1, variant: 10, quantity: 3 });

    // Said once: the stored line now holds what the stock allows.
    await store.refresh();
    expect(describe).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().lines).toMatchObject([
      { id: 1, quantity: 3, available: true, reducedFrom: null },
      { id: 2, item: null, available: false },
    ]);
    expect(store.getSnapshot().totals).toMatchObject({ subtotal: 900, remainingForFreeShipping: 100, pointsEarned: null });
  });

  it('writes adds to local storage as [{id, quantity}] without looking the added item up', async () => {
    const storage = new MemoryStorage();
    const describe = vi.fn(async () => []);
    const store = new CartStore(guestCartBackend(storage, describe, new Map()), { basis: BASIS, onError: vi.fn() });
    await store.refresh();

    await store.add(item(4, 80, 10, 'offer'), 2).saved;
    await store.add(item(4, 80, 10, 'offer'), 1).saved;
    await settle();

    expect(JSON.parse(storage.getItem('offers')!)).toEqual([{ id: 4, quantity: 3 }]);
    expect(describe).not.toHaveBeenCalled();
    expect(store.getSnapshot().lines).toMatchObject([{ kind: 'offer', id: 4, quantity: 3, available: true }]);
  });

  it('keeps two sizes of one product as two lines, stored with their sizes', async () => {
    const storage = new MemoryStorage();
    const store = new CartStore(
      guestCartBackend(
        storage,
        vi.fn(async () => []),
        new Map(),
      ),
      { basis: BASIS, onError: vi.fn() },
    );
    await store.refresh();
    const large = item(5, 3000);
    const small: CartItem = { ...large, variant: 51, ml: 30, price: 1200 };

    await store.add(small, 2).saved;
    await store.add(large, 1).saved;
    await store.setQuantity(refOf(small), 3);
    await settle();

    expect(JSON.parse(storage.getItem('products')!)).toEqual([
      { id: 5, variant: 51, quantity: 3 },
      { id: 5, variant: 50, quantity: 1 },
    ]);
    expect(store.getSnapshot().totals.subtotal).toBe(3 * 1200 + 3000);
    await store.remove(refOf(small));
    await settle();
    expect(JSON.parse(storage.getItem('products')!)).toEqual([{ id: 5, variant: 50, quantity: 1 }]);
  });

  it('gives a line saved before sizes its default size, joining a line of that size', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'products',
      JSON.stringify([
        { id: 6, quantity: 2 },
        { id: 6, variant: 60, quantity: 1 },
      ]),
    );
    const describe = vi.fn(async () => [described(item(6, 500))]);
    const store = new CartStore(guestCartBackend(storage, describe, new Map()), { basis: BASIS, onError: vi.fn() });

    await store.refresh();

    expect(JSON.parse(storage.getItem('products')!)).toEqual([{ id: 6, variant: 60, quantity: 2 }]);
    expect(store.getSnapshot().lines).toMatchObject([{ id: 6, variant: 60, quantity: 2, available: true }]);
  });
});
