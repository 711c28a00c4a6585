CREATE TABLE "organization_former_slug" (
	"organization_id" text NOT NULL,
	"slug" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_former_slug_organization_id_slug_pk" PRIMARY KEY("organization_id","slug")
);
--> statement-breakpoint
ALTER TABLE "organization_former_slug" ADD CONSTRAINT "organization_former_slug_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_former_slug_slug_idx" ON "organization_former_slug" USING btree ("slug");