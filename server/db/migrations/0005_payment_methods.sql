CREATE TABLE "sandbox_cobranca" (
	"ref" text PRIMARY KEY NOT NULL,
	"forma" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"valor_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"documento" text NOT NULL,
	"localizador" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagamento" ALTER COLUMN "token_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "forma" text DEFAULT 'cartao' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "expira_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "boleto_vencimento" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "boleto_barcode" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "pix_payload" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "documento_token" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "avisado_em" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_cobranca_idempotency_key_uq" ON "sandbox_cobranca" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_cobranca_localizador_idx" ON "sandbox_cobranca" USING btree ("localizador");--> statement-breakpoint
CREATE INDEX "pagamento_gateway_ref_idx" ON "pagamento" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_documento_token_uq" ON "pagamento" USING btree ("documento_token");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_one_live_slip_uq" ON "pagamento" USING btree ("idmovimentacao") WHERE "pagamento"."forma" <> 'cartao' AND "pagamento"."status" IN ('processing','pending','approved');--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_forma_ck" CHECK ("pagamento"."forma" IN ('cartao','boleto','pix'));