ALTER TABLE "import_rows" ADD COLUMN "match_id" uuid;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "linked_id" uuid;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "file_category" text;--> statement-breakpoint
ALTER TABLE "import_rules" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_user_amount_idx" ON "transactions" USING btree ("user_id","amount_cents");