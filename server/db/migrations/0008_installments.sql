ALTER TABLE "movimentacao" ADD COLUMN "juros_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimentacao" ADD COLUMN "parcelas_gtw" integer;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "juros_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_token" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_token" ADD COLUMN "charged_key" text;