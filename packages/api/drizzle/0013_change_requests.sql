CREATE TABLE "change_request" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"site_id" text NOT NULL,
	"change_set_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"author_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"defaults_metadata" jsonb,
	"defaults_base_revision_id" text,
	"approved_by_id" text,
	"approved_at" timestamp with time zone,
	"scheduled_for" timestamp with time zone,
	"scheduled_by_id" text,
	"published_at" timestamp with time zone,
	"published_by_id" text,
	"outcome" jsonb,
	"content_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_request_change_set_id_unique" UNIQUE("change_set_id")
);
--> statement-breakpoint
CREATE TABLE "change_request_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"change_request_id" text NOT NULL,
	"parent_id" text,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_request_review" (
	"id" text PRIMARY KEY NOT NULL,
	"change_request_id" text NOT NULL,
	"reviewer_id" text,
	"decision" text NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_request_reviewer" (
	"change_request_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_request_reviewer_change_request_id_user_id_pk" PRIMARY KEY("change_request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "publishing_policy" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'direct' NOT NULL,
	"two_person_rule" boolean DEFAULT false NOT NULL,
	"large_change_pages" integer DEFAULT 50 NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_change_set_id_change_set_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_set"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_approved_by_id_user_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_scheduled_by_id_user_id_fk" FOREIGN KEY ("scheduled_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request" ADD CONSTRAINT "change_request_published_by_id_user_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_comment" ADD CONSTRAINT "change_request_comment_change_request_id_change_request_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_comment" ADD CONSTRAINT "change_request_comment_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_review" ADD CONSTRAINT "change_request_review_change_request_id_change_request_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_review" ADD CONSTRAINT "change_request_review_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_reviewer" ADD CONSTRAINT "change_request_reviewer_change_request_id_change_request_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_reviewer" ADD CONSTRAINT "change_request_reviewer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_policy" ADD CONSTRAINT "publishing_policy_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_policy" ADD CONSTRAINT "publishing_policy_updated_by_id_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_request_site_idx" ON "change_request" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "change_request_org_status_idx" ON "change_request" USING btree ("organization_id","status","scheduled_for");--> statement-breakpoint
CREATE INDEX "change_request_author_idx" ON "change_request" USING btree ("author_id","site_id","status");--> statement-breakpoint
CREATE INDEX "change_request_comment_idx" ON "change_request_comment" USING btree ("change_request_id","created_at");--> statement-breakpoint
CREATE INDEX "change_request_review_idx" ON "change_request_review" USING btree ("change_request_id","created_at");