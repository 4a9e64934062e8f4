import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePaused } from './paused';

describe('a value once it stops changing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is the first value at once, and a new one only after it has stayed the same for the pause', () => {
    const { result, rerender } = renderHook(({ value }) => usePaused(value, 300), { initialProps: { value: '' } });
    expect(result.current).toBe('');
    rerender({ value: 'o' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'ou' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'oud' });
    act(() => vi.advanceTimersByTime(299));
    // 700 ms of typing, never a pause of 300: still the first value.
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('oud');
  });
});
