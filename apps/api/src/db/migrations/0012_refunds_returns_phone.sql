CREATE TABLE "order_refund_lines" (
	"refund_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"restocked" boolean NOT NULL,
	CONSTRAINT "order_refund_lines_refund_id_order_item_id_pk" PRIMARY KEY("refund_id","order_item_id"),
	CONSTRAINT "order_refund_lines_quantity" CHECK ("order_refund_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"return_id" integer,
	"staff_id" integer NOT NULL,
	"amount_piastres" integer NOT NULL,
	"points_reversed" integer DEFAULT 0 NOT NULL,
	"points_returned" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amounts" CHECK ("order_refunds"."amount_piastres" >= 0 AND "order_refunds"."points_reversed" >= 0 AND "order_refunds"."points_returned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_return_lines" (
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"restocked" boolean,
	CONSTRAINT "order_return_lines_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "order_return_lines_quantity" CHECK ("order_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"staff_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_returns_status_known" CHECK ("order_returns"."status" IN ('requested', 'approved', 'rejected', 'received', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_piastres" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_reversed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "returns_window_days" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_return_unique" ON "order_refunds" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_one_open" ON "order_returns" USING btree ("order_id") WHERE "order_returns"."status" IN ('requested', 'approved', 'received');--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_staff_id_staff_members_id_fk" FOREIGN KEY ("placed_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_units_back_within" CHECK ("order_items"."refunded_quantity" >= 0 AND "order_items"."return_quantity" >= 0 AND "order_items"."refunded_quantity" + "order_items"."return_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_piastres" BETWEEN 0 AND "orders"."total_piastres");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_points_back_within" CHECK ("orders"."points_reversed" BETWEEN 0 AND "orders"."points_earned" AND "orders"."points_returned" BETWEEN 0 AND "orders"."points_used");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" IN ('web', 'phone'));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_returns_window" CHECK ("site_config"."returns_window_days" BETWEEN 0 AND 365);--> statement-breakpoint
-- Refunds are a ledger: appended to, never edited.
CREATE TRIGGER order_refunds_append_only BEFORE UPDATE OR DELETE ON order_refunds
  FOR EACH ROW EXECUTE FUNCTION attar_refuse_change();
--> statement-breakpoint
CREATE TRIGGER order_refund_lines_append_only BEFORE UPDATE OR DELETE ON order_refund_lines
  FOR EACH ROW EXECUTE FUNCTION attar_refuse_change();
--> statement-breakpoint
-- Orders delivered before this migration: the returns window counts from their delivery.
UPDATE orders o SET delivered_at = h.at FROM (
  SELECT order_id, max(created_at) AS at FROM order_status_history WHERE to_status = 'delivered' GROUP BY order_id) h
WHERE o.id = h.order_id;
