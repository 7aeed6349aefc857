ALTER TABLE "transaction_tags" ADD COLUMN "date" date;--> statement-breakpoint
ALTER TABLE "transaction_tags" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "transaction_tags" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
CREATE INDEX "transaction_tags_user_type_date_idx" ON "transaction_tags" USING btree ("user_id","type","date","tag_id","amount_cents");