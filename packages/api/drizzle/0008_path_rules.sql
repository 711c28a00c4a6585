CREATE TABLE "path_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"pattern" text NOT NULL,
	"current_revision_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "path_rule_site_pattern_unique" UNIQUE("site_id","pattern")
);
--> statement-breakpoint
CREATE TABLE "path_rule_revision" (
	"id" text PRIMARY KEY NOT NULL,
	"rule_id" text NOT NULL,
	"number" integer NOT NULL,
	"metadata" jsonb NOT NULL,
	"title_template" text,
	"author_id" text,
	"source" text NOT NULL,
	"restored_from_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "path_rule" ADD CONSTRAINT "path_rule_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_rule_revision" ADD CONSTRAINT "path_rule_revision_rule_id_path_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."path_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_rule_revision" ADD CONSTRAINT "path_rule_revision_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "path_rule_revision_rule_number_idx" ON "path_rule_revision" USING btree ("rule_id","number");