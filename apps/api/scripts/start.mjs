// `npm start -w @attar/api`: in production the compiled API (`npm run build -w @attar/api` first: dist/server.js), in
// demo mode the TypeScript source through tsx, so `npm install && npm start` needs no build step. One process either
// way (imported, not spawned): stop signals reach the server itself.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/server.js', import.meta.url));
if (process.env.NODE_ENV === 'production') {
  if (!existsSync(built)) {
    console.error('Production runs the built API: run `npm run build` (or `npm run build -w @attar/api`) first.');
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  await import(built);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server.ts');
}
