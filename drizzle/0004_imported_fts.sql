-- Full-text search over imported Open Food Facts products (name, brand), kept in step with the
-- table by triggers, so imported products are found by food search as well as by barcode.
CREATE VIRTUAL TABLE `imported_fts` USING fts5(name, brand, content='imported_products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `imported_fts_insert` AFTER INSERT ON `imported_products` BEGIN
  INSERT INTO imported_fts(rowid, name, brand) VALUES (new.id, new.name, coalesce(new.brand, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `imported_fts_delete` AFTER DELETE ON `imported_products` BEGIN
  INSERT INTO imported_fts(imported_fts, rowid, name, brand) VALUES ('delete', old.id, old.name, coalesce(old.brand, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `imported_fts_update` AFTER UPDATE OF name, brand ON `imported_products` BEGIN
  INSERT INTO imported_fts(imported_fts, rowid, name, brand) VALUES ('delete', old.id, old.name, coalesce(old.brand, ''));
  INSERT INTO imported_fts(rowid, name, brand) VALUES (new.id, new.name, coalesce(new.brand, ''));
END;
--> statement-breakpoint
INSERT INTO imported_fts(imported_fts) VALUES ('rebuild');
--> statement-breakpoint
-- The newest change, for the search cache to notice an import (features/foods/service.ts).
CREATE INDEX `imported_products_updated` ON `imported_products` (`updated_at`);
