CREATE TABLE "catalogue_version" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."only")
);
--> statement-breakpoint
CREATE TABLE "offer_documents" (
	"offer_id" integer NOT NULL,
	"locale" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "offer_documents_offer_id_locale_pk" PRIMARY KEY("offer_id","locale"),
	CONSTRAINT "offer_documents_locale_known" CHECK ("offer_documents"."locale" IN ('en', 'ar'))
);
--> statement-breakpoint
CREATE TABLE "product_documents" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"body" text NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_documents_product_id_locale_pk" PRIMARY KEY("product_id","locale"),
	CONSTRAINT "product_documents_locale_known" CHECK ("product_documents"."locale" IN ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "offer_documents" ADD CONSTRAINT "offer_documents_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The read path (decision 0029): every product's and offer's contract JSON, per language, kept by the triggers below
-- in the same transaction as the change. Pictures are stored as paths under the media folder: each API instance names
-- them at its own public address as it reads (attar_pictures_at, catalog/documents.ts picturesAt).
INSERT INTO "catalogue_version" DEFAULT VALUES;--> statement-breakpoint
CREATE SEQUENCE product_document_revisions;--> statement-breakpoint
CREATE FUNCTION attar_localized(locale text, en text, ar text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE locale WHEN 'ar' THEN ar ELSE en END $$;--> statement-breakpoint
-- The contract's ProductVariant: here and in the cart's lines.
CREATE FUNCTION attar_variant_json(v product_variants, ml integer, published boolean) RETURNS json LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT json_build_object('id', v.id, 'ml', ml, 'price', trim_scale(v.price_piastres::numeric / 100), 'stock', v.stock,
    'availability', CASE WHEN v.stock > 0 AND published THEN 'available' ELSE 'out_of_stock' END,
    'sku', v.sku, 'is_default', v.is_default) $$;--> statement-breakpoint
-- The contract's Product as a guest sees it. `isFavourite` follows `id` so a shopper's can be marked by replacing
-- `{"id" : N, "isFavourite" : false` (json_build_object's spacing; attar_favourites_marked): inside a JSON string every
-- quote is escaped, so that text is only ever product N's own key. Times in UTC whatever the writing session's zone.
CREATE VIEW product_document_sources AS
SELECT p.id AS product_id, l.locale, json_build_object(
    'id', p.id, 'isFavourite', false, 'slug', p.slug,
    'name', attar_localized(l.locale, p.name_en, p.name_ar), 'name_en', p.name_en, 'name_ar', p.name_ar,
    'description', attar_localized(l.locale, p.description_en, p.description_ar),
    'type', p.type,
    'category', json_build_object('id', c.id, 'name', attar_localized(l.locale, c.name_en, c.name_ar), 'slug', c.slug),
    'price', trim_scale(p.price_piastres::numeric / 100),
    'stock', p.stock,
    'availability', CASE WHEN p.stock > 0 AND p.is_published THEN 'available' ELSE 'out_of_stock' END,
    'image', p.image,
    'image_desktop', p.image_desktop,
    'image_mobile', p.image_mobile,
    'image_alt', attar_localized(l.locale, p.image_alt_en, p.image_alt_ar),
    'productimages', coalesce((
      SELECT json_agg(json_build_object('image', pi.image, 'product', p.id,
          'alt', attar_localized(l.locale, pi.alt_en, pi.alt_ar)) ORDER BY pi.position, pi.id)
      FROM product_images pi WHERE pi.product_id = p.id), '[]'::json),
    'sizes', coalesce((
      SELECT json_agg(vs.ml ORDER BY vs.ml) FROM product_variants v JOIN sizes vs ON vs.id = v.size_id
      WHERE v.product_id = p.id), '[]'::json),
    'variants', coalesce((
      SELECT json_agg(attar_variant_json(v, vs.ml, p.is_published) ORDER BY vs.ml)
      FROM product_variants v JOIN sizes vs ON vs.id = v.size_id WHERE v.product_id = p.id), '[]'::json),
    'concentration', attar_localized(l.locale, p.concentration_en, p.concentration_ar),
    'family', CASE WHEN f.id IS NULL THEN NULL
      ELSE json_build_object('id', f.id, 'name', attar_localized(l.locale, f.name_en, f.name_ar), 'slug', f.slug) END,
    'notes', (
      SELECT json_build_object(
        'top', coalesce(json_agg(attar_localized(l.locale, n.name_en, n.name_ar) ORDER BY pn.position) FILTER (WHERE pn.layer = 'top'), '[]'::json),
        'heart', coalesce(json_agg(attar_localized(l.locale, n.name_en, n.name_ar) ORDER BY pn.position) FILTER (WHERE pn.layer = 'heart'), '[]'::json),
        'base', coalesce(json_agg(attar_localized(l.locale, n.name_en, n.name_ar) ORDER BY pn.position) FILTER (WHERE pn.layer = 'base'), '[]'::json))
      FROM product_notes pn JOIN notes n ON n.id = pn.note_id WHERE pn.product_id = p.id),
    'occasions', coalesce((
      SELECT json_agg(json_build_object('id', o.id, 'name', attar_localized(l.locale, o.name_en, o.name_ar)) ORDER BY o.id)
      FROM product_occasions po JOIN occasions o ON o.id = po.occasion_id WHERE po.product_id = p.id), '[]'::json),
    'gender', p.gender,
    'is_new', p.is_new,
    'created_at', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')
  )::text AS body
FROM products p CROSS JOIN (VALUES ('en'), ('ar')) AS l(locale)
JOIN categories c ON c.id = p.category_id LEFT JOIN families f ON f.id = p.family_id;--> statement-breakpoint
-- The contract's Offer as a guest sees it; its products are their documents. Available while it and every product in
-- it have stock for one bundle.
CREATE VIEW offer_document_sources AS
SELECT o.id AS offer_id, l.locale, json_build_object(
    'id', o.id, 'slug', o.slug,
    'name', attar_localized(l.locale, o.name_en, o.name_ar), 'name_en', o.name_en, 'name_ar', o.name_ar,
    'description', attar_localized(l.locale, o.description_en, o.description_ar),
    'price', trim_scale(o.price_piastres::numeric / 100),
    'original_price', trim_scale(o.original_price_piastres::numeric / 100),
    'stock', o.stock,
    'availability', CASE WHEN o.stock > 0 AND NOT EXISTS (
        SELECT 1 FROM offer_items oi JOIN products op ON op.id = oi.product_id JOIN product_variants ov ON ov.id = oi.variant_id
        WHERE oi.offer_id = o.id AND (ov.stock < oi.quantity OR NOT op.is_published))
      THEN 'offer' ELSE 'out_of_stock' END,
    'image', o.image,
    'image_desktop', o.image_desktop,
    'image_mobile', o.image_mobile,
    'image_alt', attar_localized(l.locale, o.image_alt_en, o.image_alt_ar),
    'products', coalesce((
      SELECT json_agg(json_build_object('product', d.body::json, 'variant', oi.variant_id, 'ml', os.ml, 'quantity', oi.quantity)
        ORDER BY oi.product_id, os.ml)
      FROM offer_items oi JOIN product_documents d ON d.product_id = oi.product_id AND d.locale = l.locale
      JOIN product_variants ov ON ov.id = oi.variant_id JOIN sizes os ON os.id = ov.size_id
      WHERE oi.offer_id = o.id), '[]'::json)
  )::text AS body
FROM offers o CROSS JOIN (VALUES ('en'), ('ar')) AS l(locale);--> statement-breakpoint
-- A document with its pictures at `base`: each picture key's value is a path the key's own text precedes
-- (json_build_object's spacing), and inside a JSON string every quote is escaped, so `"image" : "` is only that key.
CREATE FUNCTION attar_pictures_at(body text, base text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT replace(replace(replace(body,
    '"image" : "', '"image" : "' || base), '"image_desktop" : "', '"image_desktop" : "' || base),
    '"image_mobile" : "', '"image_mobile" : "' || base) $$;--> statement-breakpoint
-- A shopper's view of a document: each of `product_ids` (their favourites in it) marked.
CREATE FUNCTION attar_favourites_marked(body text, product_ids integer[]) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  id integer;
BEGIN
  FOREACH id IN ARRAY coalesce(product_ids, '{}') LOOP
    body := replace(body, '{"id" : ' || id || ', "isFavourite" : false', '{"id" : ' || id || ', "isFavourite" : true');
  END LOOP;
  RETURN body;
END $$;--> statement-breakpoint
-- Rebuilds the documents of these offers. Each one's rows are locked first, in order, and built by the next
-- statement, which sees whatever a concurrent change committed before the lock was granted; a change committed after
-- it rebuilds them again itself.
CREATE FUNCTION attar_refresh_offer_documents(ids integer[]) RETURNS void LANGUAGE plpgsql
  -- The planner sees a view of subqueries as costly enough to compile; compiling takes far longer than running it.
  SET jit = off AS $$
BEGIN
  IF cardinality(ids) IS DISTINCT FROM 0 AND current_setting('attar.documents', true) IS DISTINCT FROM 'deferred' THEN
    INSERT INTO offer_documents (offer_id, locale, body)
    SELECT o.id, l.locale, '{}' FROM offers o JOIN unnest(ids) AS i(id) ON i.id = o.id CROSS JOIN (VALUES ('en'), ('ar')) AS l(locale)
    ON CONFLICT DO NOTHING;
    PERFORM FROM offer_documents d JOIN unnest(ids) AS i(id) ON i.id = d.offer_id ORDER BY d.offer_id, d.locale FOR UPDATE OF d;
    UPDATE offer_documents d SET body = s.body
    FROM offer_document_sources s JOIN unnest(ids) AS i(id) ON i.id = s.offer_id
    WHERE d.offer_id = s.offer_id AND d.locale = s.locale AND d.body IS DISTINCT FROM s.body;
  END IF;
END $$;--> statement-breakpoint
-- The same for products, then the offers holding them.
CREATE FUNCTION attar_refresh_product_documents(ids integer[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF cardinality(ids) IS DISTINCT FROM 0 AND current_setting('attar.documents', true) IS DISTINCT FROM 'deferred' THEN
    INSERT INTO product_documents (product_id, locale, body)
    SELECT p.id, l.locale, '{}' FROM products p JOIN unnest(ids) AS i(id) ON i.id = p.id CROSS JOIN (VALUES ('en'), ('ar')) AS l(locale)
    ON CONFLICT DO NOTHING;
    PERFORM FROM product_documents d JOIN unnest(ids) AS i(id) ON i.id = d.product_id ORDER BY d.product_id, d.locale FOR UPDATE OF d;
    UPDATE product_documents d SET body = s.body, revision = nextval('product_document_revisions')
    FROM product_document_sources s JOIN unnest(ids) AS i(id) ON i.id = s.product_id
    WHERE d.product_id = s.product_id AND d.locale = s.locale AND d.body IS DISTINCT FROM s.body;
    PERFORM attar_refresh_offer_documents(ARRAY(SELECT DISTINCT oi.offer_id FROM offer_items oi JOIN unnest(ids) AS i(id) ON i.id = oi.product_id));
  END IF;
END $$;--> statement-breakpoint
-- Every document, built afresh: when the pictures' address changes, and after a bulk load that deferred them.
CREATE FUNCTION attar_rebuild_documents() RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO product_documents (product_id, locale, body, revision)
  SELECT product_id, locale, body, nextval('product_document_revisions') FROM product_document_sources
  ON CONFLICT (product_id, locale) DO UPDATE SET body = EXCLUDED.body, revision = EXCLUDED.revision
  WHERE product_documents.body IS DISTINCT FROM EXCLUDED.body;
  INSERT INTO offer_documents (offer_id, locale, body) SELECT offer_id, locale, body FROM offer_document_sources
  ON CONFLICT (offer_id, locale) DO UPDATE SET body = EXCLUDED.body WHERE offer_documents.body IS DISTINCT FROM EXCLUDED.body;
END $$;--> statement-breakpoint
-- What lists hold and in which order (not what each product shows): a list's count and a search's plan, kept by the
-- API, are only reused while this has not moved (decision 0029). Bumped in the changing transaction, so a reader
-- reads it in the same snapshot as the rows.
CREATE FUNCTION attar_listings_changed() RETURNS void LANGUAGE sql
  AS $$ UPDATE catalogue_version SET version = version + 1 $$;--> statement-breakpoint
-- What each table's change touches. Statement triggers: a bulk change (an import, a category renamed) rebuilds each
-- product once. A product's price and stock are its default size's, mirrored: that size's own trigger covers them.
CREATE FUNCTION attar_documents_follow() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'products' THEN
      IF TG_OP = 'UPDATE' THEN
        -- Neither the document nor lists show the bookkeeping columns; the search words are not shown either. Rows are
        -- paired by grouping, not joining: the transition tables have no statistics, and a nested loop over an update of
        -- every product (the search index's) took seconds.
        PERFORM attar_refresh_product_documents(ARRAY(
          SELECT id FROM (
            SELECT id, to_jsonb(r) - '{stock,price_piastres,version,updated_at,low_stock_threshold,publish_at,search_words,name_words}'::text[] AS shown FROM previous_rows r
            UNION ALL
            SELECT id, to_jsonb(r) - '{stock,price_piastres,version,updated_at,low_stock_threshold,publish_at,search_words,name_words}'::text[] FROM changed_rows r) rows
          GROUP BY id HAVING count(DISTINCT shown) > 1));
        IF EXISTS (
          SELECT FROM (
            SELECT id, to_jsonb(r) - '{stock,price_piastres,version,updated_at,low_stock_threshold}'::text[] AS listed FROM previous_rows r
            UNION ALL
            SELECT id, to_jsonb(r) - '{stock,price_piastres,version,updated_at,low_stock_threshold}'::text[] FROM changed_rows r) rows
          GROUP BY id HAVING count(DISTINCT listed) > 1) THEN
          PERFORM attar_listings_changed();
        END IF;
      ELSE
        PERFORM attar_refresh_product_documents(ARRAY(SELECT id FROM changed_rows));
        PERFORM attar_listings_changed();
      END IF;
    WHEN 'product_variants' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT DISTINCT product_id FROM changed_rows));
      -- Stock moves with every order and never changes what a list holds; a size's price or a new size does.
      IF TG_OP <> 'UPDATE' THEN
        PERFORM attar_listings_changed();
      ELSIF EXISTS (
        SELECT FROM (SELECT id, to_jsonb(r) - 'stock' AS listed FROM previous_rows r
                     UNION ALL SELECT id, to_jsonb(r) - 'stock' FROM changed_rows r) rows
        GROUP BY id HAVING count(DISTINCT listed) > 1) THEN
        PERFORM attar_listings_changed();
      END IF;
    WHEN 'product_images' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT DISTINCT product_id FROM changed_rows));
    WHEN 'product_notes', 'product_occasions' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT DISTINCT product_id FROM changed_rows));
      PERFORM attar_listings_changed();
    WHEN 'categories' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT p.id FROM products p JOIN changed_rows c ON c.id = p.category_id));
      PERFORM attar_listings_changed();
    WHEN 'families' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT p.id FROM products p JOIN changed_rows f ON f.id = p.family_id));
      PERFORM attar_listings_changed();
    WHEN 'notes' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT DISTINCT pn.product_id FROM product_notes pn JOIN changed_rows n ON n.id = pn.note_id));
      PERFORM attar_listings_changed();
    WHEN 'occasions' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT po.product_id FROM product_occasions po JOIN changed_rows o ON o.id = po.occasion_id));
      PERFORM attar_listings_changed();
    WHEN 'sizes' THEN
      PERFORM attar_refresh_product_documents(ARRAY(SELECT DISTINCT v.product_id FROM product_variants v JOIN changed_rows s ON s.id = v.size_id));
      PERFORM attar_listings_changed();
    WHEN 'offers' THEN
      PERFORM attar_refresh_offer_documents(ARRAY(SELECT id FROM changed_rows));
    WHEN 'offer_items' THEN
      PERFORM attar_refresh_offer_documents(ARRAY(SELECT DISTINCT offer_id FROM changed_rows));
  END CASE;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_documents_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER products_documents_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_variants_documents_inserted AFTER INSERT ON product_variants REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_variants_documents_updated AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_variants_documents_deleted AFTER DELETE ON product_variants REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_images_documents_inserted AFTER INSERT ON product_images REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_images_documents_updated AFTER UPDATE ON product_images REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_images_documents_deleted AFTER DELETE ON product_images REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_notes_documents_inserted AFTER INSERT ON product_notes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_notes_documents_updated AFTER UPDATE ON product_notes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_notes_documents_deleted AFTER DELETE ON product_notes REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_occasions_documents_inserted AFTER INSERT ON product_occasions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER product_occasions_documents_deleted AFTER DELETE ON product_occasions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER categories_documents_updated AFTER UPDATE ON categories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER families_documents_updated AFTER UPDATE ON families REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER notes_documents_updated AFTER UPDATE ON notes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER occasions_documents_updated AFTER UPDATE ON occasions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER sizes_documents_updated AFTER UPDATE ON sizes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER offers_documents_inserted AFTER INSERT ON offers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER offers_documents_updated AFTER UPDATE ON offers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER offer_items_documents_inserted AFTER INSERT ON offer_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER offer_items_documents_updated AFTER UPDATE ON offer_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();--> statement-breakpoint
CREATE TRIGGER offer_items_documents_deleted AFTER DELETE ON offer_items REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attar_documents_follow();
