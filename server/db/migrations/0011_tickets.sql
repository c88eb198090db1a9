CREATE TABLE "checkin_sessao" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"usuario" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_chave" (
	"brand" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingresso" ADD COLUMN "versao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingresso" ADD COLUMN "revogado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingresso" ADD COLUMN "usado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingresso" ADD COLUMN "usado_portao" text;--> statement-breakpoint
ALTER TABLE "ingresso" ADD COLUMN "usado_por" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "anexos" jsonb;--> statement-breakpoint
CREATE INDEX "checkin_sessao_expires_idx" ON "checkin_sessao" USING btree ("expires_at");