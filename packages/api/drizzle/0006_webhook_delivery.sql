CREATE TABLE "webhook_delivery" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"message_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"trigger" text NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_by" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "throttle" integer;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhook"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_message_id_webhook_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_delivery_webhook_id_idx" ON "webhook_delivery" USING btree ("webhook_id","run_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_run_at_idx" ON "webhook_delivery" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_message_id_idx" ON "webhook_delivery" USING btree ("message_id");--> statement-breakpoint
-- Attempts still waiting in pg-boss's former "webhook-delivery" queue move to the new table.
DO $$ BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO "webhook_delivery" ("id", "webhook_id", "message_id", "attempt", "trigger", "run_at", "created_at")
    SELECT j.id::text, j.data->>'webhookId', j.data->>'messageId', (j.data->>'attempt')::int,
      j.data->>'trigger', j.start_after, j.created_on
    FROM pgboss.job j
    JOIN "webhook" w ON w.id = j.data->>'webhookId'
    JOIN "webhook_message" m ON m.id = j.data->>'messageId'
    WHERE j.name = 'webhook-delivery' AND j.state::text IN ('created', 'retry', 'active')
    ON CONFLICT DO NOTHING;
    DELETE FROM pgboss.job
    WHERE name = 'webhook-delivery' AND state::text IN ('created', 'retry', 'active');
  END IF;
END $$;
