/** `npm run fonts -w @attar/web`: writes Cairo's stylesheet, punctuation subset and licence for the Arabic pages (cairo.ts). */
import { writeFile } from 'node:fs/promises';
import { buildCairoFonts, CSS_FILE, LICENSE_FILE, PUNCTUATION_FILE } from './cairo';

const { css, punctuation, license } = await buildCairoFonts();
await writeFile(new URL(CSS_FILE, import.meta.url), css);
await writeFile(new URL(PUNCTUATION_FILE, import.meta.url), punctuation);
await writeFile(new URL(LICENSE_FILE, import.meta.url), license);
console.log(`Wrote ${CSS_FILE}, ${LICENSE_FILE} and ${PUNCTUATION_FILE} (${(punctuation.byteLength / 1024).toFixed(1)} kB)`);
