CREATE TABLE "activity_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"exercise_in_budget" integer NOT NULL,
	"water_unit" text NOT NULL,
	"length_unit" text NOT NULL,
	"glass_ml" double precision NOT NULL,
	"water_goal_ml" double precision,
	"steps_goal" integer,
	"target_kg" double precision,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_values" (
	"user_id" integer NOT NULL,
	"date" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"source" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "daily_values_user_id_metric_date_pk" PRIMARY KEY("user_id","metric","date")
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" text NOT NULL,
	"start_time" text,
	"activity" text,
	"name" text NOT NULL,
	"minutes" double precision NOT NULL,
	"distance_km" double precision,
	"kcal" double precision NOT NULL,
	"kcal_from" text NOT NULL,
	"met" double precision,
	"sets" integer,
	"reps" integer,
	"source" text NOT NULL,
	"source_id" text,
	"note" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_settings" ADD CONSTRAINT "activity_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_values" ADD CONSTRAINT "daily_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercises_user_date" ON "exercises" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_user_source" ON "exercises" USING btree ("user_id","source","source_id");--> statement-breakpoint
-- added by hand: every table announces its writes (0001_change_signal.sql)
CREATE TRIGGER morsel_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exercises" FOR EACH STATEMENT EXECUTE FUNCTION morsel_changed();--> statement-breakpoint
CREATE TRIGGER morsel_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "daily_values" FOR EACH STATEMENT EXECUTE FUNCTION morsel_changed();--> statement-breakpoint
CREATE TRIGGER morsel_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activity_settings" FOR EACH STATEMENT EXECUTE FUNCTION morsel_changed();
