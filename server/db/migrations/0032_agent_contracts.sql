CREATE TABLE "agent_bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"payer_id" integer,
	"payee_id" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"carry_out" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"kind" text NOT NULL,
	"upline_id" integer,
	"member_id" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"rate_bp" integer NOT NULL,
	"status" text NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
ALTER TABLE "agent_bills" ADD CONSTRAINT "agent_bills_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_bills_period_uq" ON "agent_bills" USING btree ("contract_id","period_key");--> statement-breakpoint
CREATE INDEX "agent_bills_payee_idx" ON "agent_bills" USING btree ("payee_id","id");--> statement-breakpoint
CREATE INDEX "agent_bills_payer_idx" ON "agent_bills" USING btree ("payer_id","id");--> statement-breakpoint
CREATE INDEX "agent_bills_unpaid_idx" ON "agent_bills" USING btree ("brand_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_offer_uq" ON "agent_contracts" USING btree ("member_id","kind") WHERE status = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_in_force_uq" ON "agent_contracts" USING btree ("member_id","kind") WHERE status IN ('active', 'termination_requested');--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","id");--> statement-breakpoint
CREATE INDEX "agent_contracts_member_idx" ON "agent_contracts" USING btree ("member_id","id");