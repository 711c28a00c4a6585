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
CREATE INDEX "webhook_delivery_message_id_idx" ON "webhook_delivery" USING btree ("message_id");--> statement-breakpoint
-- Room on each page for the lease written at every claim: the update stays on the page (HOT)
-- and touches no index.
ALTER TABLE "webhook_delivery" SET (fillfactor = 50);
--> statement-breakpoint
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
--> statement-breakpoint
-- Claims due deliveries for worker p_worker: endpoint by endpoint (a loose scan of the
-- (webhook_id, run_at) index from after p_cursor), at most p_per_hook each and p_total in all,
-- skipping endpoints in p_excluded and rows another worker holds; leases them for
-- p_lease_seconds and returns them with their webhook and message. Bitmap scans are off: with
-- the statistics of a queue that just filled, the planner would read and sort an endpoint's whole
-- backlog instead of its first rows in index order.
CREATE FUNCTION "webhook_delivery_claim"(p_cursor text, p_excluded json, p_per_hook int,
  p_total int, p_worker text, p_lease_seconds int)
RETURNS TABLE (id text, webhook_id text, message_id text, attempt int, trigger text, url text,
  enabled boolean, legacy_bearer boolean, secret_encrypted text, previous_secret_encrypted text,
  previous_secret_expires_at float8, failing_since float8, throttle int, payload text)
LANGUAGE sql VOLATILE
SET enable_bitmapscan = off
AS $$
  WITH RECURSIVE hooks(id) AS (
    (SELECT d.webhook_id FROM webhook_delivery d WHERE d.webhook_id > p_cursor
      ORDER BY d.webhook_id LIMIT 1)
    UNION ALL
    SELECT (SELECT d.webhook_id FROM webhook_delivery d WHERE d.webhook_id > hooks.id
      ORDER BY d.webhook_id LIMIT 1)
    FROM hooks WHERE hooks.id IS NOT NULL
  ),
  picked AS (
    SELECT due.id FROM hooks
    CROSS JOIN LATERAL (
      SELECT d.id FROM webhook_delivery d
      WHERE d.webhook_id = hooks.id AND d.run_at <= now()
        AND (d.lease_until IS NULL OR d.lease_until < now())
      ORDER BY d.run_at
      LIMIT p_per_hook
      FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE hooks.id IS NOT NULL
      AND hooks.id NOT IN (SELECT json_array_elements_text(p_excluded))
    LIMIT p_total
  )
  UPDATE webhook_delivery AS d
  SET leased_by = p_worker, lease_until = now() + make_interval(secs => p_lease_seconds)
  FROM picked, webhook AS w, webhook_message AS m
  WHERE d.id = picked.id AND w.id = d.webhook_id AND m.id = d.message_id
  RETURNING d.id, d.webhook_id, d.message_id, d.attempt, d.trigger, w.url, w.enabled,
    w.legacy_bearer, w.secret_encrypted, w.previous_secret_encrypted,
    (extract(epoch FROM w.previous_secret_expires_at) * 1000)::float8,
    (extract(epoch FROM w.failing_since) * 1000)::float8,
    w.throttle, m.payload::text
$$;
