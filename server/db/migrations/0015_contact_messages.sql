CREATE TABLE "contato_mensagem" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"email" text NOT NULL,
	"nome" text NOT NULL,
	"assunto" text NOT NULL,
	"mensagem" text NOT NULL,
	"campos" jsonb,
	"locale" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contato_mensagem_brand_idx" ON "contato_mensagem" USING btree ("brand","created_at");