CREATE TABLE "change_request_rule_edit" (
	"id" text PRIMARY KEY NOT NULL,
	"change_request_id" text NOT NULL,
	"rule_id" text,
	"key" text NOT NULL,
	"pattern" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title_template" text,
	"base_revision_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_request_rule_edit_key_unique" UNIQUE("change_request_id","key")
);
--> statement-breakpoint
ALTER TABLE "change_request_rule_edit" ADD CONSTRAINT "change_request_rule_edit_change_request_id_change_request_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_request"("id") ON DELETE cascade ON UPDATE no action;