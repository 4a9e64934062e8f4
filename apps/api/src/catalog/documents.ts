import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@attar/contract';

/** The contract's ProductVariant for size `v` (its millilitres in `vs`) of product `p`. */
export const variantJson = sql`json_build_object('id', v.id, 'ml', vs.ml, 'price', trim_scale(v.price_piastres::numeric / 100),
  'stock', v.stock, 'availability', CASE WHEN v.stock > 0 AND p.is_published THEN 'available' ELSE 'out_of_stock' END,
  'sku', v.sku, 'is_default', v.is_default)`;

/**
 * SQL that builds the contract's Product object for row `p` (with category `c` and family `f` joined),
 * so PostgreSQL serialises the page and Node only passes the text through. `isFavourite` is the caller's (false for a guest).
 */
export function productJson(locale: Locale, mediaBase: string, userId: number | null = null): SQL {
  const l = sql.raw(locale); // 'en' | 'ar', from a closed enum
  return sql`json_build_object(
    'id', p.id, 'slug', p.slug,
    'name', p.name_${l}, 'name_en', p.name_en, 'name_ar', p.name_ar,
    'description', p.description_${l},
    'type', p.type,
    'category', json_build_object('id', c.id, 'name', c.name_${l}, 'slug', c.slug),
    'price', trim_scale(p.price_piastres::numeric / 100),
    'stock', p.stock,
    'availability', CASE WHEN p.stock > 0 AND p.is_published THEN 'available' ELSE 'out_of_stock' END,
    'isFavourite', ${
      userId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM wish_list_entries w WHERE w.user_id = ${userId} AND w.product_id = p.id)`
    },
    'image', ${mediaBase}::text || p.image,
    'image_desktop', ${mediaBase}::text || p.image_desktop,
    'image_mobile', ${mediaBase}::text || p.image_mobile,
    'image_alt', p.image_alt_${l},
    'productimages', coalesce((
      SELECT json_agg(json_build_object('image', ${mediaBase}::text || pi.image, 'product', p.id, 'alt', pi.alt_${l}) ORDER BY pi.position)
      FROM product_images pi WHERE pi.product_id = p.id), '[]'::json),
    'sizes', coalesce((
      SELECT json_agg(vs.ml ORDER BY vs.ml) FROM product_variants v JOIN sizes vs ON vs.id = v.size_id
      WHERE v.product_id = p.id), '[]'::json),
    'variants', coalesce((
      SELECT json_agg(${variantJson} ORDER BY vs.ml)
      FROM product_variants v JOIN sizes vs ON vs.id = v.size_id WHERE v.product_id = p.id), '[]'::json),
    'concentration', p.concentration_${l},
    'family', CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object('id', f.id, 'name', f.name_${l}, 'slug', f.slug) END,
    'notes', (
      SELECT json_build_object(
        'top', coalesce(json_agg(n.name_${l} ORDER BY pn.position) FILTER (WHERE pn.layer = 'top'), '[]'::json),
        'heart', coalesce(json_agg(n.name_${l} ORDER BY pn.position) FILTER (WHERE pn.layer = 'heart'), '[]'::json),
        'base', coalesce(json_agg(n.name_${l} ORDER BY pn.position) FILTER (WHERE pn.layer = 'base'), '[]'::json))
      FROM product_notes pn JOIN notes n ON n.id = pn.note_id WHERE pn.product_id = p.id),
    'occasions', coalesce((
      SELECT json_agg(json_build_object('id', o.id, 'name', o.name_${l}) ORDER BY o.id)
      FROM product_occasions po JOIN occasions o ON o.id = po.occasion_id WHERE po.product_id = p.id), '[]'::json),
    'gender', p.gender,
    'is_new', p.is_new,
    'created_at', p.created_at
  )`;
}

/** The joins `productJson` reads from. */
export const productJoins = sql`JOIN categories c ON c.id = p.category_id LEFT JOIN families f ON f.id = p.family_id`;
