/**
 * Which moves staff may undo, and until when (decision 0059): for UNDO_SECONDS after staff confirm or pack an order,
 * as long as it is still the order's last move and nothing has gone out to the shopper for it. The order page reads it
 * (`undoJson`), and `undoLastMove` (staff-service.ts) checks it again under the order's lock.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@attar/contract';
import { STAFF_ORDER_ACTIONS, UNDO_SECONDS, UNDOABLE_ACTIONS, type UndoableAction } from '@attar/contract/rules';

const undoablePairs = sql.join(
  UNDOABLE_ACTIONS.flatMap((action) => STAFF_ORDER_ACTIONS[action].from.map((from) => sql`(${from}, ${STAFF_ORDER_ACTIONS[action].to})`)),
  sql`, `,
);
/** Whether a message of the order's move to `status` has gone out, or is being sent now. */
export const toldOf = (orderId: SQL, status: SQL) => sql`EXISTS (SELECT 1 FROM queued_messages q WHERE q.order_id = ${orderId}
  AND q.key LIKE 'order:' || ${orderId} || ':status:' || ${status} || ':%'
  AND (q.state IN ('sent', 'replaced') OR (q.state = 'pending' AND q.leased_until > now())))`;

/**
 * The last move of order `ord` while it may be undone, as the contract's `undo` (null otherwise): a step staff took
 * from UNDOABLE_ACTIONS, still the order's status, within UNDO_SECONDS, with no message of it sent.
 */
export const undoJson = sql`(SELECT json_build_object('action', CASE h.to_status
    ${sql.join(
      UNDOABLE_ACTIONS.map((action) => sql`WHEN ${STAFF_ORDER_ACTIONS[action].to} THEN ${action}`),
      sql` `,
    )} END,
    'status', h.from_status, 'until', h.created_at + make_interval(secs => ${UNDO_SECONDS}))
  FROM (SELECT * FROM order_status_history WHERE order_id = ord.id ORDER BY id DESC LIMIT 1) h
  WHERE h.staff_id IS NOT NULL AND h.to_status = ord.status AND (h.from_status, h.to_status) IN (${undoablePairs})
    AND h.created_at > now() - make_interval(secs => ${UNDO_SECONDS}) AND NOT ${toldOf(sql`ord.id`, sql`h.to_status`)})`;

/** The step that made a move, if it is one staff may undo. */
export function undoableAction(move: { from_status: OrderStatus; to_status: OrderStatus }): UndoableAction | undefined {
  return UNDOABLE_ACTIONS.find(
    (action) => STAFF_ORDER_ACTIONS[action].from.includes(move.from_status) && STAFF_ORDER_ACTIONS[action].to === move.to_status,
  );
}
