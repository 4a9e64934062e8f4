import { describe, expect, it } from 'vitest';
import { knownQuery, listHref, parseListQuery } from './list-query';

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

  it('reads gender, notes (repeated or comma-separated, each once), concentration, size and a price range', () => {
    expect(
      parseListQuery({
        gender: 'women',
        notes: ['oud', 'rose-taifi,oud'],
        concentration: 'Eau de Parfum',
        size: '50',
        price_min: '300',
        price_max: '799.50',
      }),
    ).toMatchObject({
      gender: 'women',
      notes: ['oud', 'rose-taifi'],
      concentration: 'Eau de Parfum',
      size: 50,
      price_min: 300,
      price_max: 799.5,
    });
  });

  it('drops filters it cannot read rather than failing the page', () => {
    expect(parseListQuery({ gender: 'other', notes: 'Not A Slug!', size: '2.5', price_min: '-4', price_max: 'lots' })).toMatchObject({
      gender: undefined,
      notes: undefined,
      size: undefined,
      price_min: undefined,
      price_max: undefined,
    });
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
  it('keeps the search’s id while its text stays, and drops it for another text (decision 0045)', () => {
    const searched = parseListQuery({ search: 'oud', search_id: '42' });
    expect(searched.search_id).toBe(42);
    expect(listHref('/fragrances', searched, { ordering: 'price' })).toBe('/fragrances?search=oud&ordering=price&search_id=42');
    expect(listHref('/fragrances', searched, { page: 2 })).toBe('/fragrances?search=oud&search_id=42&page=2');
    expect(listHref('/fragrances', searched, { search: 'amber' })).toBe('/fragrances?search=amber');
    for (const odd of ['abc', '-1', '0', '99999999999', '1e3', ' 4']) {
      expect(parseListQuery({ search: 'oud', search_id: odd }).search_id).toBeUndefined();
    }
    expect(parseListQuery({ search_id: '42' }).search_id).toBeUndefined();
  });
  it('writes page 1 without a page parameter', () => {
    expect(listHref('/fragrances', query, { page: 1 })).toBe('/fragrances?category_slug=eau-de-parfum&ordering=price');
    expect(listHref('/new', parseListQuery({}), {})).toBe('/new');
  });
  it('writes the notes as one comma-separated parameter and drops a filter set to undefined', () => {
    const filtered = parseListQuery({ notes: ['oud', 'amber'], gender: 'men', price_max: '900' });
    expect(listHref('/fragrances', filtered, {})).toBe('/fragrances?gender=men&notes=oud%2Camber&price_max=900');
    expect(listHref('/fragrances', filtered, { gender: undefined })).toBe('/fragrances?notes=oud%2Camber&price_max=900');
  });
  it('encodes search text', () => {
    expect(listHref('/fragrances', parseListQuery({ search: 'عود & مسك' }), {})).toBe(
      '/fragrances?search=%D8%B9%D9%88%D8%AF+%26+%D9%85%D8%B3%D9%83',
    );
  });
});

describe('knownQuery', () => {
  const known = {
    family: ['woody', 'floral'],
    occasion: ['1', '2'],
    notes: ['oud', 'amber'],
    concentration: ['Eau de Parfum'],
    size: ['30', '100'],
  };

  it('drops values the shop does not offer and keeps the known ones beside them', () => {
    const query = parseListQuery({
      family: 'citrus',
      occasion: '9',
      notes: 'rose,oud',
      concentration: 'Extrait',
      size: '7',
      gender: 'women',
    });
    expect(knownQuery(query, known)).toEqual({
      ...query,
      family: undefined,
      occasion: undefined,
      notes: ['oud'],
      concentration: undefined,
      size: undefined,
    });
  });

  it('leaves no notes filter when none is known, and matches names without regard to case', () => {
    const query = parseListQuery({ notes: 'rose', family: 'Woody', concentration: 'eau de parfum', size: '100' });
    expect(knownQuery(query, known)).toEqual({ ...query, notes: undefined });
  });

  it('keeps the values of a list it could not read', () => {
    const query = parseListQuery({ notes: 'rose', family: 'citrus' });
    expect(knownQuery(query, { family: known.family })).toEqual({ ...query, family: undefined });
  });
});
