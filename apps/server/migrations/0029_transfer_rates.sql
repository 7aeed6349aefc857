ALTER TABLE "transfers" ADD COLUMN "rate" numeric(30, 12);--> statement-breakpoint
ALTER TABLE "user_rates" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "user_rates" ADD CONSTRAINT "user_rates_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_rates_transfer_idx" ON "user_rates" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_rate_check" CHECK ("transfers"."rate" > 0);