import { describe, expect, it } from 'vitest';
import { isStaticPath, logsRequests, requestIdFor, requestIds } from './request-id';

describe('request ids', () => {
  it('keeps a trusted proxy’s id and makes a new one otherwise', () => {
    expect(requestIdFor('lb-2f9c81d0-aa', true)).toBe('lb-2f9c81d0-aa');
    const uuid = /^[0-9a-f-]{36}$/;
    expect(requestIdFor('lb-2f9c81d0-aa', false)).toMatch(uuid);
    expect(requestIdFor(undefined, true)).toMatch(uuid);
    expect(requestIdFor(['a-first-one', 'a-second-one'], true)).toMatch(uuid);
    expect(requestIdFor('short', true)).toMatch(uuid);
    expect(requestIdFor('forged"} {"msg":"x', true)).toMatch(uuid);
  });

  it('is reachable by the API client through the global symbol, within the request only', () => {
    const shared = (globalThis as Record<symbol, typeof requestIds>)[Symbol.for('attar.requestIds')]!;
    expect(requestIds.run('page-request-1234', () => shared.getStore())).toBe('page-request-1234');
    expect(shared.getStore()).toBeUndefined();
  });

  it('logs requests unless LOG_LEVEL asks for warnings only or less', () => {
    expect([undefined, 'info', 'debug'].map(logsRequests)).toEqual([true, true, true]);
    expect(['warn', 'error', 'silent'].map(logsRequests)).toEqual([false, false, false]);
  });

  it('leaves the build’s files and the pictures out of the log', () => {
    expect(['/_next/static/chunks/a.js', '/media/products/x-480.webp'].map(isStaticPath)).toEqual([true, true]);
    expect(['/', '/ar/fragrances', '/api/products/', undefined].map(isStaticPath)).toEqual([false, false, false, false]);
  });
});
