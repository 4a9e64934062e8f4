import type { FastifyRequest } from 'fastify';

/** Absolute next/previous links like DRF's, or null at either end. */
export function pageLinks(request: FastifyRequest, publicUrl: string, count: number, current: number, pageSize: number) {
  const link = (n: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set('page', String(n));
    return url.toString();
  };
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: current < lastPage ? link(current + 1) : null,
    previous: current > 1 ? link(Math.min(current - 1, lastPage)) : null,
  };
}

/** `{count, next, previous, results}` as JSON text, the results already JSON. */
export function pageJson(
  request: FastifyRequest,
  publicUrl: string,
  page: { count: number; resultsJson: string },
  current: number,
  pageSize: number,
): string {
  const { next, previous } = pageLinks(request, publicUrl, page.count, current, pageSize);
  return `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page.resultsJson}}`;
}
