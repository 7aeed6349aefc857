CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"options" jsonb NOT NULL,
	"needs_review" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"header" jsonb,
	"summary" jsonb NOT NULL,
	"file_data" bytea,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_batches_user_id_key" UNIQUE("user_id","id"),
	CONSTRAINT "import_batches_status_check" CHECK ("import_batches"."status" in ('preview', 'importing', 'committed', 'reverted', 'failed')),
	CONSTRAINT "import_batches_format_check" CHECK ("import_batches"."format" in ('csv', 'ofx', 'qif', 'camt'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date,
	"amount_cents" bigint,
	"description" text DEFAULT '' NOT NULL,
	"payee" text,
	"account" text,
	"external_id" text,
	"dedupe_key" text,
	"status" text NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"message" text,
	"category_id" uuid,
	"suggested_by" text,
	CONSTRAINT "import_rows_pkey" PRIMARY KEY("batch_id","idx"),
	CONSTRAINT "import_rows_status_check" CHECK ("import_rows"."status" in ('new', 'duplicate', 'possible-duplicate', 'error'))
);
--> statement-breakpoint
CREATE TABLE "import_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"batch_id" uuid NOT NULL,
	CONSTRAINT "import_keys_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "import_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contains" varchar(100) NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"header" jsonb NOT NULL,
	"header_key" text NOT NULL,
	"options" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "import_batch_id" uuid;
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_fk" FOREIGN KEY ("user_id","batch_id") REFERENCES "public"."import_batches"("user_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_keys" ADD CONSTRAINT "import_keys_batch_fk" FOREIGN KEY ("user_id","batch_id") REFERENCES "public"."import_batches"("user_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_rules" ADD CONSTRAINT "import_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_rules" ADD CONSTRAINT "import_rules_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_profiles" ADD CONSTRAINT "import_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_import_batch_fk" FOREIGN KEY ("user_id","import_batch_id") REFERENCES "public"."import_batches"("user_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "import_batches_user_created_idx" ON "import_batches" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "import_keys_batch_idx" ON "import_keys" USING btree ("batch_id");
--> statement-breakpoint
CREATE INDEX "import_rules_user_idx" ON "import_rules" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "import_profiles_user_header_idx" ON "import_profiles" USING btree ("user_id","header_key");
--> statement-breakpoint
CREATE INDEX "transactions_import_batch_idx" ON "transactions" USING btree ("import_batch_id") WHERE "transactions"."import_batch_id" is not null;
