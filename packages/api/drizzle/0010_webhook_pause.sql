-- A webhook paused by its owners (enabled = false, disabled_reason = 'manual') keeps its waiting
-- attempts: the claim leaves them in the queue until it is resumed. (An attempt claimed just
-- before the pause still goes out.) Otherwise the claim is the one of 0006.
CREATE OR REPLACE FUNCTION "webhook_delivery_claim"(p_cursor text, p_excluded json, p_per_hook int,
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
        AND NOT EXISTS (SELECT 1 FROM webhook p WHERE p.id = hooks.id
          AND NOT p.enabled AND p.disabled_reason = 'manual')
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
