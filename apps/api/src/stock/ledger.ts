/**
 * What the stock ledger records about the changes a transaction is about to make: the trigger on `product_variants`
 * (migration 0021) appends a `stock_movements` row for every change of a size's stock, reading these settings, which
 * last until the transaction ends. Declared before each kind of change, all four at once, so one change's order or
 * note never carries over to the next.
 */
import { sql } from 'drizzle-orm';
import type { StockReason } from '@attar/contract';
import type { Rows } from '../db/transaction';

export type StockChange = {
  reason: StockReason;
  orderNumber?: string | null | undefined;
  staffId?: number | null | undefined;
  note?: string | null | undefined;
};

export async function declareStockChange(rows: Rows, change: StockChange) {
  await rows(sql`
    SELECT set_config('attar.stock_reason', ${change.reason}, true), set_config('attar.stock_order', ${change.orderNumber ?? ''}, true),
      set_config('attar.stock_staff', ${change.staffId == null ? '' : String(change.staffId)}, true),
      set_config('attar.stock_note', ${change.note ?? ''}, true)`);
}
