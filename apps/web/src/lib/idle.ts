/**
 * Work that must not compete with the page's own loading: it waits for the load event and for the page's first
 * content on screen. Chromium can hold a page's first paint for a second or more after the load event; a request made
 * before that paint delays it on a slow connection, and Lighthouse counts it into the largest paint
 * (docs/decisions/0007).
 */

/** Runs `callback` once the browser has painted the page's first content (at once where it does not report paints). */
function afterFirstContentfulPaint(callback: () => void): () => void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint') || painted()) {
    callback();
    return () => {};
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}

/**
 * Runs `callback` `delayMs` after the page has loaded and shown its first content (counting from now if it has).
 * Returns a function that cancels it.
 */
export function afterPageLoad(callback: () => void, delayMs = 0): () => void {
  let timer: number | undefined;
  let cancelPaintWait = () => {};
  const schedule = () => {
    cancelPaintWait = afterFirstContentfulPaint(() => {
      timer = window.setTimeout(callback, delayMs);
    });
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelPaintWait();
    window.clearTimeout(timer);
  };
}

/**
 * Runs `callback` once the page has loaded, shown its first content and the main thread is idle (within 3 s at the
 * latest), for work the shopper may need soon but the first paint does not. Returns a function that cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') return afterPageLoad(callback, 1000);
  let handle: number | undefined;
  const cancelLoad = afterPageLoad(() => {
    handle = window.requestIdleCallback(callback, { timeout: 3000 });
  });
  return () => {
    cancelLoad();
    if (handle !== undefined) window.cancelIdleCallback(handle);
  };
}
