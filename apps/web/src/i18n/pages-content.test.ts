import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import ar from '../../messages/pages/ar.json';
import en from '../../messages/pages/en.json';

/** The information pages' long content (spec §2), merged into the `common` namespace by request.ts. */
type InfoSection = { heading: string; paragraphs: string[] };
type InfoPage = { title: string; description: string; keywords: string; sections: InfoSection[] };
type PagesMessages = { info: Record<string, InfoPage> };

const MESSAGES: Record<'en' | 'ar', PagesMessages> = { en, ar };
const INFO_PAGES = ['about', 'privacy-policy', 'terms-conditions', 'returns-policy', 'contactUs'];
const PAGE_FIELDS = ['description', 'keywords', 'sections', 'title'];
const MAX_META_DESCRIPTION = 160;

type MessageString = { path: string; text: string };

/** Every string in the file with its dotted message path (array items by index, as next-intl resolves them). */
function collectStrings(value: unknown, path: string): MessageString[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => collectStrings(item, `${path}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => collectStrings(item, path ? `${path}.${key}` : key));
  }
  throw new Error(`Unexpected ${typeof value} at ${path}`);
}

/** The file's structure with every string blanked out, so both languages can be compared key by key and item by item. */
function shapeOf(value: unknown): unknown {
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  }
  return typeof value;
}

function page(locale: 'en' | 'ar', name: string): InfoPage {
  const found = MESSAGES[locale].info[name];
  if (!found) throw new Error(`${locale}: missing info page ${name}`);
  return found;
}

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
/** A line that is only a phone number or only an e-mail address is written the same in both languages. */
const CONTACT_ONLY = /^(\+?[\d ]+|[\w.+-]+@[\w-]+(\.[\w-]+)+)$/;
/** ICU message syntax (next-intl) and the ASCII apostrophe that ICU treats as an escape character. */
const ICU_SPECIAL = /[{}<>']/;

describe('information pages content (messages/pages)', () => {
  it.each(['en', 'ar'] as const)(
    '%s has exactly the five information pages, each with title, description, keywords and sections',
    (locale) => {
      expect(Object.keys(MESSAGES[locale])).toEqual(['info']);
      expect(Object.keys(MESSAGES[locale].info).sort()).toEqual([...INFO_PAGES].sort());
      for (const name of INFO_PAGES) {
        const { sections } = page(locale, name);
        expect(Object.keys(page(locale, name)).sort(), `${locale} ${name}`).toEqual(PAGE_FIELDS);
        expect(sections.length, `${locale} ${name} sections`).toBeGreaterThan(0);
        for (const section of sections) {
          expect(Object.keys(section).sort(), `${locale} ${name} section`).toEqual(['heading', 'paragraphs']);
          expect(section.paragraphs.length, `${locale} ${name} "${section.heading}"`).toBeGreaterThan(0);
        }
      }
    },
  );

  it('English and Arabic have the same keys, nesting and array lengths', () => {
    expect(shapeOf(ar)).toEqual(shapeOf(en));
  });

  it.each(INFO_PAGES)('%s has the same number of sections and paragraphs per section in both languages', (name) => {
    const paragraphCounts = (locale: 'en' | 'ar') => page(locale, name).sections.map((section) => section.paragraphs.length);
    expect(paragraphCounts('ar')).toEqual(paragraphCounts('en'));
  });

  it.each(['en', 'ar'] as const)('%s has no empty or blank strings', (locale) => {
    const blank = collectStrings(MESSAGES[locale], '').filter(({ text }) => text.trim() === '');
    expect(blank.map(({ path }) => path)).toEqual([]);
  });

  it('every Arabic string is written in Arabic script, apart from phone-only and e-mail-only lines', () => {
    const notArabic = collectStrings(ar, '').filter(({ text }) => !ARABIC_SCRIPT.test(text) && !CONTACT_ONLY.test(text));
    expect(notArabic).toEqual([]);
  });

  it('the English file contains no Arabic script', () => {
    expect(collectStrings(en, '').filter(({ text }) => ARABIC_SCRIPT.test(text))).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('%s meta descriptions are at most 160 characters', (locale) => {
    for (const name of INFO_PAGES) {
      const { description } = page(locale, name);
      expect([...description].length, `${locale} ${name}: ${description}`).toBeLessThanOrEqual(MAX_META_DESCRIPTION);
    }
  });

  it.each(['en', 'ar'] as const)('%s keywords are a comma-separated list of non-empty terms', (locale) => {
    for (const name of INFO_PAGES) {
      const terms = page(locale, name)
        .keywords.split(/[,،]/)
        .map((term) => term.trim());
      expect(terms.length, `${locale} ${name}`).toBeGreaterThanOrEqual(3);
      expect(
        terms.filter((term) => term === ''),
        `${locale} ${name}`,
      ).toEqual([]);
    }
  });

  it.each(['en', 'ar'] as const)('%s strings contain no ICU syntax characters ({ } < > or the ASCII apostrophe)', (locale) => {
    const withSyntax = collectStrings(MESSAGES[locale], '').filter(({ text }) => ICU_SPECIAL.test(text));
    expect(withSyntax).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('%s strings render through next-intl exactly as written', (locale) => {
    const t = createTranslator({ locale, messages: MESSAGES[locale] });
    for (const { path, text } of collectStrings(MESSAGES[locale], '')) {
      expect(t(path as never), path).toBe(text);
    }
  });
});
