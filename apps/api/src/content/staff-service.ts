/**
 * The back office's content and settings: the site's settings and the information pages, each saved
 * on a version (someone else's save first is a 409 with theirs); delivery fees per governorate and their cities (a
 * city saved addresses use is renamed, never removed); the home sliders, their order and when they show. Every write
 * and its audit entry share a transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  refusedLinks,
  type AuditAction,
  type InfoPageSlug,
  type Locale,
  type StaffCityInput,
  type StaffDeliverySchedule,
  type StaffInfoPage,
  type StaffInfoPageSave,
  type StaffRegion,
  type StaffRegionDays,
  type StaffSiteConfig,
  type StaffSiteConfigSave,
  type StaffSlider,
  type StaffSliderImage,
  type StaffSliderInput,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import { ChangedMeanwhile, fieldText, piastres, poundsSql, versionedWrite, violation } from '../catalog/staff-writes';
import type { Database } from '../db/client';
import { ApiError, FieldError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { rowsOf, type Rows } from '../db/transaction';
import type * as tables from '../db/schema';
import { oneRow, rowOrNotFound } from '../db/one-row';
import type { TableRow } from '../db/table-row';
import { scheduleJson } from '../checkout/delivery';

export type ContentContext = { database: Database; mediaBase: string };

const readRows =
  (database: Database): Rows =>
  (query) =>
    database.rows(query);

// ---------------------------------------------------------------------------------------------------------------------
// Site settings

const siteConfigJson = sql`json_build_object(
  'free_shipping_after', ${poundsSql(sql`free_shipping_after_piastres`)}, 'gift_wrap_fee', ${poundsSql(sql`gift_wrap_fee_piastres`)},
  'point_value', ${poundsSql(sql`point_value_piastres`)}, 'spend_per_point', ${poundsSql(sql`piastres_per_point`)},
  'returns_window_days', returns_window_days, 'search_retention_days', search_retention_days,
  'cod_confirm_rule', cod_confirm_rule, 'cod_confirm_above', ${poundsSql(sql`cod_confirm_above_piastres`)},
  'cod_confirm_flag_hours', cod_confirm_flag_hours, 'cod_confirm_cancel_hours', cod_confirm_cancel_hours,
  'payment_link_hours', payment_link_hours,
  'store_name_en', store_name_en, 'store_name_ar', store_name_ar, 'store_address_en', store_address_en,
  'store_address_ar', store_address_ar, 'store_maps_url', store_maps_url, 'phone', phone, 'email', email,
  'whatsapp_url', whatsapp_url, 'messenger_url', messenger_url, 'facebook_url', facebook_url,
  'instagram_url', instagram_url, 'tiktok_url', tiktok_url, 'version', version)`;

const siteConfigRows = (rows: Rows) =>
  rows<{ config: StaffSiteConfig }>(sql`SELECT ${siteConfigJson} AS config FROM site_config WHERE id = 1`);

export async function staffSiteConfig(database: Database, locale: Locale): Promise<StaffSiteConfig> {
  return rowOrNotFound(await siteConfigRows(readRows(database)), text(locale, 'noSettings')).config;
}

/** Every setting at once, on the version read; the storefront sees it within its content cache (a few seconds). */
export async function saveSiteConfig(database: Database, staffId: number, locale: Locale, input: StaffSiteConfigSave) {
  return versionedWrite(
    database,
    async (rows) => {
      const before = rowOrNotFound(await siteConfigRows(rows), text(locale, 'noSettings')).config;
      const [saved] = await rows<Pick<TableRow<typeof tables.siteConfig>, 'id'>>(sql`
        UPDATE site_config SET free_shipping_after_piastres = ${piastres(input.free_shipping_after)},
          gift_wrap_fee_piastres = ${piastres(input.gift_wrap_fee)}, point_value_piastres = ${piastres(input.point_value)},
          piastres_per_point = ${piastres(input.spend_per_point)}, returns_window_days = ${input.returns_window_days},
          search_retention_days = ${input.search_retention_days},
          cod_confirm_rule = ${input.cod_confirm_rule}, cod_confirm_above_piastres = ${piastres(input.cod_confirm_above)},
          cod_confirm_flag_hours = ${input.cod_confirm_flag_hours}, cod_confirm_cancel_hours = ${input.cod_confirm_cancel_hours},
          payment_link_hours = ${input.payment_link_hours},
          store_name_en = ${input.store_name_en}, store_name_ar = ${input.store_name_ar},
          store_address_en = ${input.store_address_en}, store_address_ar = ${input.store_address_ar},
          store_maps_url = ${input.store_maps_url}, phone = ${input.phone}, email = ${input.email},
          whatsapp_url = ${input.whatsapp_url}, messenger_url = ${input.messenger_url}, facebook_url = ${input.facebook_url},
          instagram_url = ${input.instagram_url}, tiktok_url = ${input.tiktok_url}, version = version + 1
        WHERE id = 1 AND version = ${input.version} RETURNING id`);
      if (!saved) throw new ChangedMeanwhile();
      const after = oneRow(await siteConfigRows(rows)).config;
      await recordAudit(rows, { staffId, action: 'site_config.save', entity: 'site_config', entityId: 1, before, after });
      return after;
    },
    async () =>
      new ApiError(409, 'site_config_changed', text(locale, 'siteConfigChanged'), {
        site_config: await staffSiteConfig(database, locale),
      }),
    (error) => {
      throw error;
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Delivery: fees per governorate, their cities

const cityJson = sql`json_build_object('id', c.id, 'region', c.region_id, 'name_en', c.name_en, 'name_ar', c.name_ar,
  'addresses', (SELECT count(*)::int FROM addresses a WHERE a.city_id = c.id))`;
const regionJson = sql`json_build_object('id', r.id, 'slug', r.slug, 'name_en', r.name_en, 'name_ar', r.name_ar,
  'fee', ${poundsSql(sql`r.fee_piastres`)}, 'min_days', r.delivery_min_days, 'max_days', r.delivery_max_days,
  'cities', coalesce((SELECT json_agg(${cityJson} ORDER BY c.name_en, c.id) FROM cities c WHERE c.region_id = r.id), '[]'))`;

/** Egypt's governorates in the storefront's order, each with its fee and its cities (and how many addresses use each). */
export async function staffRegions(database: Database): Promise<StaffRegion[]> {
  const row = oneRow(
    await database.rows<{ regions: StaffRegion[] }>(sql`
      SELECT coalesce(json_agg(${regionJson} ORDER BY r.position, r.id), '[]') AS regions FROM regions r`),
  );
  return row.regions;
}

const regionRows = (rows: Rows, id: number) =>
  rows<{ region: StaffRegion }>(sql`SELECT ${regionJson} AS region FROM regions r WHERE r.id = ${id}`);

/** A governorate's delivery fee; orders placed from then on pay it (placed ones keep theirs). */
export async function setRegionFee(database: Database, staffId: number, locale: Locale, id: number, fee: number) {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [before] = await rows<Pick<TableRow<typeof tables.regions>, 'fee_piastres'>>(
      sql`SELECT fee_piastres FROM regions WHERE id = ${id} FOR UPDATE`,
    );
    if (!before) throw notFound(text(locale, 'regionNotFound'));
    await rows(sql`UPDATE regions SET fee_piastres = ${piastres(fee)} WHERE id = ${id}`);
    await recordAudit(rows, {
      staffId,
      action: 'region.fee',
      entity: 'region',
      entityId: id,
      before: { fee: before.fee_piastres / 100 },
      after: { fee },
    });
    return oneRow(await regionRows(rows, id)).region;
  });
}

/** A governorate's delivery time in working days; orders placed from then on are promised by it (placed ones keep theirs). */
export async function setRegionDays(database: Database, staffId: number, locale: Locale, id: number, days: StaffRegionDays) {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [before] = await rows<StaffRegionDays>(sql`
      SELECT delivery_min_days AS min_days, delivery_max_days AS max_days FROM regions WHERE id = ${id} FOR UPDATE`);
    if (!before) throw notFound(text(locale, 'regionNotFound'));
    await rows(sql`UPDATE regions SET delivery_min_days = ${days.min_days}, delivery_max_days = ${days.max_days} WHERE id = ${id}`);
    await recordAudit(rows, { staffId, action: 'region.days', entity: 'region', entityId: id, before, after: days });
    return oneRow(await regionRows(rows, id)).region;
  });
}

const deliveryScheduleRows = (rows: Rows) =>
  rows<{ schedule: StaffDeliverySchedule }>(sql`
    SELECT json_build_object(${scheduleJson(null)}) AS schedule FROM site_config c WHERE c.id = 1`);

/** The cut-off, the weekly days off and every holiday, past ones too. */
export async function staffDeliverySchedule(database: Database, locale: Locale): Promise<StaffDeliverySchedule> {
  return rowOrNotFound(await deliveryScheduleRows(readRows(database)), text(locale, 'noSettings')).schedule;
}

/** The whole schedule at once: the holidays become the list sent. */
export async function saveDeliverySchedule(database: Database, staffId: number, locale: Locale, input: StaffDeliverySchedule) {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    await rows(sql`SELECT id FROM site_config WHERE id = 1 FOR UPDATE`);
    const before = rowOrNotFound(await deliveryScheduleRows(rows), text(locale, 'noSettings')).schedule;
    const daysOff = `{${[...input.weekly_off].sort((a, b) => a - b).join(',')}}`;
    await rows(
      sql`UPDATE site_config SET delivery_cutoff = ${input.cutoff}::time, delivery_days_off = ${daysOff}::smallint[] WHERE id = 1`,
    );
    await rows(sql`DELETE FROM delivery_holidays`);
    if (input.holidays.length) {
      await rows(sql`INSERT INTO delivery_holidays (day) SELECT unnest(${`{${input.holidays.join(',')}}`}::date[])`);
    }
    const after = oneRow(await deliveryScheduleRows(rows)).schedule;
    await recordAudit(rows, { staffId, action: 'delivery.schedule', entity: 'site_config', entityId: 1, before, after });
    return after;
  });
}

/** Refuses a name the governorate already has for another city (either language, any letter case). */
async function checkCityNames(rows: Rows, locale: Locale, regionId: number, input: StaffCityInput, cityId: number) {
  const [taken] = await rows<{ en: boolean; ar: boolean }>(sql`
    SELECT bool_or(lower(name_en) = lower(${input.name_en})) AS en, bool_or(name_ar = ${input.name_ar}) AS ar
    FROM cities WHERE region_id = ${regionId} AND id <> ${cityId}`);
  const errors: Record<string, string[]> = {};
  if (taken?.en) errors.name_en = [text(locale, 'cityExists')];
  if (taken?.ar) errors.name_ar = [text(locale, 'cityExists')];
  if (Object.keys(errors).length) throw new FieldError(errors);
}

const cityRows = (rows: Rows, id: number) =>
  rows<{ city: StaffRegion['cities'][number] }>(sql`SELECT ${cityJson} AS city FROM cities c WHERE c.id = ${id}`);

export async function addCity(database: Database, staffId: number, locale: Locale, regionId: number, input: StaffCityInput) {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [region] = await rows<Pick<TableRow<typeof tables.regions>, 'id'>>(sql`SELECT id FROM regions WHERE id = ${regionId} FOR UPDATE`);
    if (!region) throw notFound(text(locale, 'regionNotFound'));
    await checkCityNames(rows, locale, regionId, input, 0);
    const created = oneRow(
      await rows<Pick<TableRow<typeof tables.cities>, 'id'>>(sql`
        INSERT INTO cities (region_id, name_en, name_ar) VALUES (${regionId}, ${input.name_en}, ${input.name_ar}) RETURNING id`),
    );
    const city = oneRow(await cityRows(rows, created.id)).city;
    await recordAudit(rows, { staffId, action: 'city.create', entity: 'city', entityId: city.id, after: city });
    return city;
  });
}

/** Both names at once; addresses that use the city show the new names. */
export async function renameCity(database: Database, staffId: number, locale: Locale, id: number, input: StaffCityInput) {
  return database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const [locked] = await rows<Pick<TableRow<typeof tables.cities>, 'region_id'>>(
        sql`SELECT region_id FROM cities WHERE id = ${id} FOR UPDATE`,
      );
      if (!locked) throw notFound(text(locale, 'cityNotFound'));
      await checkCityNames(rows, locale, locked.region_id, input, id);
      const before = oneRow(await cityRows(rows, id)).city;
      await rows(sql`UPDATE cities SET name_en = ${input.name_en}, name_ar = ${input.name_ar} WHERE id = ${id}`);
      const after = oneRow(await cityRows(rows, id)).city;
      await recordAudit(rows, { staffId, action: 'city.rename', entity: 'city', entityId: id, before, after });
      return after;
    })
    .catch((error: unknown) => cityNameConflict(locale, error));
}

/** Two renames to one name at the same instant: the unique indexes (migration 0026) refuse the second. */
function cityNameConflict(locale: Locale, error: unknown): never {
  const constraint = violation(error)?.constraint;
  if (constraint === 'cities_region_name_en') throw new FieldError({ name_en: [text(locale, 'cityExists')] });
  if (constraint === 'cities_region_name_ar') throw new FieldError({ name_ar: [text(locale, 'cityExists')] });
  throw error;
}

const cityInUse = (locale: Locale, count: number) =>
  new ApiError(409, 'city_in_use', text(locale, 'cityInUse', { count }), { addresses: count });

/** Only a city no saved address names (orders keep their own copy of the address). */
export async function removeCity(database: Database, staffId: number, locale: Locale, id: number) {
  await database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const [removed] = await rows<{ city: unknown }>(sql`
        DELETE FROM cities c WHERE c.id = ${id} AND NOT EXISTS (SELECT 1 FROM addresses a WHERE a.city_id = c.id)
        RETURNING json_build_object('id', c.id, 'region', c.region_id, 'name_en', c.name_en, 'name_ar', c.name_ar) AS city`);
      if (removed) {
        await recordAudit(rows, { staffId, action: 'city.delete', entity: 'city', entityId: id, before: removed.city });
        return;
      }
      const [used] = await rows<{ addresses: number }>(sql`
        SELECT (SELECT count(*)::int FROM addresses WHERE city_id = ${id}) AS addresses FROM cities WHERE id = ${id}`);
      if (!used) throw notFound(text(locale, 'cityNotFound'));
      throw cityInUse(locale, used.addresses);
    })
    .catch(async (error: unknown) => {
      // An address saved with the city while it was being removed: the database refuses, and so do we.
      if (violation(error)?.code !== '23503') throw error;
      const used = oneRow(await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM addresses WHERE city_id = ${id}`));
      throw cityInUse(locale, used.n);
    });
}

// ---------------------------------------------------------------------------------------------------------------------
// Home sliders

const sliderState = sql`CASE WHEN NOT s.is_active THEN 'inactive' WHEN s.starts_at > now() THEN 'scheduled'
  WHEN s.ends_at <= now() THEN 'ended' ELSE 'showing' END`;
const sliderJson = (mediaBase: string) => sql`json_build_object('id', s.id, 'position', s.position,
  'title_en', s.title_en, 'title_ar', s.title_ar, 'subtitle_en', s.subtitle_en, 'subtitle_ar', s.subtitle_ar,
  'image_desktop', s.image_desktop, 'image_mobile', s.image_mobile,
  'image_desktop_url', ${mediaBase}::text || s.image_desktop, 'image_mobile_url', ${mediaBase}::text || s.image_mobile,
  'alt_en', s.alt_en, 'alt_ar', s.alt_ar, 'link', s.link, 'is_active', s.is_active,
  'starts_at', s.starts_at, 'ends_at', s.ends_at, 'state', ${sliderState})`;

/** Every slider, off and past ones too, in the order the storefront shows them. */
export async function staffSliders(ctx: ContentContext): Promise<StaffSlider[]> {
  const row = oneRow(
    await ctx.database.rows<{ sliders: StaffSlider[] }>(sql`
      SELECT coalesce(json_agg(${sliderJson(ctx.mediaBase)} ORDER BY s.position, s.id), '[]') AS sliders FROM sliders s`),
  );
  return row.sliders;
}

const sliderRows = (rows: Rows, mediaBase: string, id: number) =>
  rows<{ slider: StaffSlider }>(sql`SELECT ${sliderJson(mediaBase)} AS slider FROM sliders s WHERE s.id = ${id}`);

/** The pictures sliders use now, to pick from for another slide. */
export async function sliderImages(ctx: ContentContext): Promise<StaffSliderImage[]> {
  return ctx.database.rows<StaffSliderImage>(sql`
    SELECT path, ${ctx.mediaBase}::text || path AS url FROM (
      SELECT image_desktop AS path FROM sliders UNION SELECT image_mobile FROM sliders) p
    ORDER BY path`);
}

const sliderColumns = (input: StaffSliderInput) => sql`title_en = ${input.title_en}, title_ar = ${input.title_ar},
  subtitle_en = ${input.subtitle_en}, subtitle_ar = ${input.subtitle_ar}, image_desktop = ${input.image_desktop},
  image_mobile = ${input.image_mobile}, alt_en = ${input.alt_en}, alt_ar = ${input.alt_ar}, link = ${input.link},
  is_active = ${input.is_active}, starts_at = ${input.starts_at}, ends_at = ${input.ends_at}`;

/** A new slider, last in the order. */
export async function createSlider(ctx: ContentContext, staffId: number, input: StaffSliderInput) {
  return ctx.database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const created = oneRow(
      await rows<Pick<TableRow<typeof tables.sliders>, 'id'>>(sql`
        INSERT INTO sliders (title_en, title_ar, subtitle_en, subtitle_ar, image_desktop, image_mobile, alt_en, alt_ar, link,
          is_active, starts_at, ends_at, position)
        VALUES (${input.title_en}, ${input.title_ar}, ${input.subtitle_en}, ${input.subtitle_ar}, ${input.image_desktop},
          ${input.image_mobile}, ${input.alt_en}, ${input.alt_ar}, ${input.link}, ${input.is_active}, ${input.starts_at},
          ${input.ends_at}, (SELECT coalesce(max(position) + 1, 0) FROM sliders))
        RETURNING id`),
    );
    const slider = oneRow(await sliderRows(rows, ctx.mediaBase, created.id)).slider;
    await recordAudit(rows, { staffId, action: 'slider.create', entity: 'slider', entityId: slider.id, after: slider });
    return slider;
  });
}

/** Changes one slider (the whole of it, or only whether it is on) and audits the change. */
async function changeSlider(ctx: ContentContext, staffId: number, locale: Locale, id: number, action: AuditAction, set: SQL) {
  return ctx.database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const before = rowOrNotFound(await sliderRows(rows, ctx.mediaBase, id), text(locale, 'sliderNotFound')).slider;
    await rows(sql`UPDATE sliders SET ${set} WHERE id = ${id}`);
    const after = oneRow(await sliderRows(rows, ctx.mediaBase, id)).slider;
    await recordAudit(rows, { staffId, action, entity: 'slider', entityId: id, before, after });
    return after;
  });
}

export const saveSlider = (ctx: ContentContext, staffId: number, locale: Locale, id: number, input: StaffSliderInput) =>
  changeSlider(ctx, staffId, locale, id, 'slider.save', sliderColumns(input));

export const setSliderActive = (ctx: ContentContext, staffId: number, locale: Locale, id: number, active: boolean) =>
  changeSlider(ctx, staffId, locale, id, active ? 'slider.activate' : 'slider.deactivate', sql`is_active = ${active}`);

export async function deleteSlider(ctx: ContentContext, staffId: number, locale: Locale, id: number) {
  await ctx.database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const before = rowOrNotFound(await sliderRows(rows, ctx.mediaBase, id), text(locale, 'sliderNotFound')).slider;
    await rows(sql`DELETE FROM sliders WHERE id = ${id}`);
    await recordAudit(rows, { staffId, action: 'slider.delete', entity: 'slider', entityId: id, before });
  });
}

/** The storefront's order of the sliders: every slider's id, each once. */
export async function reorderSliders(ctx: ContentContext, staffId: number, locale: Locale, ids: number[]) {
  await ctx.database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const current = await rows<Pick<TableRow<typeof tables.sliders>, 'id'>>(sql`SELECT id FROM sliders ORDER BY position, id FOR UPDATE`);
    const known = new Set(current.map((row) => row.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw fieldText(locale, 'ids', 'sliderOrderMismatch');
    }
    await rows(sql`
      UPDATE sliders s SET position = o.position - 1
      FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS o(id, position) WHERE s.id = o.id`);
    await recordAudit(rows, {
      staffId,
      action: 'slider.reorder',
      entity: 'slider',
      entityId: 'all',
      before: current.map((row) => row.id),
      after: ids,
    });
  });
  return staffSliders(ctx);
}

// ---------------------------------------------------------------------------------------------------------------------
// Information pages

const infoPageJson = sql`json_build_object('slug', p.slug, 'title_en', p.title_en, 'title_ar', p.title_ar,
  'body_en', p.body_en, 'body_ar', p.body_ar, 'version', p.version, 'updated_at', p.updated_at)`;

export async function staffInfoPages(database: Database): Promise<StaffInfoPage[]> {
  const row = oneRow(
    await database.rows<{ pages: StaffInfoPage[] }>(sql`
      SELECT coalesce(json_agg(${infoPageJson} ORDER BY array_position(
        ARRAY['about', 'privacy-policy', 'terms-conditions', 'returns-policy', 'contactUs'], p.slug)), '[]') AS pages
      FROM info_pages p`),
  );
  return row.pages;
}

const infoPageRows = (rows: Rows, slug: InfoPageSlug) =>
  rows<{ page: StaffInfoPage }>(sql`SELECT ${infoPageJson} AS page FROM info_pages p WHERE p.slug = ${slug}`);

export async function staffInfoPage(database: Database, locale: Locale, slug: InfoPageSlug) {
  return rowOrNotFound(await infoPageRows(readRows(database), slug), text(locale, 'infoPageNotFound')).page;
}

/** Links the storefront would show as text are refused, each body naming its own. */
function checkLinks(locale: Locale, input: StaffInfoPageSave) {
  const errors: Record<string, string[]> = {};
  for (const field of ['body_en', 'body_ar'] as const) {
    const refused = refusedLinks(input[field]);
    if (refused.length) errors[field] = [text(locale, 'markupLinksRefused', { links: refused.join(', ') })];
  }
  if (Object.keys(errors).length) throw new FieldError(errors);
}

/** Both languages of a page at once, on the version read; the storefront shows it within a few seconds. */
export async function saveInfoPage(database: Database, staffId: number, locale: Locale, slug: InfoPageSlug, input: StaffInfoPageSave) {
  checkLinks(locale, input);
  return versionedWrite(
    database,
    async (rows) => {
      const before = rowOrNotFound(await infoPageRows(rows, slug), text(locale, 'infoPageNotFound')).page;
      const [saved] = await rows<Pick<TableRow<typeof tables.infoPages>, 'slug'>>(sql`
        UPDATE info_pages SET title_en = ${input.title_en}, title_ar = ${input.title_ar}, body_en = ${input.body_en},
          body_ar = ${input.body_ar}, version = version + 1, updated_at = now()
        WHERE slug = ${slug} AND version = ${input.version} RETURNING slug`);
      if (!saved) throw new ChangedMeanwhile();
      const after = oneRow(await infoPageRows(rows, slug)).page;
      await recordAudit(rows, { staffId, action: 'info_page.save', entity: 'info_page', entityId: slug, before, after });
      return after;
    },
    async () => new ApiError(409, 'page_changed', text(locale, 'infoPageChanged'), { page: await staffInfoPage(database, locale, slug) }),
    (error) => {
      throw error;
    },
  );
}
