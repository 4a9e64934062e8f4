/**
 * On the one public address (decision 0016) the storefront is what answers: `/admin/` and the password links that
 * `npm run staff` prints (`PUBLIC_URL/admin/set-password?token=…`) must reach the back office, which the API serves, and
 * never the storefront's locale routing or its 404.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config';

/** proxy.ts's matcher, read from its source: Next needs it written there as a literal, and the module needs Next's runtime. */
const proxyMatcher = () => {
  const source = readFileSync(new URL('../proxy.ts', import.meta.url), 'utf8');
  return (/matcher: '([^']+)'/.exec(source)?.[1] ?? '').replaceAll('\\\\', '\\');
};

type Rewrite = { source: string; destination: string };

/** The rewrite that takes `pathname`, with its destination filled in (Next's `:name` and `:name*` parameters). */
function rewriteOf(rewrites: Rewrite[], pathname: string): string | undefined {
  for (const { source, destination } of rewrites) {
    const names: string[] = [];
    const pattern = source.replace(/:(\w+)(\*)?/g, (_all, name: string, many?: string) => {
      names.push(name);
      return many ? '(.*)' : '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(pathname);
    if (match) return names.reduce((to, name, index) => to.replace(new RegExp(`:${name}\\*?`), match[index + 1] ?? ''), destination);
  }
  return undefined;
}

describe('the back office through the storefront', () => {
  it('is passed to the API for /admin, /admin/ and every address under it', async () => {
    const rewrites = (await nextConfig.rewrites!()) as Rewrite[];
    const api = (process.env.API_INTERNAL_URL ?? 'http://127.0.0.1:8000').replace(/\/$/, '');
    expect(rewriteOf(rewrites, '/admin')).toBe(`${api}/admin`);
    expect(rewriteOf(rewrites, '/admin/')).toBe(`${api}/admin/`);
    expect(rewriteOf(rewrites, '/admin/set-password')).toBe(`${api}/admin/set-password`);
    expect(rewriteOf(rewrites, '/admin/assets/index-1a2b.js')).toBe(`${api}/admin/assets/index-1a2b.js`);
    expect(rewriteOf(rewrites, '/en/fragrances')).toBeUndefined();
  });

  it('is left out of the pages’ locale routing (no /en/admin)', () => {
    const matcher = new RegExp(`^${proxyMatcher()}$`);
    for (const pathname of ['/admin', '/admin/', '/admin/set-password', '/api/products/'])
      expect(matcher.test(pathname), pathname).toBe(false);
    for (const pathname of ['/', '/en/fragrances', '/ar']) expect(matcher.test(pathname), pathname).toBe(true);
  });
});
