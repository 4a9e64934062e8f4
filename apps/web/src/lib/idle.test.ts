import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad } from './idle';

/** A browser page as `afterPageLoad` sees it: its ready state, its load event and its paint entries. */
function fakePage({ loaded, painted, reportsPaints = true }: { loaded: boolean; painted: boolean; reportsPaints?: boolean }) {
  const page = { loaded, painted, loadListeners: [] as (() => void)[], observers: [] as (() => void)[] };
  vi.stubGlobal('document', {
    get readyState() {
      return page.loaded ? 'complete' : 'interactive';
    },
  });
  vi.stubGlobal('window', {
    addEventListener: (_type: string, listener: () => void) => page.loadListeners.push(listener),
    removeEventListener: (_type: string, listener: () => void) => (page.loadListeners = page.loadListeners.filter((l) => l !== listener)),
    setTimeout: (callback: () => void, delay: number) => setTimeout(callback, delay),
    clearTimeout: (timer: number) => clearTimeout(timer),
  });
  vi.stubGlobal('performance', {
    getEntriesByName: (name: string) => (page.painted && name === 'first-contentful-paint' ? [{ name }] : []),
  });
  vi.stubGlobal(
    'PerformanceObserver',
    Object.assign(
      class {
        constructor(private readonly notify: () => void) {}
        observe() {
          page.observers.push(this.notify);
        }
        disconnect() {
          page.observers = page.observers.filter((notify) => notify !== this.notify);
        }
      },
      { supportedEntryTypes: reportsPaints ? ['paint', 'largest-contentful-paint'] : ['resource'] },
    ),
  );
  return {
    load() {
      page.loaded = true;
      page.loadListeners.splice(0).forEach((listener) => listener());
    },
    paint() {
      page.painted = true;
      [...page.observers].forEach((notify) => notify());
    },
  };
}

describe('afterPageLoad', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load event and then for the first contentful paint, which Chromium may hold past it', () => {
    const page = fakePage({ loaded: false, painted: false });
    const callback = vi.fn();
    afterPageLoad(callback, 100);
    page.load();
    vi.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
    page.paint();
    vi.advanceTimersByTime(99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('waits for the load event when the page has painted first', () => {
    const page = fakePage({ loaded: false, painted: true });
    const callback = vi.fn();
    afterPageLoad(callback);
    vi.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
    page.load();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('runs at once on a page that has loaded and painted, and without waiting for paints a browser does not report', () => {
    fakePage({ loaded: true, painted: true });
    const onPaintedPage = vi.fn();
    afterPageLoad(onPaintedPage);
    fakePage({ loaded: true, painted: false, reportsPaints: false });
    const withoutPaintTiming = vi.fn();
    afterPageLoad(withoutPaintTiming);
    vi.advanceTimersByTime(0);
    expect(onPaintedPage).toHaveBeenCalledOnce();
    expect(withoutPaintTiming).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled, whether it was waiting for the load or for the paint', () => {
    const beforeLoad = fakePage({ loaded: false, painted: false });
    const cancelledBeforeLoad = vi.fn();
    afterPageLoad(cancelledBeforeLoad)();
    beforeLoad.load();
    beforeLoad.paint();
    const beforePaint = fakePage({ loaded: true, painted: false });
    const cancelledBeforePaint = vi.fn();
    const cancel = afterPageLoad(cancelledBeforePaint);
    cancel();
    beforePaint.paint();
    vi.advanceTimersByTime(5000);
    expect(cancelledBeforeLoad).not.toHaveBeenCalled();
    expect(cancelledBeforePaint).not.toHaveBeenCalled();
  });
});
