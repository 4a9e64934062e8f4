import localFont from 'next/font/local';

/**
 * Geist, Latin subset only (U+0000–00FF and common punctuation), from `@fontsource-variable/geist`: 29 kB where the
 * `geist` package's full variable font is 68 kB. Not preloaded: Arabic pages never fetch it (their few Latin words are
 * in the system's font, see src/fonts/cairo.ts), and English pages ask for it as soon as their text is laid out. The
 * metric-matched fallback next/font derives keeps the swap from moving the page. `next/font/local` takes only a path
 * relative to this file; npm workspaces hoist the package to the repository's node_modules.
 */
export const latinFont = localFont({
  src: '../../../../node_modules/@fontsource-variable/geist/files/geist-latin-wght-normal.woff2',
  variable: '--font-geist-sans',
  weight: '100 900',
  display: 'swap',
  preload: false,
});
