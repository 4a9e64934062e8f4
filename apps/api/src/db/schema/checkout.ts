import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, serial, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, names } from './columns';
import { users } from './accounts';

/** Egypt's 27 governorates, each with its delivery fee and delivery time in working days (decision 0037). */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    ...names(),
    feePiastres: integer('fee_piastres').notNull(),
    position: smallint('position').notNull().default(0),
    deliveryMinDays: smallint('delivery_min_days').notNull().default(2),
    deliveryMaxDays: smallint('delivery_max_days').notNull().default(4),
  },
  (t) => [
    check('regions_fee_nonnegative', sql`${t.feePiastres} >= 0`),
    check(
      'regions_delivery_days',
      sql`${t.deliveryMinDays} >= 0 AND ${t.deliveryMaxDays} >= ${t.deliveryMinDays} AND ${t.deliveryMaxDays} <= 30`,
    ),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    ...names(),
  },
  // Lets addresses reference (city, region) together, so a city always lies in its address's governorate.
  (t) => [
    unique('cities_id_region').on(t.id, t.regionId),
    index('cities_region_idx').on(t.regionId),
    // One governorate never has two cities of one name, in either language (added at the same instant included).
    uniqueIndex('cities_region_name_en').on(t.regionId, sql`lower(${t.nameEn})`),
    uniqueIndex('cities_region_name_ar').on(t.regionId, t.nameAr),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    regionId: integer('region_id').notNull(),
    cityId: integer('city_id').notNull(),
    street: text('street').notNull(),
    building: text('building').notNull().default(''),
    floor: text('floor').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.cityId, t.regionId], foreignColumns: [cities.id, cities.regionId], name: 'addresses_city_in_region' }),
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
