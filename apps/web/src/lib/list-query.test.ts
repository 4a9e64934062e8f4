import { describe, expect, it } from 'vitest';
import { listHref, parseListQuery } from './list-query';

describe('parseListQuery', () => {
  it('reads category, search, filters, sort and page', () => {
    expect(
      parseListQuery({ category_slug: 'Deodorants', search: 'oud', family: 'woody', occasion: '3', ordering: '-price', page: '2' }),
    ).toEqual({ page: 2, category_slug: 'Deodorants', search: 'oud', family: 'woody', occasion: '3', ordering: '-price' });
  });

  it('defaults to page 1 and ignores unknown sort orders', () => {
    expect(parseListQuery({ page: 'abc', ordering: 'random' })).toMatchObject({ page: 1, ordering: undefined });
    expect(parseListQuery({ page: '0' }).page).toBe(1);
    expect(parseListQuery({ page: '-3' }).page).toBe(1);
  });

  it('keeps a one-letter search as typed (no length check) and drops a blank one', () => {
    expect(parseListQuery({ search: 'a' }).search).toBe('a');
    expect(parseListQuery({ search: '   ' }).search).toBeUndefined();
  });

  it('takes the first of repeated parameters', () => {
    expect(parseListQuery({ category_slug: ['eau-de-parfum', 'x'] }).category_slug).toBe('eau-de-parfum');
  });
});

describe('listHref', () => {
  const query = parseListQuery({ category_slug: 'eau-de-parfum', ordering: 'price', page: '3' });
  it('keeps the query while changing the page', () => {
    expect(listHref('/fragrances', query, { page: 4 })).toBe('/fragrances?category_slug=eau-de-parfum&ordering=price&page=4');
  });
  it('writes page 1 without a page parameter', () => {
    expect(listHref('/fragrances', query, { page: 1 })).toBe('/fragrances?category_slug=eau-de-parfum&ordering=price');
    expect(listHref('/new', parseListQuery({}), {})).toBe('/new');
  });
  it('encodes search text', () => {
    expect(listHref('/fragrances', parseListQuery({ search: 'عود & مسك' }), {})).toBe(
      '/fragrances?search=%D8%B9%D9%88%D8%AF+%26+%D9%85%D8%B3%D9%83',
    );
  });
});
