DROP INDEX "imported_products_words";--> statement-breakpoint
CREATE INDEX "imported_products_words" ON "imported_products" USING gin (to_tsvector('english', "name" || ' ' || coalesce("brand", '')));