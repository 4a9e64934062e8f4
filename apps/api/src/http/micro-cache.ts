/**
 * A short-lived cache of guests' catalogue answers, with single flight: while one request builds an answer, the others
 * asking for the same one wait for it instead of querying too. Answers are at most `ttlMs` old; the same answers may
 * already be cached for 60 s by a CDN (Cache-Control), so this adds no staleness a shopper could notice. Stock is
 * re-checked by the cart and at checkout whatever a listing said.
 */
export class MicroCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<string> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get(key: string, produce: () => Promise<string>): Promise<string> {
    if (this.ttlMs <= 0) return produce();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = produce();
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed build is not kept: the next request tries again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
