ALTER TABLE "recurring_transactions" DROP CONSTRAINT "recurring_transfer_check";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "split_message" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "tag_ids" uuid[];--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "import_rules" ADD COLUMN "split" jsonb;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD CONSTRAINT "recurring_transfer_check" CHECK (("recurring_transactions"."to_account_id" is null) = ("recurring_transactions"."category_id" is not null or "recurring_transactions"."lines" is not null) and ("recurring_transactions"."category_id" is null or "recurring_transactions"."lines" is null) and "recurring_transactions"."to_account_id" is distinct from "recurring_transactions"."account_id");