import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

/**
 * The Arabic pages' typeface, built from `@fontsource-variable/cairo` (docs/decisions/0005-storefront-first-load.md,
 * item 20). fontsource splits Cairo into an Arabic file (31 kB) and a Latin one (34 kB). Arabic text needs the Latin
 * file only for its spaces, punctuation and Western digits (".", ":", "©", a phone number), yet any of them made the
 * browser fetch every Latin letter too. So the Arabic pages get the Arabic file as it is and a subset of the Latin
 * file holding everything but its letters (14 kB); the few Latin words they show (the "Attar" word mark, "English")
 * are set in the system's font, as English pages set the Arabic word mark.
 *
 * `npm run fonts -w @attar/web` writes the result to this folder (stylesheet, subset, and Cairo's licence as OFL.txt);
 * `cairo.test.ts` fails when the committed files are not what this module builds (a new fontsource release, or an edit).
 */

const FAMILY = 'Cairo Variable';
export const PUNCTUATION_FILE = 'cairo-punctuation-wght-normal.woff2';
export const CSS_FILE = 'cairo.css';
export const LICENSE_FILE = 'OFL.txt';
const ARABIC_URL = '@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2';

type Ranges = Record<'arabic' | 'latin', string>;

const fontsource = createRequire(import.meta.url);
const packageFolder = dirname(fontsource.resolve('@fontsource-variable/cairo/unicode.json'));

/**
 * The name records holding the font's licence (description and address). Cairo is under the SIL Open Font License, whose
 * text the subset must travel with; the subsetter keeps only the copyright and naming records by default.
 */
const LICENSE_NAME_IDS = [13, 14];

/** Spaces, punctuation, symbols and digits: what Arabic text borrows from the Latin script. */
const NOT_A_LETTER = /[\p{Zs}\p{P}\p{S}\p{N}]/u;

/** "U+0000-00FF,U+0131" → every code point it names. */
export function expandRange(unicodeRange: string): number[] {
  return [...unicodeRange.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)].flatMap(([, first, last]) => {
    const start = parseInt(first!, 16);
    const end = last ? parseInt(last, 16) : start;
    return Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
  });
}

/** Sorted code points → "U+0020-0040,U+005B-0060", as CSS's unicode-range writes them. */
function compactRange(codePoints: number[]): string {
  const spans: [number, number][] = [];
  for (const codePoint of codePoints) {
    const last = spans.at(-1);
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else spans.push([codePoint, codePoint]);
  }
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');
  return spans.map(([start, end]) => (start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`)).join(',');
}

function fontFace(src: string, unicodeRange: string): string {
  return [
    '@font-face {',
    `  font-family: '${FAMILY}';`,
    '  font-style: normal;',
    '  font-display: swap;',
    '  font-weight: 200 1000;',
    `  src: url('${src}') format('woff2-variations');`,
    `  unicode-range: ${unicodeRange};`,
    '}',
  ].join('\n');
}

/** The punctuation subset, the stylesheet declaring it with fontsource's Arabic file, and Cairo's licence. */
export async function buildCairoFonts(): Promise<{ css: string; punctuation: Uint8Array; license: string }> {
  const ranges = JSON.parse(await readFile(join(packageFolder, 'unicode.json'), 'utf8')) as Ranges;
  const punctuationCodePoints = expandRange(ranges.latin).filter((codePoint) => NOT_A_LETTER.test(String.fromCodePoint(codePoint)));
  const latinFile = await readFile(join(packageFolder, 'files/cairo-latin-wght-normal.woff2'));
  const punctuation = await subsetFont(latinFile, String.fromCodePoint(...punctuationCodePoints), {
    targetFormat: 'woff2',
    preserveNameIds: LICENSE_NAME_IDS,
  });
  const css = [
    `/* Written by \`npm run fonts -w @attar/web\` (src/fonts/cairo.ts) from @fontsource-variable/cairo: do not edit. */`,
    fontFace(ARABIC_URL, ranges.arabic),
    fontFace(`./${PUNCTUATION_FILE}`, compactRange(punctuationCodePoints)),
    '',
  ].join('\n');
  const license = await readFile(join(packageFolder, 'LICENSE'), 'utf8');
  return { css, punctuation: new Uint8Array(punctuation), license };
}
