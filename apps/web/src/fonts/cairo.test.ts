import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildCairoFonts, CSS_FILE, expandRange, LICENSE_FILE, PUNCTUATION_FILE } from './cairo';

const built = buildCairoFonts();
const committed = (file: string) => readFile(new URL(file, import.meta.url));

/** Whether a unicode-range names the character. */
function covers(unicodeRange: string, character: string): boolean {
  return expandRange(unicodeRange).includes(character.codePointAt(0)!);
}

describe("the Arabic pages' Cairo", () => {
  it('is committed as this module builds it (run `npm run fonts -w @attar/web` after a fontsource update)', async () => {
    const { css, punctuation, license } = await built;
    expect((await committed(CSS_FILE)).toString('utf8')).toBe(css);
    expect(Buffer.compare(await committed(PUNCTUATION_FILE), punctuation)).toBe(0);
    expect((await committed(LICENSE_FILE)).toString('utf8')).toBe(license);
  });

  it("takes the spaces, punctuation and digits of Cairo's Latin file, never its letters", async () => {
    const { css, punctuation } = await built;
    const punctuationRange = css.match(new RegExp(`url\\('\\./${PUNCTUATION_FILE}'\\)[^;]*;\\s*unicode-range: ([^;]+);`))?.[1];
    expect(punctuationRange).toBeDefined();
    for (const character of [' ', '\u00a0', '.', ':', '(', ')', '/', '|', '+', '@', '©', '·', '…', '0', '9', '%']) {
      expect(covers(punctuationRange!, character), character).toBe(true);
    }
    for (const character of ['A', 'z', 'é', 'ß']) expect(covers(punctuationRange!, character), character).toBe(false);
    // Far smaller than the 34 kB Latin file it comes from.
    expect(punctuation.byteLength).toBeLessThan(20_000);
  });

  it("declares fontsource's Arabic file for the Arabic script, Arabic-Indic digits included", async () => {
    const { css } = await built;
    const arabicRange = css.match(/cairo-arabic-wght-normal\.woff2'\)[^;]*;\s*unicode-range: ([^;]+);/)?.[1];
    expect(arabicRange).toBeDefined();
    for (const character of ['ع', 'ّ', '٠', '٩', '،', '؟']) expect(covers(arabicRange!, character), character).toBe(true);
    expect(covers(arabicRange!, 'A')).toBe(false);
  });
});
