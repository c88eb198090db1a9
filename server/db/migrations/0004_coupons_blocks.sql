DROP INDEX "estoque_apresentacao_produto_uq";--> statement-breakpoint
ALTER TABLE "estoque" ADD COLUMN "idbloco" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimentacao" ADD COLUMN "cupom" text;--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD COLUMN "combo_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD COLUMN "idcombo" integer;--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD COLUMN "desconto_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_apresentacao_produto_bloco_uq" ON "estoque" USING btree ("idapresentacao","idproduto","idbloco");--> statement-breakpoint
CREATE INDEX "movimentacao_brand_cupom_idx" ON "movimentacao" USING btree ("brand","cupom") WHERE "movimentacao"."cupom" IS NOT NULL;