CREATE TABLE "order_confirmations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"flagged_at" timestamp with time zone,
	"answer" text,
	"answered_via" text,
	"answered_at" timestamp with time zone,
	"staff_id" integer,
	"sends" smallint DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_confirmations_expiry" CHECK ("order_confirmations"."expires_at" > "order_confirmations"."asked_at"),
	CONSTRAINT "order_confirmations_answer_known" CHECK ("order_confirmations"."answer" IN ('confirmed', 'cancelled')),
	CONSTRAINT "order_confirmations_via_known" CHECK ("order_confirmations"."answered_via" IN ('link', 'whatsapp', 'staff', 'timeout')),
	CONSTRAINT "order_confirmations_answered" CHECK (("order_confirmations"."answer" IS NULL) = ("order_confirmations"."answered_via" IS NULL) AND ("order_confirmations"."answer" IS NULL) = ("order_confirmations"."answered_at" IS NULL)
      AND ("order_confirmations"."answered_via" <> 'timeout' OR "order_confirmations"."answer" = 'cancelled') AND (("order_confirmations"."answered_via" = 'staff') = ("order_confirmations"."staff_id" IS NOT NULL))),
	CONSTRAINT "order_confirmations_sends" CHECK ("order_confirmations"."sends" BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "cod_confirm_rule" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "cod_confirm_above_piastres" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "cod_confirm_flag_hours" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "cod_confirm_cancel_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_confirmations_open_idx" ON "order_confirmations" USING btree ("expires_at") WHERE "order_confirmations"."answer" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('pending_payment', 'awaiting_shopper', 'placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_cod_confirm_rule" CHECK ("site_config"."cod_confirm_rule" IN ('none', 'all', 'above', 'first'));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_cod_confirm_above" CHECK ("site_config"."cod_confirm_above_piastres" >= 0);--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_cod_confirm_hours" CHECK ("site_config"."cod_confirm_flag_hours" >= 1 AND "site_config"."cod_confirm_cancel_hours" <= 168 AND "site_config"."cod_confirm_flag_hours" < "site_config"."cod_confirm_cancel_hours");