ALTER TABLE "movimentacao" ADD COLUMN "garantia" boolean;--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD COLUMN "garantia_cents" integer DEFAULT 0 NOT NULL;