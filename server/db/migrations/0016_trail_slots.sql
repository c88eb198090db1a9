CREATE TABLE "agenda_vaga" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"idevento" integer NOT NULL,
	"idproduto" integer NOT NULL,
	"dthr" timestamp with time zone NOT NULL,
	"ocupadas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agenda_vaga_ocupadas_ck" CHECK ("agenda_vaga"."ocupadas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agendamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"iditem" integer NOT NULL,
	"idvaga" integer NOT NULL,
	"alteracoes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agendamento" ADD CONSTRAINT "agendamento_iditem_movimentacao_item_id_fk" FOREIGN KEY ("iditem") REFERENCES "public"."movimentacao_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamento" ADD CONSTRAINT "agendamento_idvaga_agenda_vaga_id_fk" FOREIGN KEY ("idvaga") REFERENCES "public"."agenda_vaga"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_vaga_produto_dthr_uq" ON "agenda_vaga" USING btree ("brand","idevento","idproduto","dthr");--> statement-breakpoint
CREATE UNIQUE INDEX "agendamento_iditem_uq" ON "agendamento" USING btree ("iditem");--> statement-breakpoint
CREATE INDEX "agendamento_idvaga_idx" ON "agendamento" USING btree ("idvaga");