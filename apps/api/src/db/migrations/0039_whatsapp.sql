CREATE TABLE "whatsapp_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"body" text NOT NULL,
	"order_number" text,
	"answer" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_replies_provider_id_unique" UNIQUE("provider_id"),
	CONSTRAINT "whatsapp_replies_answer_known" CHECK ("whatsapp_replies"."answer" IS NULL OR "whatsapp_replies"."answer" IN ('confirm', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_status_events_status_known" CHECK ("whatsapp_status_events"."status" IN ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "queued_messages" DROP CONSTRAINT "queued_messages_channel_known";--> statement-breakpoint
ALTER TABLE "queued_messages" DROP CONSTRAINT "queued_messages_state_known";--> statement-breakpoint
ALTER TABLE "queued_messages" ADD COLUMN "fallback_key" text;--> statement-breakpoint
ALTER TABLE "queued_messages" ADD COLUMN "whatsapp_status" text;--> statement-breakpoint
ALTER TABLE "queued_messages" ADD COLUMN "fell_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_status_events_once" ON "whatsapp_status_events" USING btree ("provider_id","status");--> statement-breakpoint
CREATE INDEX "queued_messages_provider_idx" ON "queued_messages" USING btree ("provider_id") WHERE "queued_messages"."channel" = 'whatsapp';--> statement-breakpoint
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_whatsapp_status_known" CHECK ("queued_messages"."whatsapp_status" IS NULL OR "queued_messages"."whatsapp_status" IN ('sent', 'delivered', 'read', 'failed'));--> statement-breakpoint
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_whatsapp_only" CHECK ("queued_messages"."channel" = 'whatsapp' OR ("queued_messages"."fallback_key" IS NULL AND "queued_messages"."whatsapp_status" IS NULL));--> statement-breakpoint
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_channel_known" CHECK ("queued_messages"."channel" IN ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_state_known" CHECK ("queued_messages"."state" IN ('pending', 'sent', 'dead', 'held', 'replaced'));