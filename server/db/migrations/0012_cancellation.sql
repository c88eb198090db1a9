CREATE TABLE "estorno" (
	"id" serial PRIMARY KEY NOT NULL,
	"idmovimentacao" integer NOT NULL,
	"idpagamento" integer,
	"gateway" text,
	"idempotency_key" text NOT NULL,
	"gateway_ref" text,
	"valor_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estorno_status_ck" CHECK ("estorno"."status" IN ('pending','confirmed','failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_estorno" (
	"ref" text PRIMARY KEY NOT NULL,
	"charge_ref" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"valor_cents" integer NOT NULL,
	"localizador" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movimentacao_item" DROP CONSTRAINT "movimentacao_item_status_ck";--> statement-breakpoint
ALTER TABLE "movimentacao" ADD COLUMN "dthr_pagamento" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD COLUMN "idestorno" integer;--> statement-breakpoint
ALTER TABLE "estorno" ADD CONSTRAINT "estorno_idmovimentacao_movimentacao_id_fk" FOREIGN KEY ("idmovimentacao") REFERENCES "public"."movimentacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estorno" ADD CONSTRAINT "estorno_idpagamento_pagamento_id_fk" FOREIGN KEY ("idpagamento") REFERENCES "public"."pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estorno_idempotency_key_uq" ON "estorno" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "estorno_mov_idx" ON "estorno" USING btree ("idmovimentacao");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_estorno_idempotency_key_uq" ON "sandbox_estorno" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_estorno_localizador_idx" ON "sandbox_estorno" USING btree ("localizador");--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD CONSTRAINT "movimentacao_item_idestorno_estorno_id_fk" FOREIGN KEY ("idestorno") REFERENCES "public"."estorno"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimentacao_item_estorno_idx" ON "movimentacao_item" USING btree ("idestorno");--> statement-breakpoint
ALTER TABLE "movimentacao_item" ADD CONSTRAINT "movimentacao_item_status_ck" CHECK ("movimentacao_item"."status" IN ('RE','PA','CP','CA'));