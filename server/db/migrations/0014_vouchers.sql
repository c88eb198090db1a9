CREATE TABLE "voucher" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"localizador" text NOT NULL,
	"parceiro" text NOT NULL,
	"lote" text NOT NULL,
	"idevento" integer NOT NULL,
	"idproduto" integer NOT NULL,
	"qtd" integer NOT NULL,
	"sessao" timestamp with time zone,
	"valido_de" text,
	"valido_ate" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"usado_em" timestamp with time zone,
	"idpessoa" integer,
	"idmovimentacao" integer,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_qtd_ck" CHECK ("voucher"."qtd" BETWEEN 1 AND 10),
	CONSTRAINT "voucher_uso_ck" CHECK (("voucher"."usado_em" IS NULL) = ("voucher"."idmovimentacao" IS NULL) AND ("voucher"."usado_em" IS NULL) = ("voucher"."idpessoa" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_idmovimentacao_movimentacao_id_fk" FOREIGN KEY ("idmovimentacao") REFERENCES "public"."movimentacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_brand_localizador_uq" ON "voucher" USING btree ("brand","localizador");--> statement-breakpoint
CREATE INDEX "voucher_movimentacao_idx" ON "voucher" USING btree ("idmovimentacao");