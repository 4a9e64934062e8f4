CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_number" text,
	"staff_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_change_nonzero" CHECK ("stock_movements"."change" <> 0),
	CONSTRAINT "stock_movements_stock_after_nonnegative" CHECK ("stock_movements"."stock_after" >= 0),
	CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" IN ('received', 'damaged', 'correction', 'order', 'cancellation', 'return'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_nonnegative" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Every change of a size's stock is a row, whoever makes it: the changing transaction names the reason, order and staff
-- member in the attar.stock_* settings (stock/ledger.ts); a new size is stock received, and a change nobody explained
-- (a hand-written UPDATE) is a correction.
CREATE FUNCTION stock_movements_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer := NEW.stock - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END;
BEGIN
  IF moved <> 0 THEN
    INSERT INTO stock_movements (variant_id, product_id, change, stock_after, reason, order_number, staff_id, note)
    VALUES (NEW.id, NEW.product_id, moved, NEW.stock,
      coalesce(nullif(current_setting('attar.stock_reason', true), ''), CASE WHEN TG_OP = 'INSERT' THEN 'received' ELSE 'correction' END),
      nullif(current_setting('attar.stock_order', true), ''),
      nullif(current_setting('attar.stock_staff', true), '')::int,
      nullif(current_setting('attar.stock_note', true), ''));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_ledger AFTER INSERT OR UPDATE OF stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION stock_movements_record();
--> statement-breakpoint
-- A ledger: appended to, never edited.
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION attar_refuse_change();
--> statement-breakpoint
-- The stock already on the shelves when the ledger began.
INSERT INTO stock_movements (variant_id, product_id, change, stock_after, reason)
SELECT id, product_id, stock, stock, 'received' FROM product_variants WHERE stock > 0;
