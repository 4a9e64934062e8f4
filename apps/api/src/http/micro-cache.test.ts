import { describe, expect, it } from 'vitest';
import { MicroCache } from './micro-cache';

/** A clock the test moves by hand, so expiry is exact and no test sleeps. */
function manualClock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** A rebuild the test finishes or fails by hand; counts how often the cache started it. */
class HeldBuild {
  started = 0;
  finish!: (answer: string) => void;
  fail!: (error: Error) => void;
  private readonly answer = new Promise<string>((finish, fail) => Object.assign(this, { finish, fail }));
  produce = () => {
    this.started++;
    return this.answer;
  };
}

/** Lets the cache's own callbacks on a settled build run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('MicroCache', () => {
  it('builds an answer once for concurrent and repeated requests within its lifetime', async () => {
    const cache = new MicroCache<string>(1000);
    let builds = 0;
    const produce = async () => `answer ${++builds}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', produce)));
    expect(new Set(answers)).toEqual(new Set(['answer 1']));
    expect(await cache.get('k', produce)).toBe('answer 1');
    expect(await cache.get('other', produce)).toBe('answer 2');
  });

  it('builds again once the answer is too old to serve, and never keeps a failure', async () => {
    const clock = manualClock();
    const cache = new MicroCache<string>(20, 2000, clock.now);
    let builds = 0;
    expect(await cache.get('k', async () => `v${++builds}`)).toBe('v1');
    await settle();
    clock.advance(40);
    expect(await cache.get('k', async () => `v${++builds}`)).toBe('v2');
    await expect(cache.get('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await settle();
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
  });

  /** A cache (lifetime 2 s) whose answer 'old' for 'k' expired half a second ago. */
  async function cacheWithExpiredAnswer() {
    const clock = manualClock();
    const cache = new MicroCache<string>(2000, 2000, clock.now);
    await cache.get('k', async () => 'old');
    await settle();
    clock.advance(2500);
    return { cache, clock };
  }

  it('serves the expired answer while one rebuild runs, then the rebuilt one', async () => {
    const { cache } = await cacheWithExpiredAnswer();
    const rebuild = new HeldBuild();
    const whileRebuilding = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', rebuild.produce)));
    expect(whileRebuilding).toEqual(['old', 'old', 'old', 'old', 'old']);
    expect(rebuild.started).toBe(1);
    rebuild.finish('new');
    await settle();
    expect(await cache.get('k', rebuild.produce)).toBe('new');
    expect(rebuild.started).toBe(1);
  });

  it('keeps serving the expired answer only up to twice its lifetime', async () => {
    const { cache, clock } = await cacheWithExpiredAnswer();
    const slowRebuild = new HeldBuild();
    expect(await cache.get('k', slowRebuild.produce)).toBe('old');
    clock.advance(2000);
    // Past twice the lifetime: this caller waits for a build of its own instead of the older answer.
    expect(await cache.get('k', async () => 'current')).toBe('current');
    // The slow rebuild finishing late does not replace the newer answer.
    slowRebuild.finish('late');
    await settle();
    expect(await cache.get('k', async () => 'unused')).toBe('current');
  });

  it('drops an expired answer whose rebuild fails, so the next request builds again', async () => {
    const { cache } = await cacheWithExpiredAnswer();
    const failing = new HeldBuild();
    expect(await cache.get('k', failing.produce)).toBe('old');
    failing.fail(new Error('db down'));
    await settle();
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('keeps at most its maximum number of answers, dropping the oldest', async () => {
    const cache = new MicroCache<string>(10_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('is off with a lifetime of 0', async () => {
    const cache = new MicroCache<string>(0);
    let builds = 0;
    await cache.get('k', async () => String(++builds));
    expect(await cache.get('k', async () => String(++builds))).toBe('2');
  });
});
