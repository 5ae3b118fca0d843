CREATE TABLE "nutrition_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"profile" json NOT NULL,
	"targets" json NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nutrition_settings" ADD CONSTRAINT "nutrition_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;