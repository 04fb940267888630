CREATE TABLE "content_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"request_id" text
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "content_images" ADD CONSTRAINT "content_images_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_images_brand_sha_uq" ON "content_images" USING btree ("brand_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_brand_code_uq" ON "content_pages" USING btree ("brand_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_request_uq" ON "content_pages" USING btree ("brand_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_request_uq" ON "announcements" USING btree ("brand_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banners_request_uq" ON "banners" USING btree ("brand_id","request_id");--> statement-breakpoint
-- The help centre's articles become pages of the content module: one page per section, every language
-- of it in one row, its articles as headed parts of the body. help_articles itself goes in the next one.
INSERT INTO "content_pages" ("brand_id", "code", "kind", "title", "body", "sort_order")
SELECT "brand_id", "section",
  CASE WHEN "section" IN ('terms', 'privacy', 'responsible', 'complaints', 'licence') THEN 'legal' ELSE 'help' END,
  jsonb_object_agg("language", "section_title"),
  jsonb_object_agg("language", "body"),
  min("first_order")
FROM (
  SELECT "brand_id", "section", "language", min("section_title") AS "section_title",
    min("sort_order") AS "first_order",
    string_agg(
      '<h3>' || replace(replace(replace("title", '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</h3>' || "content",
      '' ORDER BY "sort_order", "id"
    ) AS "body"
  FROM "help_articles"
  WHERE "device" = 'WEB'
  GROUP BY "brand_id", "section", "language"
) AS "sections"
GROUP BY "brand_id", "section";
