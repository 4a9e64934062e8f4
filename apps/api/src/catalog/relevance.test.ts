import { describe, expect, it } from 'vitest';
import { ProductPage } from '@attar/contract';
import { useTestApp } from '../test/app';
import relevanceSet from './relevance-set.json';

const t = useTestApp();

/** The share of queries whose products all come in the first three results must not fall below this. */
const SUCCESS_AT_3 = 0.9;

async function topThree(query: string) {
  const lang = /[\u0600-\u06FF]/.test(query) ? 'ar' : 'en';
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/products/?page_size=3&search=${encodeURIComponent(query)}`,
    headers: { 'accept-language': lang },
  });
  expect(response.statusCode, response.body).toBe(200);
  return ProductPage.parse(response.json()).results.map((p) => p.slug);
}

describe('search relevance on the demo catalogue', () => {
  it(`finds each query's products in the top 3 for at least ${SUCCESS_AT_3 * 100}% of the set`, async () => {
    expect(relevanceSet.length).toBeGreaterThanOrEqual(60);
    const misses: string[] = [];
    for (const { query, top3 } of relevanceSet) {
      const found = await topThree(query);
      if (!top3.every((slug) => found.includes(slug))) misses.push(`${query} → ${found.join(', ')} (wanted ${top3.join(', ')})`);
    }
    const success = (relevanceSet.length - misses.length) / relevanceSet.length;
    console.info(`search success@3: ${success.toFixed(3)} over ${relevanceSet.length} queries`, misses);
    expect(success, misses.join('\n')).toBeGreaterThanOrEqual(SUCCESS_AT_3);
  }, 120_000);
});
