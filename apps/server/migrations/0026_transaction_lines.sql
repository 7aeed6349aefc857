CREATE TABLE "transaction_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"position" integer NOT NULL,
	"category_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"note" varchar(255),
	CONSTRAINT "transaction_lines_amount_check" CHECK ("transaction_lines"."amount_cents" > 0 and "transaction_lines"."amount_cents" <= 999999999999),
	CONSTRAINT "transaction_lines_type_check" CHECK ("transaction_lines"."type" in ('expense', 'income'))
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_category_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_line_key" UNIQUE("id","user_id","account_id","date");--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_transaction_fk" FOREIGN KEY ("transaction_id","user_id","account_id","date") REFERENCES "public"."transactions"("id","user_id","account_id","date") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_category_fk" FOREIGN KEY ("user_id","category_id","type") REFERENCES "public"."categories"("user_id","id","type") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_lines_position_key" ON "transaction_lines" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE INDEX "transaction_lines_user_category_date_idx" ON "transaction_lines" USING btree ("user_id","category_id","date");--> statement-breakpoint
CREATE INDEX "transaction_lines_user_date_idx" ON "transaction_lines" USING btree ("user_id","date");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_check" CHECK (case "transactions"."kind" when 'regular' then true when 'transfer' then true else "transactions"."category_id" is null end);