/** Work that must not compete with the page's own loading: it waits for the load event. */

/** Runs `callback` `delayMs` after the page has loaded (counting from now if it has). Returns a function that cancels it. */
export function afterPageLoad(callback: () => void, delayMs = 0): () => void {
  let timer: number | undefined;
  const schedule = () => {
    timer = window.setTimeout(callback, delayMs);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    window.clearTimeout(timer);
  };
}

/**
 * Runs `callback` once the page has loaded and the main thread is idle (within 3 s of the load at the latest), for
 * work the shopper may need soon but the first paint does not. Returns a function that cancels it.
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
