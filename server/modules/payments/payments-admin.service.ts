import type { z } from 'zod';
import type {
  AdminPaymentMethod,
  AdminPaymentMethods,
  addPaymentMethodBody,
  orderPaymentMethodsBody,
  savePaymentMethodBody,
  switchPaymentMethodBody,
} from '../../../src/api/contract/payments';
import type { Permission } from '../../../src/api/contract/permissions';
import { normalizePixKey, PIX_KEY_TYPES, type PixKeyType } from '../../../src/api/pix-key';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { AuditRecord, WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type { PaymentMethodPatch, PaymentMethodRow, PaymentsRepository } from './payments.repository';
import type { PaymentsService } from './payments.service';
import { plainText } from './pix-brcode';

/** What the payments module's back office needs of the back-office module: its audit port and the permission check. */
export interface PaymentsBackoffice {
  withAudit(ctx: OperatorContext): WithAudit;
  require(ctx: OperatorContext, permission: Permission): void;
}

type AddBody = z.infer<typeof addPaymentMethodBody>;
type SaveBody = z.infer<typeof savePaymentMethodBody>;
type Fields = Omit<SaveBody, 'id'>;

/** A method's code: what the deposit records and the gateway's notification names. */
const CODE = /^[a-z0-9][a-z0-9-]{1,31}$/;

/** What an audit row keeps of a method: everything but its secret (only whether one is set). */
function snapshot(row: PaymentMethodRow) {
  return {
    code: row.code,
    kind: row.kind,
    name: row.name,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    details: row.details,
    provider: row.provider,
    secretSet: row.secretCipher !== null,
    active: row.active,
  };
}

/** JSON with object keys sorted: jsonb gives keys back in its own order, so values compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The keys whose values differ, with the values on each side (what an audit row shows). */
function changed<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => canonical(before[k]) !== canonical(after[k]));
  return {
    keys,
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Payment methods in the back office (issue 27, item 8): list with 'settings.read'; add, edit, switch on
 * or off and reorder with 'settings.manage'. Each change is checked as a whole (stable error codes), then
 * written with its audit row (reason, before and after; never the secret, only that it changed) in one
 * transaction, the brand's methods locked. A change that changes nothing (a retry whose first answer was
 * lost) writes nothing. Members read the methods uncached, so the deposit page shows a change at once.
 */
export class PaymentsAdmin {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly payments: PaymentsService,
    private readonly secrets: SecretBox,
    private readonly backoffice: PaymentsBackoffice,
  ) {}

  private view(row: PaymentMethodRow): AdminPaymentMethod {
    return {
      id: row.id,
      code: row.code,
      kind: row.kind as AdminPaymentMethod['kind'],
      name: { pt: row.name.pt ?? '', en: row.name.en ?? '' },
      minAmount: row.minAmount,
      maxAmount: row.maxAmount,
      details: row.details,
      provider: row.provider,
      secretSet: row.secretCipher !== null,
      active: row.active,
      offered: row.active && this.payments.available(row),
      sortOrder: row.sortOrder,
    };
  }

  private async list(ctx: OperatorContext): Promise<AdminPaymentMethods> {
    const rows = await this.repo.allMethods(ctx.brand.id);
    return {
      methods: rows.map((r) => this.view(r)),
      providers: this.payments.providers(),
      currency: ctx.brand.currency,
    };
  }

  async methods(ctx: OperatorContext) {
    this.backoffice.require(ctx, 'settings.read');
    return this.list(ctx);
  }

  private audit(ctx: OperatorContext, tx: Database, record: AuditRecord) {
    return this.backoffice.withAudit(ctx)(tx, record);
  }

  /** The editable fields checked and put in the table's form; `kind` decides what the details must hold. */
  private checked(kind: string, fields: Fields, stored: PaymentMethodRow | null): PaymentMethodPatch {
    const name = { pt: fields.name.pt.trim(), en: fields.name.en.trim() };
    if (!name.pt && !name.en) throw new AppError('PAYMENT_METHOD_NAME_REQUIRED');
    if (fields.minAmount < 1 || fields.maxAmount < fields.minAmount)
      throw new AppError('PAYMENT_METHOD_LIMITS');
    let details = Object.fromEntries(
      Object.entries(fields.details)
        .map(([k, v]) => [k.trim(), v.trim()])
        .filter(([, v]) => v !== ''),
    );
    if (kind === 'pix') {
      const type = details.pixKeyType as PixKeyType;
      const key = (PIX_KEY_TYPES as readonly string[]).includes(type)
        ? normalizePixKey(type, details.pixKey ?? '')
        : null;
      if (!key) throw new AppError('PIX_KEY_INVALID');
      const merchantName = plainText(details.merchantName ?? '', 25);
      const merchantCity = plainText(details.merchantCity ?? '', 15);
      if (!merchantName || !merchantCity) throw new AppError('PAYMENT_METHOD_PIX_DETAILS');
      details = { pixKeyType: type, pixKey: key, merchantName, merchantCity };
    }
    const provider = fields.provider;
    if (provider !== null && (kind !== 'pix' || !this.payments.providers().includes(provider)))
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    // A provider's notifications are verified with the method's secret: one must be stored or given.
    const needsSecret = kind === 'gateway' || provider !== null;
    if (needsSecret && !fields.secret && !stored?.secretCipher)
      throw new AppError('PAYMENT_METHOD_SECRET_REQUIRED');
    // The same secret given again is no change.
    const newSecret =
      needsSecret &&
      !!fields.secret &&
      !(stored?.secretCipher && this.secrets.open(stored.secretCipher) === fields.secret);
    return {
      name,
      minAmount: fields.minAmount,
      maxAmount: fields.maxAmount,
      details,
      provider,
      ...(newSecret ? { secretCipher: this.secrets.seal(fields.secret!) } : {}),
    };
  }

  /** Adds a method, switched on, last in the members' order. */
  async add(ctx: OperatorContext, body: AddBody) {
    this.backoffice.require(ctx, 'settings.manage');
    const code = body.code.trim().toLowerCase();
    if (!CODE.test(code)) throw new AppError('PAYMENT_METHOD_CODE_INVALID');
    const values = this.checked(body.kind, body, null);
    await this.repo.transaction(async (repo, tx) => {
      const rows = await repo.lockedMethods(ctx.brand.id);
      const same = rows.find((r) => r.code === code);
      if (same) {
        // The same method asked again (a retry whose answer was lost) changes nothing.
        const asked = { ...snapshot(same), ...values, secretSet: same.secretCipher !== null };
        delete (asked as Record<string, unknown>).secretCipher;
        if (same.kind === body.kind && !changed(snapshot(same), asked).keys.length) return;
        throw new AppError('PAYMENT_METHOD_CODE_TAKEN');
      }
      const created = await repo.insertMethod({
        brandId: ctx.brand.id,
        code,
        kind: body.kind,
        name: values.name!,
        minAmount: values.minAmount!,
        maxAmount: values.maxAmount!,
        details: values.details!,
        provider: values.provider ?? null,
        secretCipher: values.secretCipher ?? null,
        active: true,
        sortOrder: Math.max(0, ...rows.map((r) => r.sortOrder)) + 1,
      });
      if (!created) throw new AppError('PAYMENT_METHOD_CODE_TAKEN');
      await this.audit(ctx, tx, {
        action: 'payment_method_add',
        target: code,
        reason: body.reason,
        before: null,
        after: snapshot(created),
      });
    });
    return this.list(ctx);
  }

  /** Changes a method's names, limits, details, provider or secret (its code and kind stay). */
  async save(ctx: OperatorContext, body: SaveBody) {
    this.backoffice.require(ctx, 'settings.manage');
    await this.repo.transaction(async (repo, tx) => {
      const before = (await repo.lockedMethods(ctx.brand.id)).find((r) => r.id === body.id);
      if (!before) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
      const patch = this.checked(before.kind, body, before);
      const { secretCipher, ...fields } = patch;
      const keys = changed(snapshot(before), { ...snapshot(before), ...fields }).keys;
      const secretChanged = secretCipher !== undefined;
      if (keys.length === 0 && !secretChanged) return;
      const after = await repo.updateMethod(ctx.brand.id, before.id, patch);
      const b = snapshot(before) as Record<string, unknown>;
      const a = snapshot(after!) as Record<string, unknown>;
      const shown = secretChanged ? [...keys, 'secretSet'] : keys;
      await this.audit(ctx, tx, {
        action: 'payment_method_save',
        target: before.code,
        reason: body.reason,
        before: Object.fromEntries(shown.map((k) => [k, b[k]])),
        after: Object.fromEntries(shown.map((k) => [k, a[k]])),
        // That the secret changed, never the secret.
        ...(secretChanged ? { detail: { secretChanged: true } } : {}),
      });
    });
    return this.list(ctx);
  }

  /** Switches a method on or off: members stop (or start) seeing it on their next deposit page. */
  async switch(ctx: OperatorContext, body: z.infer<typeof switchPaymentMethodBody>) {
    this.backoffice.require(ctx, 'settings.manage');
    await this.repo.transaction(async (repo, tx) => {
      const before = (await repo.lockedMethods(ctx.brand.id)).find((r) => r.id === body.id);
      if (!before) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
      if (before.active === body.active) return;
      await repo.updateMethod(ctx.brand.id, before.id, { active: body.active });
      await this.audit(ctx, tx, {
        action: body.active ? 'payment_method_on' : 'payment_method_off',
        target: before.code,
        reason: body.reason,
        before: { active: before.active },
        after: { active: body.active },
      });
    });
    return this.list(ctx);
  }

  /** Puts the brand's methods in the given order (every one of them, once): the deposit page's order. */
  async order(ctx: OperatorContext, body: z.infer<typeof orderPaymentMethodsBody>) {
    this.backoffice.require(ctx, 'settings.manage');
    await this.repo.transaction(async (repo, tx) => {
      const rows = await repo.lockedMethods(ctx.brand.id);
      const ids = rows.map((r) => r.id);
      if (
        new Set(body.ids).size !== body.ids.length ||
        body.ids.length !== ids.length ||
        !body.ids.every((id) => ids.includes(id))
      )
        throw new AppError('PAYMENT_METHOD_ORDER');
      if (body.ids.every((id, i) => id === ids[i])) return;
      await repo.setOrder(ctx.brand.id, body.ids);
      const codes = new Map(rows.map((r) => [r.id, r.code]));
      await this.audit(ctx, tx, {
        action: 'payment_method_order',
        target: ctx.brand.merchantCode,
        reason: body.reason,
        before: { order: rows.map((r) => r.code) },
        after: { order: body.ids.map((id) => codes.get(id)) },
      });
    });
    return this.list(ctx);
  }
}
