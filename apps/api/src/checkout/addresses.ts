/** Governorates, their cities and delivery fees, and the shopper's own addresses. */
import { sql, type SQL } from 'drizzle-orm';
import type { Address, AddressInput, City, Locale, Region } from '@attar/contract';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { fieldError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { rowsOf } from '../db/transaction';
import { oneRow, rowOrNotFound } from '../db/one-row';

type Parsed = Required<Omit<AddressInput, 'is_default'>> & { is_default: boolean };

export async function regionsList(database: Database, locale: Locale) {
  const l = sql.raw(locale);
  return database.rows<Region>(sql`SELECT id, name_${l} AS name FROM regions ORDER BY position, id`);
}

export async function citiesOf(database: Database, locale: Locale, regionId: number) {
  const l = sql.raw(locale);
  return database.rows<City>(sql`
    SELECT id, name_${l} AS name, region_id AS region FROM cities WHERE region_id = ${regionId} ORDER BY name_${l}`);
}

export async function feeOf(database: Database, locale: Locale, regionId: number) {
  const row = rowOrNotFound(
    await database.rows<Pick<TableRow<typeof tables.regions>, 'fee_piastres'>>(
      sql`SELECT fee_piastres FROM regions WHERE id = ${regionId}`,
    ),
    text(locale, 'regionNotFound'),
  );
  return { region: regionId, fee: row.fee_piastres / 100 };
}

const addressJson = (locale: Locale) => {
  const l = sql.raw(locale);
  return sql`json_build_object('id', a.id, 'name', a.name, 'phone', a.phone,
    'region', json_build_object('id', r.id, 'name', r.name_${l}), 'city', json_build_object('id', c.id, 'name', c.name_${l}),
    'street', a.street, 'building', a.building, 'floor', a.floor, 'apartment', a.apartment, 'landmark', a.landmark,
    'is_default', a.is_default)`;
};

async function addressesWhere(database: Database, locale: Locale, where: SQL): Promise<Address[]> {
  const rows = await database.rows<{ address: Address }>(sql`
    SELECT ${addressJson(locale)} AS address FROM addresses a
    JOIN regions r ON r.id = a.region_id JOIN cities c ON c.id = a.city_id
    WHERE ${where} ORDER BY a.is_default DESC, a.id`);
  return rows.map((r) => r.address);
}

export const addressesOf = (database: Database, locale: Locale, userId: number) =>
  addressesWhere(database, locale, sql`a.user_id = ${userId}`);

/** One of the caller's addresses; another shopper's id is 404. */
export async function addressOf(database: Database, locale: Locale, userId: number, id: number): Promise<Address> {
  const [address] = await addressesWhere(database, locale, sql`a.user_id = ${userId} AND a.id = ${id}`);
  if (!address) throw notFound(text(locale, 'addressNotFound'));
  return address;
}

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/**
 * Changes to one shopper's address book wait for each other (the user's row is the lock): moving the default is two
 * updates, and two concurrent moves must not meet the one-default-per-user index half way.
 */
const lockAddressBook = (tx: Tx, userId: number) => tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);

/** The database refuses a city outside its governorate (composite key); that becomes a field error. */
function explainAddressError(error: unknown, locale: Locale): never {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e?.code ? e : e?.cause;
  if (pgError?.code === '23503') {
    throw fieldError('city', text(locale, 'cityNotInRegion'));
  }
  throw error;
}

export async function createAddress(database: Database, locale: Locale, userId: number, input: Parsed): Promise<Address> {
  const id = await database.db
    .transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      if (input.is_default) await tx.execute(sql`UPDATE addresses SET is_default = false WHERE user_id = ${userId} AND is_default`);
      const created = await rowsOf(tx)<Pick<TableRow<typeof tables.addresses>, 'id'>>(sql`
        INSERT INTO addresses (user_id, name, phone, region_id, city_id, street, building, floor, apartment, landmark, is_default)
        VALUES (${userId}, ${input.name}, ${input.phone}, ${input.region}, ${input.city}, ${input.street}, ${input.building},
          ${input.floor}, ${input.apartment}, ${input.landmark},
          ${input.is_default} OR NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ${userId}))
        RETURNING id`);
      return oneRow(created).id;
    })
    .catch((error) => explainAddressError(error, locale));
  return addressOf(database, locale, userId, id);
}

const COLUMNS: Record<keyof Parsed, string> = {
  name: 'name',
  phone: 'phone',
  region: 'region_id',
  city: 'city_id',
  street: 'street',
  building: 'building',
  floor: 'floor',
  apartment: 'apartment',
  landmark: 'landmark',
  is_default: 'is_default',
};

export async function updateAddress(
  database: Database,
  locale: Locale,
  userId: number,
  id: number,
  patch: Partial<Parsed>,
): Promise<Address> {
  // `is_default: true` makes this one the default; `false` is no change (the default moves only by choosing another).
  const sets = (Object.keys(patch) as (keyof Parsed)[])
    .filter((key) => patch[key] !== undefined && key !== 'is_default')
    .map((key) => sql`${sql.raw(COLUMNS[key])} = ${patch[key]}`);
  if (patch.is_default) sets.push(sql`is_default = true`);
  await database.db
    .transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      // Only if the address is the caller's: the other default is unset only then, in the same transaction.
      const owned = await rowsOf(tx)(sql`SELECT id FROM addresses WHERE id = ${id} AND user_id = ${userId}`);
      if (!owned.length) throw notFound(text(locale, 'addressNotFound'));
      if (patch.is_default) {
        await tx.execute(sql`UPDATE addresses SET is_default = false WHERE user_id = ${userId} AND is_default AND id <> ${id}`);
      }
      if (sets.length) await tx.execute(sql`UPDATE addresses SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND user_id = ${userId}`);
    })
    .catch((error) => explainAddressError(error, locale));
  return addressOf(database, locale, userId, id);
}

/**
 * Deletes one of the caller's addresses (another shopper's or an unknown id: 404). Orders keep their own copy, so an
 * address an order in progress was placed with may go. When the default goes, the newest remaining address becomes
 * the default, in the same transaction: a shopper with addresses always has exactly one default.
 */
export async function deleteAddress(database: Database, locale: Locale, userId: number, id: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [deleted] = await rowsOf(tx)<{ is_default: boolean }>(sql`
      DELETE FROM addresses WHERE id = ${id} AND user_id = ${userId} RETURNING is_default`);
    if (!deleted) throw notFound(text(locale, 'addressNotFound'));
    if (deleted.is_default) {
      await tx.execute(sql`
        UPDATE addresses SET is_default = true
        WHERE id = (SELECT id FROM addresses WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 1)`);
    }
  });
}
