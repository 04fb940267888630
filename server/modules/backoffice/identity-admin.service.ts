import type { LanguageCode } from '../../../src/api/contract/common';
import type { AdminIdentityProvider } from '../../../src/api/contract/identity';
import type { Database } from '../../db/client';
import type { BackofficeService, OperatorContext } from './backoffice.service';

type Alongside = (tx: Database) => Promise<void>;

interface ProviderBody {
  code: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  scopes: string;
  enabled: boolean;
  purpose: 'sign-in' | 'phone';
}

/** What the back office reaches of the identity module (third-party sign-in providers). */
export interface IdentityAdminPorts {
  adminList(brandId: number, origin: string): Promise<AdminIdentityProvider[]>;
  save(
    brandId: number,
    body: ProviderBody,
    origin: string,
    lang: LanguageCode,
    audit: (before: AdminIdentityProvider | null, after: AdminIdentityProvider) => Alongside,
  ): Promise<AdminIdentityProvider>;
  setEnabled(
    brandId: number,
    code: string,
    enabled: boolean,
    origin: string,
    audit: (before: AdminIdentityProvider, after: AdminIdentityProvider) => Alongside,
  ): Promise<AdminIdentityProvider>;
}

/** The audit trail's picture of a provider: what an operator sees, never the secret. */
const described = (p: AdminIdentityProvider | null) =>
  p && {
    displayName: p.displayName,
    issuer: p.issuer,
    clientId: p.clientId,
    scopes: p.scopes,
    enabled: p.enabled,
    purpose: p.purpose,
  };

/**
 * The brand's third-party sign-in providers (spec 4.2) in the back office: add, edit, enable and disable.
 * The client secret is write-only; each change and its audit row (before and after, without the secret)
 * commit together.
 */
export class IdentityAdmin {
  constructor(
    private readonly backoffice: BackofficeService,
    private readonly identity: IdentityAdminPorts,
  ) {}

  private audit(ctx: OperatorContext, action: string, code: string, secretGiven: boolean) {
    return (before: AdminIdentityProvider | null, after: AdminIdentityProvider): Alongside =>
      (tx) =>
        this.backoffice.audit(
          {
            operatorId: ctx.operator.id,
            brandId: ctx.brand.id,
            action,
            target: code,
            detail: { before: described(before), after: described(after), secretChanged: secretGiven },
            ip: ctx.ip,
          },
          tx,
        );
  }

  list(ctx: OperatorContext, origin: string) {
    this.backoffice.require(ctx, 'settings.read');
    return this.identity.adminList(ctx.brand.id, origin);
  }

  save(ctx: OperatorContext, body: ProviderBody, origin: string, lang: LanguageCode) {
    this.backoffice.require(ctx, 'settings.manage');
    return this.identity.save(
      ctx.brand.id,
      body,
      origin,
      lang,
      this.audit(ctx, 'identity_provider_save', body.code, body.clientSecret !== undefined),
    );
  }

  setEnabled(ctx: OperatorContext, body: { code: string; enabled: boolean }, origin: string) {
    this.backoffice.require(ctx, 'settings.manage');
    return this.identity.setEnabled(
      ctx.brand.id,
      body.code,
      body.enabled,
      origin,
      this.audit(
        ctx,
        body.enabled ? 'identity_provider_enable' : 'identity_provider_disable',
        body.code,
        false,
      ),
    );
  }
}
