/**
 * Staff edits reach the storefront at once on every API instance: each staff change writes an audit row, whose
 * transaction NOTIFYs `attar_catalogue_changed` on commit (migration 0025); every instance LISTENs and drops its
 * micro-cached answers (decision 0004), so the next guest request is built from the edited rows.
 */
import type { Database } from '../db/client';
import type { MicroCache } from './micro-cache';

export const CATALOGUE_CHANNEL = 'attar_catalogue_changed';

export type CatalogueChanges = {
  /** Clears `cache` whenever the catalogue changes. */
  clears(cache: MicroCache<unknown>): void;
  close(): Promise<void>;
};

export async function watchCatalogueChanges(database: Database): Promise<CatalogueChanges> {
  const caches = new Set<MicroCache<unknown>>();
  const stop = await database.listen(CATALOGUE_CHANNEL, () => {
    for (const cache of caches) cache.clear();
  });
  return { clears: (cache) => caches.add(cache), close: stop };
}
