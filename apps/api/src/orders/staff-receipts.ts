/**
 * In-store receipts in the back office (decisions 0022 and 0034): owners and managers enter the till's sales one by
 * one or import its CSV; the shop makes each one's claim code (answered once to be printed, stored only as its hash,
 * receipts.ts), so that the shopper can claim its points on the storefront. Points are worked out on entry by the rule
 * delivered orders earn by. A total above RECEIPT_APPROVAL_ABOVE waits for a second owner or manager's approval.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  asciiDigits,
  RECEIPT_IMPORT_MAX_ROWS,
  ReceiptNumber,
  type Locale,
  type ImportProblem,
  type StaffReceipt,
  type StaffReceiptEntered,
  type StaffReceiptImported,
  type StaffReceiptInput,
  type StaffReceiptQuery,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import { piastres, violation } from '../catalog/staff-writes';
import type { Database } from '../db/client';
import { parseCsv } from '../http/csv';
import { ApiError, fieldError } from '../http/errors';
import { pageOfRows } from '../http/pagination';
import { count, text, type TextKey } from '../i18n/catalogue';
import { awaitingApproval, claimCodeHash, newClaimCode } from './receipts';
import { rowsOf, type Rows } from '../db/transaction';
import { escapeLike } from './staff-service';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';

/** A till's clock may run a little ahead of the server's. */
const CLOCK_SLACK_MS = 5 * 60_000;
/** Problems an import answers with at most (the file is refused whole either way). */
const PROBLEMS_SHOWN = 200;

/** The points a receipt's total earns: the rule delivered orders earn by (orders/service.ts). */
export const receiptPoints = (totalPiastres: number, piastresPerPoint: number) => Math.floor(totalPiastres / piastresPerPoint);

const receiptJson = sql`json_build_object('id', r.id, 'number', r.order_number, 'purchased_at', r.purchased_at,
  'total', (r.total_piastres / 100.0)::float8, 'points', r.points, 'claimed_at', r.claimed_at, 'created_at', r.created_at,
  'claimed_by', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END,
  'entered_by', CASE WHEN sm.id IS NULL THEN NULL ELSE json_build_object('id', sm.id, 'name', sm.name) END,
  'approved_by', CASE WHEN ap.id IS NULL THEN NULL ELSE json_build_object('id', ap.id, 'name', ap.name) END,
  'approved_at', r.approved_at, 'awaiting_approval', ${awaitingApproval(sql.raw('r'))})`;
const receiptJoins = sql`LEFT JOIN users u ON u.id = r.claimed_by LEFT JOIN staff_members sm ON sm.id = r.staff_id
  LEFT JOIN staff_members ap ON ap.id = r.approved_by`;

const receiptRows = (rows: Rows, id: number) =>
  rows<{ receipt: StaffReceipt }>(sql`SELECT ${receiptJson} AS receipt FROM offline_orders r ${receiptJoins} WHERE r.id = ${id}`);

/** Receipts by (part of) their number, claimed or not, the latest sale first. */
export async function receiptPage(database: Database, query: StaffReceiptQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.q) conditions.push(sql`r.order_number ILIKE ${`%${escapeLike(query.q)}%`}`);
  if (query.state) conditions.push(query.state === 'claimed' ? sql`r.claimed_by IS NOT NULL` : sql`r.claimed_by IS NULL`);
  return pageOfRows<StaffReceipt>(database, {
    table: 'offline_orders',
    alias: 'r',
    where: sql.join(conditions, sql` AND `),
    orderBy: sql`r.purchased_at DESC, r.id DESC`,
    rowJson: receiptJson,
    joins: receiptJoins,
    page: query.page,
    pageSize: query.page_size,
  });
}

type ParsedReceipt = { number: string; purchasedAt: string; totalPiastres: number };

/**
 * Inserts receipts (numbers already checked) with a new claim code each, stored hashed, and their points; their ids
 * and codes, in order.
 */
async function insertReceipts(rows: Rows, staffId: number, piastresPerPoint: number, parsed: ParsedReceipt[]) {
  const receipts = parsed.map((receipt) => ({ ...receipt, claimCode: newClaimCode() }));
  const inserted = await rows<Pick<TableRow<typeof tables.offlineOrders>, 'id'>>(sql`
    INSERT INTO offline_orders (order_number, claim_code_hash, total_piastres, points, purchased_at, staff_id)
    SELECT r.number, r.hash, r.total, r.points, r.at::timestamptz, ${staffId}
    FROM unnest(${sql.param(receipts.map((r) => r.number))}::text[],
      ${sql.param(receipts.map((r) => claimCodeHash(r.number, r.claimCode)))}::text[],
      ${sql.param(receipts.map((r) => r.totalPiastres))}::int[],
      ${sql.param(receipts.map((r) => receiptPoints(r.totalPiastres, piastresPerPoint)))}::int[],
      ${sql.param(receipts.map((r) => r.purchasedAt))}::text[]) WITH ORDINALITY AS r(number, hash, total, points, at, n)
    ORDER BY r.n
    RETURNING id`);
  return receipts.map((receipt, index) => {
    const row = inserted[index];
    // One row is inserted per receipt, in their order.
    if (!row) throw new Error('A receipt was not inserted.');
    return { id: row.id, number: receipt.number, claim_code: receipt.claimCode };
  });
}

/** Numbers among `numbers` that a receipt already has. */
async function takenNumbers(rows: Rows, numbers: string[]) {
  const taken = await rows<Pick<TableRow<typeof tables.offlineOrders>, 'order_number'>>(sql`
    SELECT order_number FROM offline_orders WHERE order_number = ANY(${sql.param(numbers)}::text[])`);
  return new Set(taken.map((row) => row.order_number));
}

const numberTaken = (error: unknown) => violation(error)?.constraint.startsWith('offline_orders_order_number') ?? false;

/** One receipt as typed into the back office's form. */
export async function enterReceipt(
  database: Database,
  staffId: number,
  locale: Locale,
  piastresPerPoint: number,
  input: StaffReceiptInput & { number: string },
): Promise<StaffReceiptEntered> {
  if (Date.parse(input.purchased_at) > Date.now() + CLOCK_SLACK_MS) throw fieldError('purchased_at', text(locale, 'receiptDateFuture'));
  const receipt = {
    number: input.number,
    purchasedAt: input.purchased_at,
    totalPiastres: piastres(input.total),
  };
  try {
    return await database.db.transaction(async (tx) => {
      const rows = rowsOf(tx);
      if ((await takenNumbers(rows, [receipt.number])).size) throw fieldError('number', text(locale, 'receiptNumberTaken'));
      const { id, claim_code } = oneRow(await insertReceipts(rows, staffId, piastresPerPoint, [receipt]));
      const entered = oneRow(await receiptRows(rows, id)).receipt;
      await recordAudit(rows, {
        staffId,
        action: 'receipt.create',
        entity: 'receipt',
        entityId: id,
        after: { number: receipt.number, purchased_at: receipt.purchasedAt, total: input.total, points: entered.points },
      });
      return { ...entered, claim_code };
    });
  } catch (error) {
    // Someone entered the same number at the same moment: the unique key refused the second.
    if (numberTaken(error)) throw fieldError('number', text(locale, 'receiptNumberTaken'));
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// The till's CSV

/** The columns the first line names (any order, any letter case); others (the till's own claim code) are ignored. */
const COLUMNS = ['number', 'date', 'total'] as const;
type Column = (typeof COLUMNS)[number];
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** A date and time as tills write them: `2026-11-25 14:30` (Cairo's clock), seconds and an offset optional. */
const TILL_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** The date as PostgreSQL reads it in Cairo's time zone, or null when it is not a real date and time. */
function tillDate(value: string): string | null {
  const match = TILL_DATE.exec(asciiDigits(value.trim()));
  if (!match) return null;
  // The pattern matched: every part but the seconds is there.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day && hour < 24 && second < 60;
  if (!real || minute > 59) return null;
  return `${match.slice(1, 4).join('-')} ${match[4]}:${match[5]}:${String(second).padStart(2, '0')}${match[7] ?? ''}`;
}

/** Pounds as a till writes them: digits with at most two decimals (Arabic digits read too), at most a million. */
function tillTotal(value: string): number | null {
  const cleaned = asciiDigits(value.trim());
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const total = piastres(Number(cleaned));
  return total <= 100_000_000 ? total : null;
}

class ImportRefused extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super('import refused');
  }
}

const refusal = (locale: Locale, problems: ImportProblem[]) =>
  new ApiError(400, 'import_invalid', text(locale, 'receiptImportInvalid'), { problems: problems.slice(0, PROBLEMS_SHOWN) });

/** Reads the file line by line: every receipt, or every problem found with the line and column it is on. */
function readTillCsv(locale: Locale, csv: string): { receipts: (ParsedReceipt & { line: number })[]; problems: ImportProblem[] } {
  const problem = (line: number, column: Column | null, key: TextKey, values: Record<string, string | number> = {}) => ({
    line,
    column,
    message: text(locale, key, values),
  });
  const rows = parseCsv(csv);
  if (!rows) return { receipts: [], problems: [problem(1, null, 'receiptImportHeader')] };
  const [header, ...body] = rows;
  const names = (header?.cells ?? []).map(columnName);
  const at = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<Column, number>;
  if (Object.values(at).some((index) => index < 0)) return { receipts: [], problems: [problem(1, null, 'receiptImportHeader')] };
  if (!body.length) return { receipts: [], problems: [problem(1, null, 'receiptImportEmpty')] };
  if (body.length > RECEIPT_IMPORT_MAX_ROWS) {
    return { receipts: [], problems: [problem(1, null, 'receiptImportTooMany', { max: count(locale, RECEIPT_IMPORT_MAX_ROWS) })] };
  }
  const receipts: (ParsedReceipt & { line: number })[] = [];
  const problems: ImportProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of body) {
    if (cells.length !== names.length) {
      problems.push(
        problem(line, null, 'receiptImportColumns', { found: count(locale, cells.length), expected: count(locale, names.length) }),
      );
      continue;
    }
    const number = ReceiptNumber.safeParse(cells[at.number]);
    // The line has every column (checked above).
    const purchasedAt = tillDate(cells[at.date] ?? '');
    const total = tillTotal(cells[at.total] ?? '');
    const before = number.success ? firstLineOf.get(number.data) : undefined;
    if (!number.success) problems.push(problem(line, 'number', 'receiptNumberInvalid'));
    else if (before !== undefined) problems.push(problem(line, 'number', 'receiptNumberTwice', { line: count(locale, before) }));
    else firstLineOf.set(number.data, line);
    if (purchasedAt === null) problems.push(problem(line, 'date', 'receiptDateInvalid'));
    if (total === null) problems.push(problem(line, 'total', 'receiptTotalInvalid'));
    if (number.success && purchasedAt !== null && total !== null) {
      receipts.push({ line, number: number.data, purchasedAt, totalPiastres: total });
    }
  }
  return { receipts, problems };
}

/**
 * The till's CSV, all or nothing: every line is checked first (its fields, a number twice in the file or already
 * entered, a sale in the future), and one problem anywhere saves none of them and names every line at fault.
 */
export async function importReceipts(
  database: Database,
  staffId: number,
  locale: Locale,
  piastresPerPoint: number,
  csv: string,
): Promise<StaffReceiptImported> {
  const { receipts, problems } = readTillCsv(locale, csv);
  if (problems.length) throw refusal(locale, problems);
  try {
    return await database.db.transaction(async (tx) => {
      const rows = rowsOf(tx);
      // Dates without an offset are the shop's clock.
      await rows(sql`SET LOCAL TIME ZONE 'Africa/Cairo'`);
      const taken = await takenNumbers(
        rows,
        receipts.map((r) => r.number),
      );
      const future = await rows<{ n: number }>(sql`
        SELECT n::int FROM unnest(${sql.param(receipts.map((r) => r.purchasedAt))}::text[]) WITH ORDINALITY AS d(at, n)
        WHERE d.at::timestamptz > now() + ${CLOCK_SLACK_MS} * interval '1 millisecond'`);
      const late = new Set(future.map((row) => row.n - 1));
      const found = receipts.flatMap((receipt, index) => [
        ...(taken.has(receipt.number) ? [{ line: receipt.line, column: 'number', message: text(locale, 'receiptNumberTaken') }] : []),
        ...(late.has(index) ? [{ line: receipt.line, column: 'date', message: text(locale, 'receiptDateFuture') }] : []),
      ]);
      if (found.length) throw new ImportRefused(found);
      const entered = await insertReceipts(rows, staffId, piastresPerPoint, receipts);
      await recordAudit(rows, {
        staffId,
        action: 'receipt.import',
        entity: 'receipt',
        entityId: oneRow(entered).id,
        after: { count: entered.length, numbers: receipts.map((r) => r.number) },
      });
      return { imported: entered.length, receipts: entered.map(({ number, claim_code }) => ({ number, claim_code })) };
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw refusal(locale, error.problems);
    if (numberTaken(error)) throw new ApiError(409, 'receipt_number_taken', text(locale, 'receiptNumberTaken'));
    throw error;
  }
}

/**
 * A second owner or manager approves a receipt above RECEIPT_APPROVAL_ABOVE, so that it can be claimed: never the
 * member who entered it (403 `own_receipt`); one below the amount, or approved already, needs none (409).
 */
export async function approveReceipt(database: Database, staffId: number, locale: Locale, id: number): Promise<StaffReceipt> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const receipt = rowOrNotFound(
      await rows<Pick<TableRow<typeof tables.offlineOrders>, 'staff_id'> & { waiting: boolean }>(sql`
      SELECT staff_id, ${awaitingApproval(sql.raw('offline_orders'))} AS waiting FROM offline_orders WHERE id = ${id} FOR UPDATE`),
      text(locale, 'receiptNotFound'),
    );
    if (receipt.staff_id === staffId) throw new ApiError(403, 'own_receipt', text(locale, 'receiptApproveOwn'));
    if (!receipt.waiting) throw new ApiError(409, 'approval_not_needed', text(locale, 'receiptApprovalNotNeeded'));
    await rows(sql`UPDATE offline_orders SET approved_by = ${staffId}, approved_at = now() WHERE id = ${id}`);
    await recordAudit(rows, { staffId, action: 'receipt.approve', entity: 'receipt', entityId: id });
    return oneRow(await receiptRows(rows, id)).receipt;
  });
}
