import type { FastifyRequest } from 'fastify';
import type { Locale } from '@attar/contract';

/**
 * `?lang=ar` wins; otherwise the preferred of en/ar in Accept-Language; English by default. `lang` is read from the
 * address itself, since a route's query schema may not list it (and zod drops what it does not list).
 */
export function requestLocale(request: FastifyRequest): Locale {
  const search = request.url.indexOf('?');
  const lang = search === -1 ? null : new URLSearchParams(request.url.slice(search + 1)).get('lang');
  if (lang === 'ar' || lang === 'en') return lang;
  const header = request.headers['accept-language'];
  if (!header) return 'en';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const base = tag.split('-')[0];
    if (base !== 'ar' && base !== 'en') continue;
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!best || q > best.q) best = { locale: base, q };
  }
  return best?.locale ?? 'en';
}
