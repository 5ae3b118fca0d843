CREATE TABLE "saved_meals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"entries" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_meals" ADD CONSTRAINT "saved_meals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_meals_user" ON "saved_meals" USING btree ("user_id","name");--> statement-breakpoint
-- added by hand: every table announces its writes (0001_change_signal.sql)
CREATE TRIGGER morsel_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "saved_meals" FOR EACH STATEMENT EXECUTE FUNCTION morsel_changed();