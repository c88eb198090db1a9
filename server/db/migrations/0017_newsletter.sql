CREATE TABLE "newsletter_inscricao" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_ip" text NOT NULL,
	"consent_version" text NOT NULL,
	"consent_text" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirm_ip" text,
	"unsubscribe_token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_inscricao_status_ck" CHECK ("newsletter_inscricao"."status" IN ('pendente', 'confirmada', 'cancelada'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_inscricao_brand_email_uq" ON "newsletter_inscricao" USING btree ("brand","email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_inscricao_confirm_uq" ON "newsletter_inscricao" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_inscricao_unsubscribe_uq" ON "newsletter_inscricao" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "newsletter_inscricao_status_idx" ON "newsletter_inscricao" USING btree ("brand","status");