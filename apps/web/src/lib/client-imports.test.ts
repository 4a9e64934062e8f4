/**
 * What runs in the browser may take types and plain constants from `@attar/contract`, never a schema: a schema brings
 * zod into the page's first load (the product lists once grew from 149 to 240 kB gzipped for one parsed click). The
 * API checks every body anyway; the browser builds them typed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The values (not types) a file imports from a module, by name. */
function valueImports(source: string, module: string): string[] {
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${module.replace('/', '\\/')}'`, 'g');
  return [...source.matchAll(pattern)].flatMap(([, typeOnly, names]) =>
    typeOnly
      ? []
      : names!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]!),
  );
}

describe('code that runs in the browser', () => {
  const clientFiles = sourceFiles(SRC).filter((file) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8')));

  it('is found', () => {
    expect(clientFiles.length).toBeGreaterThan(20);
  });

  it('takes no schema from the contract and nothing from zod', () => {
    const offending = clientFiles.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const schemas = valueImports(source, '@attar/contract').filter((name) => /^[A-Z][a-z]/.test(name));
      const zod = /from\s+'zod'/.test(source.replace(/import\s+type[^;]*from\s+'zod';/g, '')) ? ['zod'] : [];
      return [...schemas, ...zod].map((name) => `${path.relative(SRC, file)}: ${name}`);
    });
    expect(offending).toEqual([]);
  });
});
