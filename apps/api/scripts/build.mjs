// `npm run build -w @attar/api`: the API server as plain JavaScript for production (`npm start` runs dist/server.js
// there): its own code and the shared contract (TypeScript source) bundled by esbuild into one ES module, the packages
// it uses left to node_modules, the migrations copied beside. Types are checked by `npm run typecheck`, not here. The
// tools (`npm run staff`, `seed`, `backup`) run their source through tsx.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(API_DIR, 'dist');
const { dependencies } = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@attar/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  absWorkingDir: API_DIR,
  entryPoints: ['src/server.ts'],
  outdir: OUT_DIR,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
// db/migrate.ts finds them beside itself: in the bundle, beside dist/server.js.
cpSync(path.join(API_DIR, 'src/db/migrations'), path.join(OUT_DIR, 'migrations'), { recursive: true });
console.log(`Built the API into ${path.relative(process.cwd(), OUT_DIR) || OUT_DIR}`);
