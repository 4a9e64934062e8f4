import { describe, expect, it } from 'vitest';
import { ProductPage, type ListedProduct } from '@attar/contract';
import { useTestApp } from '../test/app';
import relevanceSet from './relevance-set.json';

const t = useTestApp();

/** The share of queries whose products all come in the first three results must not fall below this. */
const SUCCESS_AT_3 = 0.9;
/** The share of an intent query's first five results inside the set it names, on average, must not fall below this. */
const PRECISION_AT_5 = 0.9;

type Intended = { gender?: string; type?: string; concentration?: string; size?: number; price_max?: number; price_min?: number };

async function results(query: string, pageSize: number) {
  // The English answer, whatever the query's script: its concentration names are the filter's values.
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/products/?page_size=${pageSize}&search=${encodeURIComponent(query)}`,
    headers: { 'accept-language': 'en' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return ProductPage.parse(response.json()).results;
}

/** Whether `product` is inside the set an intent query names. */
function inIntendedSet(product: ListedProduct, intended: Intended): boolean {
  return (
    (intended.gender === undefined || product.gender === intended.gender) &&
    (intended.type === undefined || product.type === intended.type) &&
    (intended.concentration === undefined || product.concentration?.toLowerCase() === intended.concentration.toLowerCase()) &&
    (intended.size === undefined || product.variants.some((v) => v.ml === intended.size)) &&
    (intended.price_max === undefined || product.variants.some((v) => v.price <= intended.price_max!)) &&
    (intended.price_min === undefined || product.variants.some((v) => v.price >= intended.price_min!))
  );
}

describe('search relevance on the demo catalogue', () => {
  it(`finds each query's products in the top 3 for at least ${SUCCESS_AT_3 * 100}% of the set`, async () => {
    const ranked = relevanceSet.filter((entry) => entry.top3.length > 0);
    expect(ranked.length).toBeGreaterThanOrEqual(60);
    const misses: string[] = [];
    for (const { query, top3 } of ranked) {
      const found = (await results(query, 3)).map((p) => p.slug);
      if (!top3.every((slug) => found.includes(slug))) misses.push(`${query} → ${found.join(', ')} (wanted ${top3.join(', ')})`);
    }
    const success = (ranked.length - misses.length) / ranked.length;
    console.info(`search success@3: ${success.toFixed(3)} over ${ranked.length} queries`, misses);
    expect(success, misses.join('\n')).toBeGreaterThanOrEqual(SUCCESS_AT_3);
  }, 120_000);

  it(`keeps an intent query's top 5 inside the set it names (precision@5 at least ${PRECISION_AT_5})`, async () => {
    const intents = relevanceSet.flatMap((entry) =>
      'intent' in entry ? [{ query: entry.query, intended: entry.intent as Intended }] : [],
    );
    expect(intents.length).toBeGreaterThanOrEqual(15);
    expect(relevanceSet.length).toBeGreaterThanOrEqual(80);
    const precisions: number[] = [];
    const short: string[] = [];
    for (const { query, intended } of intents) {
      const top5 = await results(query, 5);
      const inside = top5.filter((product) => inIntendedSet(product, intended)).length;
      const precision = top5.length === 0 ? 0 : inside / top5.length;
      precisions.push(precision);
      if (precision < 1) short.push(`${query}: ${inside} of ${top5.length} inside ${JSON.stringify(intended)}`);
    }
    const mean = precisions.reduce((sum, each) => sum + each, 0) / precisions.length;
    console.info(`intent precision@5: ${mean.toFixed(3)} over ${intents.length} queries`, short);
    expect(mean, short.join('\n')).toBeGreaterThanOrEqual(PRECISION_AT_5);
  }, 120_000);
});
