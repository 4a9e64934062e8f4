/**
 * Saved views of a back-office list, under `/api/staff/saved-views/` (decision 0054): a name and the list's filters,
 * kept for the staff member who saved it, or shared with every staff member by the owner. The orders board is the one
 * list with views; another list brings its own filters, and the input becomes a union on `list`.
 */
import { z } from 'zod';
import { Id } from './common';
import { BoardFilters } from './staff';

export const SAVED_VIEW_LISTS = ['orders'] as const;
export const SavedViewList = z.enum(SAVED_VIEW_LISTS);
export type SavedViewList = z.infer<typeof SavedViewList>;

/** A view's name: unique among its member's views of a list (and among the shared ones), whatever the case. */
export const SAVED_VIEW_NAME_MAX = 60;
export const SavedViewName = z.string().trim().min(1).max(SAVED_VIEW_NAME_MAX);

export const SavedViewQuery = z.object({ list: SavedViewList });

export const SavedViewInput = z.object({
  list: SavedViewList,
  name: SavedViewName,
  search: BoardFilters,
  /** Seen by every staff member; only a role that may share views (the owner) saves one. */
  shared: z.boolean().default(false),
});
export type SavedViewInput = z.infer<typeof SavedViewInput>;

export const SavedView = z.object({
  id: Id,
  list: SavedViewList,
  name: z.string(),
  search: BoardFilters,
  shared: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type SavedView = z.infer<typeof SavedView>;
