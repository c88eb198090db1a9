CREATE TABLE "sandbox_cobranca_cartao" (
	"ref" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"valor_cents" integer NOT NULL,
	"parcelas" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_cobranca_cartao_idempotency_key_uq" ON "sandbox_cobranca_cartao" USING btree ("idempotency_key");