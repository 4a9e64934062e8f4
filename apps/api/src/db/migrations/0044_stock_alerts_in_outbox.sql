ALTER TABLE "queued_messages" DROP CONSTRAINT "queued_messages_kind_known";--> statement-breakpoint
ALTER TABLE "queued_messages" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_order_unless_alert" CHECK (("queued_messages"."kind" = 'back_in_stock') = ("queued_messages"."order_id" IS NULL));--> statement-breakpoint
ALTER TABLE "queued_messages" ADD CONSTRAINT "queued_messages_kind_known" CHECK ("queued_messages"."kind" IN ('order_status', 'order_event', 'order_alert', 'back_in_stock'));--> statement-breakpoint
-- Back-in-stock messages still waiting in the old job queue move into the outbox, so none is lost by the upgrade.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    WITH moved AS (
      DELETE FROM pgboss.job WHERE name = 'stock-alert-messages' AND state IN ('created', 'retry') RETURNING id, data)
    INSERT INTO queued_messages (key, channel, recipient, kind, payload, locale)
    SELECT 'job:' || m.id || ':' || (m.data->>'channel'), m.data->>'channel', m.data->>'to', 'back_in_stock',
      jsonb_build_object('slug', m.data->>'slug', 'name', m.data->>'name', 'image', m.data->'image',
        'sizes', CASE WHEN m.data->>'ml' IS NULL THEN '[]'::jsonb ELSE jsonb_build_array((m.data->>'ml')::int) END),
      m.data->>'locale'
    FROM moved m
    ON CONFLICT (key) DO NOTHING;
  END IF;
END $$;
