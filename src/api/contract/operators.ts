import { z } from 'zod';
import { epochMillis, epochMillisQuery } from './common';
import { permission } from './permissions';

/**
 * Operators, roles and their sessions in the back office (issue 27, item 6). Every change ends the
 * sessions of the operator it changes, and writes its audit row (reason, before, after) with it.
 */

const username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_.-]{3,64}$/);
const roleCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,31}$/);
const reason = z.string().trim().min(3).max(200);

export const operatorView = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  status: z.enum(['active', 'disabled']),
  twoFactor: z.boolean(),
  /** Works on every brand of the installation (made from the command line); managed only from there. */
  installationWide: z.boolean(),
  activeSessions: z.number().int(),
  lastLoginAt: epochMillis.nullable(),
  createdAt: epochMillis,
});
export type OperatorView = z.infer<typeof operatorView>;

export const createOperatorBody = z.object({ username, role: roleCode, reason });
/** The new operator and the password to hand them, shown once and never again. */
export const createdOperator = z.object({ operator: operatorView, password: z.string() });

export const operatorStatusBody = z.object({ username, status: z.enum(['active', 'disabled']), reason });
export const operatorRoleBody = z.object({ username, role: roleCode, reason });
/** A new password (shown once), or two-step verification turned off so the next login enrols again. */
export const resetOperatorBody = z.object({ username, what: z.enum(['password', 'two-factor']), reason });
export const resetOperatorResult = z.object({ password: z.string().nullable() });

export const operatorSessionView = z.object({
  /** The start of the session key's hash: enough to name it, useless to use it. */
  id: z.string(),
  username: z.string(),
  ip: z.string().nullable(),
  createdAt: epochMillis,
  expiresAt: epochMillis,
  /** The session this request came with. */
  current: z.boolean(),
});
export const operatorSessionsQuery = z.object({ username: username.optional() });
export const revokeOperatorSessionBody = z.object({ id: z.string().regex(/^[0-9a-f]{12}$/), reason });

export const roleView = z.object({
  code: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(permission),
  operators: z.number().int(),
});
export type RoleView = z.infer<typeof roleView>;
export const saveRoleBody = z.object({
  code: roleCode,
  name: z.string().trim().min(2).max(40),
  permissions: z.array(permission).max(64),
  reason,
});
export const deleteRoleBody = z.object({ code: roleCode, reason });

/** The audit trail, searched: newest first, `before` the id of the last row of the previous page. */
export const auditSearchQuery = z.object({
  operator: z.string().trim().max(64).optional(),
  target: z.string().trim().max(128).optional(),
  action: z.string().trim().max(64).optional(),
  from: epochMillisQuery.optional(),
  to: epochMillisQuery.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
