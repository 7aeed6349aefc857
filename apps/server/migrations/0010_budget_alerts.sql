-- Budget alerts (docs/budgets.md, "Alerts"): one row per budget, period and threshold crossed.
CREATE TABLE "budget_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"budget_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"threshold" integer NOT NULL,
	"spent_cents" bigint NOT NULL,
	"budget_cents" bigint NOT NULL,
	"crossed_on" date NOT NULL,
	"read_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_alerts_threshold_check" CHECK ("threshold" in (70, 100))
);
--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_budget_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "budget_alerts_once_key" ON "budget_alerts" USING btree ("user_id","budget_id","period_start","threshold");
--> statement-breakpoint
CREATE INDEX "budget_alerts_budget_idx" ON "budget_alerts" USING btree ("budget_id");
