CREATE TABLE "account_monthly_balances" (
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"delta_cents" bigint NOT NULL,
	"cleared_delta_cents" bigint NOT NULL,
	"tx_count" bigint NOT NULL,
	CONSTRAINT "account_monthly_balances_pk" PRIMARY KEY("account_id","month")
);
