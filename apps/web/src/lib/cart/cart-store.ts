/**
 * One cart, kept either in this browser (guest) or on the server (signed in), behind the same store.
 *
 * Every change shows at once (optimistic): it is applied on top of the last confirmed cart until its call has
 * been made. Calls run one at a time in the order they were made (each sets an absolute quantity, so order
 * matters). A change whose call fails is dropped, which rolls the view back, and the error is reported. When no
 * change is still waiting, the cart is loaded again so the view matches what is stored (reconcile).
 */
import { findLine, quantityAfterAdding, withAddition, withQuantity } from './cart-changes';
import {
  emptyCartSnapshot,
  withoutLine,
  type CartItem,
  type CartLine,
  type CartSnapshot,
  type CartTotals,
  type LineRef,
  type TotalsBasis,
} from './cart-lines';
import { totalsOf } from './cart-totals';

export type LoadedCart = {
  lines: CartLine[];
  /** The server's totals for exactly these lines; null for the guest cart, whose totals are computed here. */
  totals: CartTotals | null;
};

/** Where a cart is kept. */
export type CartBackend = {
  load(): Promise<LoadedCart>;
  /** Stores the line's quantity; answers the server's id of the line, or null where lines have none. */
  save(line: CartLine): Promise<number | null>;
  remove(line: CartLine): Promise<void>;
};

type PendingChange = { apply: (lines: CartLine[]) => CartLine[] };

export type CartStoreOptions = {
  /** Totals basis until (or unless) the server answers: no promotion, the site's free-shipping threshold. */
  basis: TotalsBasis;
  onError: (error: unknown) => void;
};

export class CartStore {
  readonly #backend: CartBackend;
  readonly #options: CartStoreOptions;
  #confirmed: LoadedCart = { lines: [], totals: null };
  /** Whether the confirmed totals belong to the confirmed lines (false after a change until the next load). */
  #totalsCurrent = false;
  #pending: PendingChange[] = [];
  #status: CartSnapshot['status'] = 'loading';
  #snapshot: CartSnapshot;
  #listeners = new Set<() => void>();
  #queue: Promise<unknown> = Promise.resolve();
  /** A load already waiting in the queue: another request for one joins it. */
  #queuedLoad: Promise<void> | null = null;

  constructor(backend: CartBackend, options: CartStoreOptions) {
    this.#backend = backend;
    this.#options = options;
    this.#snapshot = emptyCartSnapshot(options.basis);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): CartSnapshot => this.#snapshot;

  /** Reads the cart again (after the changes already made have been stored). */
  refresh(): Promise<void> {
    this.#queuedLoad ??= this.#enqueue(async () => {
      this.#queuedLoad = null;
      try {
        this.#confirmed = await this.#backend.load();
        this.#totalsCurrent = this.#confirmed.totals !== null;
      } catch (error) {
        this.#options.onError(error);
      } finally {
        this.#status = 'ready';
        this.#publish();
      }
    });
    return this.#queuedLoad;
  }

  /**
   * Adds `quantity` units on top of the item's line, capped at its maximum. Answers how many units were added
   * (0 when the line is already at its maximum: nothing changes) and whether the call succeeded.
   */
  add(item: CartItem, quantity: number): { added: number; saved: Promise<boolean> } {
    const lines = this.#snapshot.lines;
    const added = quantityAfterAdding(lines, item, quantity) - (findLine(lines, item)?.quantity ?? 0);
    if (added <= 0) return { added: 0, saved: Promise.resolve(false) };
    return {
      added,
      saved: this.#change(
        (current) => withAddition(current, item, quantity),
        (next) => this.#save(next, item),
      ),
    };
  }

  setQuantity(ref: LineRef, quantity: number): Promise<boolean> {
    return this.#change(
      (current) => withQuantity(current, ref, quantity),
      (next) => this.#save(next, ref),
    );
  }

  remove(ref: LineRef): Promise<boolean> {
    return this.#change(
      (current) => withoutLine(current, ref),
      async (next, previous) => {
        const line = findLine(previous, ref);
        if (line) await this.#backend.remove(line);
        return next;
      },
    );
  }

  async #save(next: CartLine[], ref: LineRef): Promise<CartLine[]> {
    const line = findLine(next, ref);
    if (!line) return next;
    const lineId = await this.#backend.save(line);
    return lineId === line.lineId ? next : next.map((each) => (each === line ? { ...line, lineId } : each));
  }

  /** Shows `apply` at once; stores it in turn with `commit` (given the lines after and before it). */
  #change(apply: PendingChange['apply'], commit: (next: CartLine[], previous: CartLine[]) => Promise<CartLine[]>): Promise<boolean> {
    const change: PendingChange = { apply };
    this.#pending.push(change);
    this.#publish();
    const stored = this.#enqueue(async () => {
      try {
        const previous = this.#confirmed.lines;
        this.#confirmed = { ...this.#confirmed, lines: await commit(apply(previous), previous) };
        this.#totalsCurrent = false;
        return true;
      } catch (error) {
        this.#options.onError(error);
        return false;
      } finally {
        this.#pending = this.#pending.filter((each) => each !== change);
        this.#publish();
      }
    });
    void stored.then(() => {
      if (this.#pending.length === 0) void this.refresh();
    });
    return stored;
  }

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #publish(): void {
    const lines = this.#pending.reduce((current, change) => change.apply(current), this.#confirmed.lines);
    const confirmedTotals = this.#confirmed.totals;
    const totals =
      confirmedTotals && this.#totalsCurrent && this.#pending.length === 0
        ? confirmedTotals
        : totalsOf(lines, confirmedTotals ?? this.#options.basis);
    this.#snapshot = { status: this.#status, lines, totals, saving: this.#pending.length > 0 };
    for (const listener of this.#listeners) listener();
  }
}
