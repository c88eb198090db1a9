CREATE TABLE "apresentacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"idevento" integer NOT NULL,
	"dthr" timestamp with time zone NOT NULL,
	"dscapre" jsonb,
	"ativo" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estoque" (
	"id" serial PRIMARY KEY NOT NULL,
	"idapresentacao" integer NOT NULL,
	"idproduto" integer NOT NULL,
	"capacidade" integer NOT NULL,
	"block_qtd" integer NOT NULL,
	"preco_cents" integer NOT NULL,
	"taxa_cents" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_capacidade_ck" CHECK ("estoque"."capacidade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ingresso" (
	"id" serial PRIMARY KEY NOT NULL,
	"iditem" integer NOT NULL,
	"codigo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimentacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"idpessoa" integer NOT NULL,
	"status" text NOT NULL,
	"localizador" text NOT NULL,
	"dthr_reserva" timestamp with time zone DEFAULT now() NOT NULL,
	"dthr_exp" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimentacao_status_ck" CHECK ("movimentacao"."status" IN ('RE','TP','AP','PA','EX','CA'))
);
--> statement-breakpoint
CREATE TABLE "movimentacao_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"idmovimentacao" integer NOT NULL,
	"idestoque" integer NOT NULL,
	"valor_cents" integer NOT NULL,
	"taxa_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimentacao_item_status_ck" CHECK ("movimentacao_item"."status" IN ('RE','PA','CA'))
);
--> statement-breakpoint
CREATE TABLE "pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"idmovimentacao" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"gateway" text NOT NULL,
	"parcelas" integer NOT NULL,
	"valor_cents" integer NOT NULL,
	"token_ref" text NOT NULL,
	"bandeira" text,
	"ultimos_digitos" text,
	"gateway_ref" text,
	"mov_dthr_exp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pessoa" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"nome" text NOT NULL,
	"sobrenome" text DEFAULT '' NOT NULL,
	"cpf" text,
	"passaporte" text,
	"idpessoa_tipo" integer NOT NULL,
	"empresa_cnpj" text,
	"empresa_razao" text,
	"end_estado" text,
	"end_pais" text,
	"nacionalidade" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_token" (
	"token" text PRIMARY KEY NOT NULL,
	"last4" text NOT NULL,
	"bandeira" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"idpessoa" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estoque" ADD CONSTRAINT "estoque_idapresentacao_apresentacao_id_fk" FOREIGN KEY ("idapresentacao") REFERENCES "public"."apresentacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresso" ADD CONSTRAINT "ingresso_iditem_movimentacao_item_id_fk" FOREIGN KEY ("iditem") REFERENCES "public"."movimentacao_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacao" ADD CONSTRAINT "movimentacao_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD CONSTRAINT "movimentacao_item_idmovimentacao_movimentacao_id_fk" FOREIGN KEY ("idmovimentacao") REFERENCES "public"."movimentacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD CONSTRAINT "movimentacao_item_idestoque_estoque_id_fk" FOREIGN KEY ("idestoque") REFERENCES "public"."estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_idmovimentacao_movimentacao_id_fk" FOREIGN KEY ("idmovimentacao") REFERENCES "public"."movimentacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apresentacao_brand_evento_dthr_uq" ON "apresentacao" USING btree ("brand","idevento","dthr");--> statement-breakpoint
CREATE INDEX "apresentacao_brand_dthr_idx" ON "apresentacao" USING btree ("brand","dthr");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_apresentacao_produto_uq" ON "estoque" USING btree ("idapresentacao","idproduto");--> statement-breakpoint
CREATE UNIQUE INDEX "ingresso_iditem_uq" ON "ingresso" USING btree ("iditem");--> statement-breakpoint
CREATE UNIQUE INDEX "ingresso_codigo_uq" ON "ingresso" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "movimentacao_localizador_uq" ON "movimentacao" USING btree ("localizador");--> statement-breakpoint
CREATE INDEX "movimentacao_pessoa_status_idx" ON "movimentacao" USING btree ("idpessoa","status");--> statement-breakpoint
CREATE INDEX "movimentacao_status_exp_idx" ON "movimentacao" USING btree ("status","dthr_exp");--> statement-breakpoint
CREATE INDEX "movimentacao_item_estoque_idx" ON "movimentacao_item" USING btree ("idestoque");--> statement-breakpoint
CREATE INDEX "movimentacao_item_mov_idx" ON "movimentacao_item" USING btree ("idmovimentacao");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_idempotency_key_uq" ON "pagamento" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "pagamento_mov_idx" ON "pagamento" USING btree ("idmovimentacao");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoa_brand_email_uq" ON "pessoa" USING btree ("brand","email");--> statement-breakpoint
CREATE INDEX "sessao_pessoa_idx" ON "sessao" USING btree ("idpessoa");