/** A value that follows another once it stops changing: what a search asks for once the reader pauses typing. */
import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` milliseconds (its first value at once). */
export function usePaused<T>(value: T, ms: number): T {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setPaused(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return paused;
}
