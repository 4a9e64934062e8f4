type Entry<T> = {
  /** The build in flight or done. */
  value: Promise<T>;
  /** Set once the build is done: the answer can be served stale from then on. */
  done: boolean;
  /** Until then the answer is served as is. */
  freshUntil: number;
  /** Until then an expired answer is still served while one rebuild runs; after it, callers wait for a new build. */
  staleUntil: number;
  /** A rebuild of this expired answer is running. */
  refreshing: boolean;
};

/**
 * A short-lived cache of guests' catalogue answers, with single flight: while one request builds an answer, the others
 * asking for the same one wait for it instead of querying too. Once an answer is `ttlMs` old, the next request starts
 * one rebuild in the background and, until it is done, everyone is still served the previous answer
 * (stale-while-revalidate), so no request waits for a rebuild of a busy answer; one more than `2 × ttlMs` old is never
 * served. The same answers may already be cached for 60 s by a CDN (Cache-Control), so this adds no staleness a
 * shopper could notice. Stock is re-checked by the cart and at checkout whatever a listing said.
 */
export class MicroCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, produce: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return produce();
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && (!hit.done || hit.freshUntil > now)) return hit.value;
    if (hit && hit.staleUntil > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.build(key, produce, hit);
      }
      return hit.value;
    }
    return this.build(key, produce).value;
  }

  /**
   * Builds an answer. A first build is stored at once, so concurrent callers wait for it; a rebuild (`replacing` an
   * expired entry) takes that entry's place once done. Either way a failure is not kept: the next request tries again.
   */
  private build(key: string, produce: () => Promise<T>, replacing?: Entry<T>): Entry<T> {
    const entry: Entry<T> = { value: produce(), done: false, freshUntil: 0, staleUntil: 0, refreshing: false };
    const held = replacing ?? entry;
    if (!replacing) this.store(key, entry);
    entry.value.then(
      () => {
        if (this.entries.get(key) !== held) return;
        entry.done = true;
        this.store(key, entry);
      },
      () => this.entries.get(key) === held && this.entries.delete(key),
    );
    return entry;
  }

  /** Forgets every answer (the catalogue changed): the next request for each builds it anew. */
  clear() {
    this.entries.clear();
  }

  /** (Re)inserts an entry as the newest, its lifetime counted from now, and drops the oldest beyond `maxEntries`. */
  private store(key: string, entry: Entry<T>) {
    const now = this.now();
    entry.freshUntil = now + this.ttlMs;
    entry.staleUntil = now + 2 * this.ttlMs;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
