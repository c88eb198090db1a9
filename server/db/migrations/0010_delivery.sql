CREATE TABLE "endereco_entrega" (
	"id" serial PRIMARY KEY NOT NULL,
	"idpessoa" integer NOT NULL,
	"pais" text NOT NULL,
	"cep" text NOT NULL,
	"estado" text NOT NULL,
	"cidade" text NOT NULL,
	"bairro" text DEFAULT '' NOT NULL,
	"logradouro" text NOT NULL,
	"numero" text NOT NULL,
	"complemento" text DEFAULT '' NOT NULL,
	"chave" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movimentacao" ADD COLUMN "entrega_end" integer;--> statement-breakpoint
ALTER TABLE "movimentacao" ADD COLUMN "entrega_valor_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimentacao" ADD COLUMN "entrega_dias" integer;--> statement-breakpoint
ALTER TABLE "endereco_entrega" ADD CONSTRAINT "endereco_entrega_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "endereco_entrega_pessoa_chave_uq" ON "endereco_entrega" USING btree ("idpessoa","chave");--> statement-breakpoint
ALTER TABLE "movimentacao" ADD CONSTRAINT "movimentacao_entrega_end_endereco_entrega_id_fk" FOREIGN KEY ("entrega_end") REFERENCES "public"."endereco_entrega"("id") ON DELETE no action ON UPDATE no action;