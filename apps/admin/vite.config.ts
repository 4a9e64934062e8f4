import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The back office is served by the API at /admin/; in development Vite serves it and passes /api to the API. */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  // The first-load budget (250 kB of gzipped JavaScript) is measured by `npm run bench`, not by Vite's raw-size warning.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:8000', '/media': 'http://127.0.0.1:8000' },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
