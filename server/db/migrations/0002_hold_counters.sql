ALTER TABLE "estoque" ADD COLUMN "reservados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque" ADD CONSTRAINT "estoque_reservados_ck" CHECK ("estoque"."reservados" >= 0);--> statement-breakpoint
-- Hand-written below (drizzle-kit does not manage data, functions or triggers).
-- The counter starts from the units that count today (items not removed of orders RE, TP, AP, PA).
UPDATE "estoque" e SET "reservados" = c.n
FROM (
  SELECT i.idestoque, count(*)::int AS n FROM movimentacao_item i
  JOIN movimentacao m ON m.id = i.idmovimentacao
  WHERE i.status <> 'CA' AND m.status IN ('RE','TP','AP','PA')
  GROUP BY i.idestoque
) c
WHERE e.id = c.idestoque;--> statement-breakpoint
-- Every server keeps a short cache of token → person (server/accounts/session-cache.ts); these
-- tell every server, on commit, that a session ended or a person changed, whoever wrote it.
CREATE OR REPLACE FUNCTION sf_notify_sessao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sf_session_cache', 't:' || OLD.token_hash);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sf_notify_pessoa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sf_session_cache', 'p:' || OLD.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessao_session_cache AFTER DELETE ON sessao
  FOR EACH ROW EXECUTE FUNCTION sf_notify_sessao();--> statement-breakpoint
CREATE TRIGGER pessoa_session_cache AFTER UPDATE OR DELETE ON pessoa
  FOR EACH ROW EXECUTE FUNCTION sf_notify_pessoa();
