CREATE TABLE "day_marks" (
	"user_id" integer NOT NULL,
	"date" text NOT NULL,
	"complete" integer NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "day_marks_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "day_marks" ADD CONSTRAINT "day_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- added by hand: every table announces its writes (0001_change_signal.sql)
CREATE TRIGGER morsel_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "day_marks" FOR EACH STATEMENT EXECUTE FUNCTION morsel_changed();
