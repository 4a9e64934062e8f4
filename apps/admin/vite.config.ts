import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * Writes a `.br` and a `.gz` beside every built script, style sheet and SVG, at the highest levels: the API serves them
 * as they are (`preCompressed`), so no request spends CPU compressing and every browser gets the smallest body.
 */
function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'attar-precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      for (const name of readdirSync(assetsDir).filter((file) => /\.(js|css|svg)$/.test(file))) {
        const file = path.join(assetsDir, name);
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The back office is served by the API at /admin/; in development Vite serves it and passes /api to the API. */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), precompress()],
  // The first-load budget (250 kB of gzipped JavaScript) is measured by `npm run bench`, not by Vite's raw-size warning.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Each language's texts in a script named for it (`texts-ar-….js`), fetched when the language is first shown.
    rollupOptions: {
      output: {
        manualChunks(id) {
          const language = /\/src\/messages\/(en|ar)\.ts$/.exec(id)?.[1];
          return language && `texts-${language}`;
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:8000', '/media': 'http://127.0.0.1:8000' },
  },
  test: {
    setupFiles: ['src/test/catalogues.ts'],
    projects: [
      { extends: true, test: { name: 'logic', environment: 'node', include: ['src/**/*.test.ts'] } },
      // Screens render in a simulated browser, driven as a person would (Testing Library); a whole walk through one
      // takes seconds on a busy machine.
      { extends: true, test: { name: 'screens', environment: 'jsdom', include: ['src/**/*.test.tsx'], testTimeout: 20_000 } },
    ],
  },
});
