/** Writes of a thing with a version that someone else may have saved first (409 with the thing as it is now). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiFailure } from './client';

/** A 409 `code` (someone changed the thing first) with the thing as it is now in its `field`; null for any other error. */
export function currentAfterConflict<T>(error: unknown, code: string, field: string): T | null {
  if (!(error instanceof ApiFailure) || error.code !== code) return null;
  const current = error.body[field];
  return typeof current === 'object' && current !== null ? (current as T) : null;
}

/**
 * A write of a product or an offer that may meet someone else's save first (409 with the thing as it is now): the
 * thing the API answered, either way, takes the place of the one loaded (`keyOf`), and its lists (under `listKey`) follow.
 */
export function useVersionedWrite<Thing extends { id: number }, Input>(
  keyOf: (id: number) => readonly unknown[],
  listKey: readonly unknown[],
  changed: (error: unknown) => Thing | null,
  write: (input: Input) => Promise<Thing>,
) {
  const client = useQueryClient();
  const update = (thing: Thing) => {
    client.setQueryData(keyOf(thing.id), thing);
    void client.invalidateQueries({ queryKey: listKey });
  };
  return useMutation({
    mutationFn: write,
    onSuccess: update,
    onError: (error) => {
      const current = changed(error);
      if (current) update(current);
    },
  });
}
