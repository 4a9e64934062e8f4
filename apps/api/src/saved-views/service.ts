/**
 * Saved views of the back office's lists (decision 0054): a staff member's own, and the shared ones (no member) that
 * the owner saves for everyone. A member reads and deletes their own and reads the shared ones; another member's view
 * is not found. The unique index on (member or none, list, lower(name)) refuses a name taken, however close the race.
 * Shared views are audited, as they change what every member sees; a member's own are theirs alone.
 */
import { sql } from 'drizzle-orm';
import type { Locale, SavedView, SavedViewInput, SavedViewList } from '@attar/contract';
import { recordAudit } from '../audit/service';
import { violation } from '../catalog/staff-writes';
import type { Database } from '../db/client';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { oneRow } from '../db/one-row';

const viewJson = sql`json_build_object('id', v.id, 'list', v.list, 'name', v.name, 'search', v.search,
  'shared', v.staff_member_id IS NULL, 'created_at', v.created_at)`;
/** The views member `staffId` may see: their own and the shared ones. */
const visibleTo = (staffId: number) => sql`(v.staff_member_id = ${staffId} OR v.staff_member_id IS NULL)`;

/** The member's own views of `list`, then the shared ones, each by name. */
export async function listSavedViews(database: Database, staffId: number, list: SavedViewList) {
  const row = oneRow(
    await database.rows<{ views: SavedView[] }>(sql`
      SELECT coalesce(json_agg(${viewJson} ORDER BY v.staff_member_id IS NULL, lower(v.name), v.id), '[]') AS views
      FROM saved_views v WHERE v.list = ${list} AND ${visibleTo(staffId)}`),
  );
  return row.views;
}

export async function createSavedView(database: Database, staffId: number, locale: Locale, input: SavedViewInput) {
  return inTransaction(database, async (rows) => {
    const { view } = oneRow(
      await rows<{ view: SavedView }>(sql`
        WITH v AS (
          INSERT INTO saved_views (staff_member_id, list, name, search, created_by)
          VALUES (${input.shared ? null : staffId}::int, ${input.list}, ${input.name}, ${JSON.stringify(input.search)}::jsonb, ${staffId})
          RETURNING *)
        SELECT ${viewJson} AS view FROM v`),
    );
    if (input.shared) {
      await recordAudit(rows, { staffId, action: 'saved_view.share', entity: 'saved_view', entityId: view.id, after: view });
    }
    return view;
  }).catch((error: unknown) => {
    if (violation(error)?.constraint === 'saved_views_name_unique') {
      throw new ApiError(409, 'name_taken', text(locale, 'savedViewNameTaken', { name: input.name }));
    }
    throw error;
  });
}

/** Deletes a view the member sees: their own, or a shared one when `mayDeleteShared` (403 otherwise). */
export async function deleteSavedView(database: Database, staffId: number, locale: Locale, id: number, mayDeleteShared: boolean) {
  await inTransaction(database, async (rows: Rows) => {
    const [before] = await rows<{ view: SavedView }>(sql`
      SELECT ${viewJson} AS view FROM saved_views v WHERE v.id = ${id} AND ${visibleTo(staffId)} FOR UPDATE`);
    if (!before) throw notFound(text(locale, 'notFound'));
    if (before.view.shared && !mayDeleteShared) throw new ApiError(403, 'permission_denied', text(locale, 'permissionDenied'));
    await rows(sql`DELETE FROM saved_views WHERE id = ${id}`);
    if (before.view.shared) {
      await recordAudit(rows, { staffId, action: 'saved_view.delete_shared', entity: 'saved_view', entityId: id, before: before.view });
    }
  });
}
