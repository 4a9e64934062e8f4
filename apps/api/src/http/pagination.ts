import type { FastifyRequest } from 'fastify';

/** `{count, next, previous, results}` as JSON text, with absolute next/previous links like DRF's. */
export function pageJson(
  request: FastifyRequest,
  publicUrl: string,
  page: { count: number; resultsJson: string },
  current: number,
  pageSize: number,
): string {
  const link = (n: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set('page', String(n));
    return JSON.stringify(url.toString());
  };
  const lastPage = Math.max(1, Math.ceil(page.count / pageSize));
  const next = current < lastPage ? link(current + 1) : 'null';
  const previous = current > 1 ? link(Math.min(current - 1, lastPage)) : 'null';
  return `{"count":${page.count},"next":${next},"previous":${previous},"results":${page.resultsJson}}`;
}
