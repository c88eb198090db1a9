CREATE TABLE "portador" (
	"id" serial PRIMARY KEY NOT NULL,
	"iditem" integer NOT NULL,
	"brand" text NOT NULL,
	"idpessoa" integer NOT NULL,
	"idapresentacao" integer NOT NULL,
	"documento_chave" text NOT NULL,
	"nome" text NOT NULL,
	"sobrenome" text NOT NULL,
	"documento" text NOT NULL,
	"nacionalidade" text NOT NULL,
	"dt_nascimento" text NOT NULL,
	"celular" text,
	"cep" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"cidade" text,
	"estado" text,
	"pais" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portador" ADD CONSTRAINT "portador_iditem_movimentacao_item_id_fk" FOREIGN KEY ("iditem") REFERENCES "public"."movimentacao_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portador" ADD CONSTRAINT "portador_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portador" ADD CONSTRAINT "portador_idapresentacao_apresentacao_id_fk" FOREIGN KEY ("idapresentacao") REFERENCES "public"."apresentacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portador_iditem_uq" ON "portador" USING btree ("iditem");--> statement-breakpoint
CREATE UNIQUE INDEX "portador_sessao_documento_uq" ON "portador" USING btree ("brand","idapresentacao","documento_chave");--> statement-breakpoint
CREATE INDEX "portador_pessoa_idx" ON "portador" USING btree ("idpessoa","created_at");