CREATE TABLE "captcha_usado" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_state" (
	"state" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pessoa_identidade" (
	"id" serial PRIMARY KEY NOT NULL,
	"idpessoa" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pessoa_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"idpessoa" integer NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pessoa_token_kind_ck" CHECK ("pessoa_token"."kind" IN ('confirm_email','reset_password','accept_term'))
);
--> statement-breakpoint
CREATE TABLE "termo_aceite" (
	"id" serial PRIMARY KEY NOT NULL,
	"idpessoa" integer NOT NULL,
	"tipo" integer NOT NULL,
	"versao" text NOT NULL,
	"idtermo" integer NOT NULL,
	"aceito_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "celular" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "telefone" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "celular_com_codigo_pais" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "telefone_com_codigo_pais" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "dt_nascimento" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "empresa_fantasia" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "empresa_obs" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "end_cep" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "end_cidade" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "end_bairro" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "end_numero" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "end_logradouro" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "end_complemento" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "bin" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "idioma" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "email_confirmado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "tem_senha" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa_identidade" ADD CONSTRAINT "pessoa_identidade_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_token" ADD CONSTRAINT "pessoa_token_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_aceite" ADD CONSTRAINT "termo_aceite_idpessoa_pessoa_id_fk" FOREIGN KEY ("idpessoa") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_status_next_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoa_identidade_provider_subject_uq" ON "pessoa_identidade" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "pessoa_token_pessoa_idx" ON "pessoa_token" USING btree ("idpessoa","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_aceite_pessoa_tipo_versao_uq" ON "termo_aceite" USING btree ("idpessoa","tipo","versao");--> statement-breakpoint
CREATE INDEX "throttle_last_idx" ON "throttle" USING btree ("last_at");