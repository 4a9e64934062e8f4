/** `npm run fonts -w @attar/web`: writes Cairo's stylesheet and punctuation subset for the Arabic pages (see cairo.ts). */
import { writeFile } from 'node:fs/promises';
import { buildCairoFonts, CSS_FILE, PUNCTUATION_FILE } from './cairo';

const { css, punctuation } = await buildCairoFonts();
await writeFile(new URL(CSS_FILE, import.meta.url), css);
await writeFile(new URL(PUNCTUATION_FILE, import.meta.url), punctuation);
console.log(`Wrote ${CSS_FILE} and ${PUNCTUATION_FILE} (${(punctuation.byteLength / 1024).toFixed(1)} kB)`);
