CREATE TABLE "queued_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"locale" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "queued_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "queued_messages_channel_known" CHECK ("queued_messages"."channel" IN ('email', 'sms')),
	CONSTRAINT "queued_messages_kind_known" CHECK ("queued_messages"."kind" IN ('order_status', 'order_event', 'order_alert')),
	CONSTRAINT "queued_messages_locale_known" CHECK ("queued_messages"."locale" IN ('en', 'ar')),
	CONSTRAINT "queued_messages_state_known" CHECK ("queued_messages"."state" IN ('pending', 'sent', 'dead')),
	CONSTRAINT "queued_messages_attempts_nonnegative" CHECK ("queued_messages"."attempts" >= 0),
	CONSTRAINT "queued_messages_sent_when" CHECK (("queued_messages"."state" = 'sent') = ("queued_messages"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queued_messages_due_idx" ON "queued_messages" USING btree ("next_attempt_at") WHERE "queued_messages"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "queued_messages_dead_idx" ON "queued_messages" USING btree ("created_at") WHERE "queued_messages"."state" = 'dead';