CREATE TABLE "agent_invitation_terms" (
	"agent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"terms" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_invitation_terms_agent_id_kind_pk" PRIMARY KEY("agent_id","kind")
);
--> statement-breakpoint
ALTER TABLE "agent_invitation_terms" ADD CONSTRAINT "agent_invitation_terms_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;