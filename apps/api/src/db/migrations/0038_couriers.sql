CREATE TABLE "courier_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier" text NOT NULL,
	"business_reference" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_id" text,
	"tracking_number" text,
	"cod_piastres" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"parcel_state" text,
	"state_at" timestamp with time zone,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_deliveries_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "courier_deliveries_reference_unique" UNIQUE("courier","business_reference"),
	CONSTRAINT "courier_deliveries_tracking_unique" UNIQUE("courier","tracking_number"),
	CONSTRAINT "courier_deliveries_courier_known" CHECK ("courier_deliveries"."courier" IN ('bosta')),
	CONSTRAINT "courier_deliveries_status_known" CHECK ("courier_deliveries"."status" IN ('requested', 'created', 'failed')),
	CONSTRAINT "courier_deliveries_tracked_when_created" CHECK (("courier_deliveries"."status" = 'created') = ("courier_deliveries"."tracking_number" IS NOT NULL)),
	CONSTRAINT "courier_deliveries_cod_nonnegative" CHECK ("courier_deliveries"."cod_piastres" >= 0),
	CONSTRAINT "courier_deliveries_attempts_nonnegative" CHECK ("courier_deliveries"."attempts" >= 0),
	CONSTRAINT "courier_deliveries_state_known" CHECK ("courier_deliveries"."parcel_state" IN ('picked_up', 'out_for_delivery', 'attempt_failed', 'delivered', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "courier_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"state" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_events_once" UNIQUE("courier","tracking_number","state","occurred_at"),
	CONSTRAINT "courier_events_outcome_known" CHECK ("courier_events"."outcome" IN ('applied', 'stale', 'noted'))
);
--> statement-breakpoint
CREATE TABLE "courier_settlement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"cod_piastres" integer NOT NULL,
	"fees_piastres" integer NOT NULL,
	"paid_out_piastres" integer NOT NULL,
	CONSTRAINT "courier_settlement_lines_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "courier_settlement_lines_nonnegative" CHECK ("courier_settlement_lines"."cod_piastres" >= 0 AND "courier_settlement_lines"."fees_piastres" >= 0)
);
--> statement-breakpoint
CREATE TABLE "courier_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"file_name" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_settlements_courier_known" CHECK ("courier_settlements"."courier" IN ('bosta'))
);
--> statement-breakpoint
ALTER TABLE "courier_deliveries" ADD CONSTRAINT "courier_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_deliveries" ADD CONSTRAINT "courier_deliveries_requested_by_staff_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlement_lines" ADD CONSTRAINT "courier_settlement_lines_settlement_id_courier_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."courier_settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlement_lines" ADD CONSTRAINT "courier_settlement_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlements" ADD CONSTRAINT "courier_settlements_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_settlement_lines_settlement_idx" ON "courier_settlement_lines" USING btree ("settlement_id");