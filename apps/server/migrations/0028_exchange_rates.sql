CREATE TABLE "exchange_rate_seeds" (
	"dataset" text PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" varchar(3) NOT NULL,
	"day" date NOT NULL,
	"rate_vs_anchor" numeric(30, 12) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "exchange_rates_pk" PRIMARY KEY("currency","day"),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate_vs_anchor" > 0),
	CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('dataset', 'feed'))
);
--> statement-breakpoint
CREATE TABLE "user_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" varchar(3) NOT NULL,
	"base" varchar(3) NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_rates_user_currency_base_day_key" UNIQUE("user_id","currency","base","day"),
	CONSTRAINT "user_rates_rate_check" CHECK ("user_rates"."rate" > 0),
	CONSTRAINT "user_rates_currencies_check" CHECK ("user_rates"."currency" <> "user_rates"."base")
);
--> statement-breakpoint
ALTER TABLE "user_rates" ADD CONSTRAINT "user_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;