DROP INDEX "change_set_item_path_idx";--> statement-breakpoint
ALTER TABLE "change_set_item" ADD COLUMN "locale" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "change_set_item_path_idx" ON "change_set_item" USING btree ("change_set_id","path" collate "C","locale");