CREATE TABLE "contract_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"terms" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_name_uq" ON "contract_templates" USING btree ("brand_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_default_uq" ON "contract_templates" USING btree ("brand_id","kind") WHERE is_default;