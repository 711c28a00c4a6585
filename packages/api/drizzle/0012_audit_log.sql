CREATE TABLE "audit_event" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text,
	"target_label" text DEFAULT '' NOT NULL,
	"client_address" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_event_org_time_idx" ON "audit_event" USING btree ("organization_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_event_org_action_idx" ON "audit_event" USING btree ("organization_id","action","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_event_org_actor_idx" ON "audit_event" USING btree ("organization_id","actor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_event_org_target_idx" ON "audit_event" USING btree ("organization_id","target_kind","target_id","occurred_at");--> statement-breakpoint
-- The audit log is append-only: no UPDATE, and no DELETE, for the application's role or any
-- other, with two exceptions. (1) Deleting an organization deletes its log through the foreign
-- key's ON DELETE CASCADE: the cascade runs after the organization's row is gone, so a delete
-- whose organization no longer exists is let through. (2) Pruning entries past the plan's
-- history sets `headmark.audit_prune` to 'on' for its transaction (SET LOCAL), and may then
-- delete entries older than 30 days only. TRUNCATE is a table owner's maintenance, not an
-- application write, and is not covered.
CREATE FUNCTION "audit_event_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "organization" o WHERE o."id" = OLD."organization_id") THEN
      RETURN OLD;
    END IF;
    IF coalesce(current_setting('headmark.audit_prune', true), '') = 'on'
      AND OLD."occurred_at" < now() - interval '30 days' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: % of an audit event is refused.', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_event_append_only" BEFORE UPDATE OR DELETE ON "audit_event"
FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"();
