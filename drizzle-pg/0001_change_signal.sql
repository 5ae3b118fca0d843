-- Custom migration (drizzle-kit generate --custom): "the database changed", for every Morsel process
-- on this database (db/pg/change-signal.ts). Any write to a table, by Morsel or by anyone else,
-- notifies the channel; PostgreSQL delivers it at commit, drops it on rollback, and sends one per
-- transaction. A migration that adds a table adds this trigger to it (test/db/pg-store.test.ts checks).
CREATE FUNCTION morsel_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('morsel_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format(
      'CREATE TRIGGER morsel_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION morsel_changed()',
      t
    );
  END LOOP;
END $$;
