-- The unique key transaction_tags' foreign key references, id first (generated, then the foreign
-- key's drop and re-creation added around it: it depends on the index). Led by the user, this
-- index was the narrowest of a user's rows, and a planner that believes a new user has one row
-- (the statistics do until the next analyse) chose it for transfer matching's lookups by user
-- and amount, walking every row of the user per lookup (28 s for a 10,000-row import against
-- 10,000 rows; docs/performance.md). The foreign key matches a unique index in any column order.
ALTER TABLE "transaction_tags" DROP CONSTRAINT "transaction_tags_transaction_fk";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_user_id_key";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_user_key" UNIQUE("id","user_id");--> statement-breakpoint
ALTER TABLE "transaction_tags" ADD CONSTRAINT "transaction_tags_transaction_fk" FOREIGN KEY ("user_id","transaction_id") REFERENCES "public"."transactions"("user_id","id") ON DELETE cascade ON UPDATE no action;
