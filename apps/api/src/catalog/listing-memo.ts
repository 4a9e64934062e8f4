/**
 * What the API keeps between catalogue requests (decision 0029): each list's count, each search text's dictionary
 * terms and each search's order, with the catalogue version (`catalogue_version`, moved by the change's own transaction) they were read at.
 * The statement that uses one reads the version in its own snapshot, and a list recounts, a search replans, when it
 * has moved: what is reused is never older than the rows it is served with. Stock moves with every order and does not
 * move the version; what a list holds and its order do.
 */
import type { SearchPlan } from './search';
import { Recent } from '../recent';
import type { Versioned } from './versioned';

/** Per API instance; nothing in it is a shopper's own. */
export class ListingMemo {
  /**
   * How much of a search's order is kept (ids, about 8 bytes each): a thousand pages of 10 and more. A page beyond it
   * is ranked afresh; a search matching more keeps its best, so a common word on a large catalogue is ranked once.
   */
  constructor(readonly keptRanking = 10_000) {}

  readonly counts = new Recent<Versioned<number>>(5_000);
  readonly plans = new Recent<Versioned<SearchPlan>>(5_000);
  /** A search's first matching product ids in its order and how many match, per text's terms, filters and ordering. */
  readonly rankings = new Recent<Versioned<Ranking>>(1_000);
}

/** The first `ids` of a search's order (at most `keptRanking`) and the number of products it matches. */
export type Ranking = { ids: number[]; count: number };
