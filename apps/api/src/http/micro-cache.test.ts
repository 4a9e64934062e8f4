import { describe, expect, it } from 'vitest';
import { MicroCache } from './micro-cache';

describe('MicroCache', () => {
  it('builds an answer once for concurrent and repeated requests within its lifetime', async () => {
    const cache = new MicroCache(1000);
    let builds = 0;
    const produce = async () => `answer ${++builds}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', produce)));
    expect(new Set(answers)).toEqual(new Set(['answer 1']));
    expect(await cache.get('k', produce)).toBe('answer 1');
    expect(await cache.get('other', produce)).toBe('answer 2');
  });

  it('builds again once the answer is older than its lifetime, and never keeps a failure', async () => {
    const cache = new MicroCache(20);
    let builds = 0;
    expect(await cache.get('k', async () => `v${++builds}`)).toBe('v1');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.get('k', async () => `v${++builds}`)).toBe('v2');
    await expect(cache.get('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
  });

  it('keeps at most its maximum number of answers, dropping the oldest', async () => {
    const cache = new MicroCache(10_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('is off with a lifetime of 0', async () => {
    const cache = new MicroCache(0);
    let builds = 0;
    await cache.get('k', async () => String(++builds));
    expect(await cache.get('k', async () => String(++builds))).toBe('2');
  });
});
