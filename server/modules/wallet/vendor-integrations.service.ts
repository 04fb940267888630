import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { isInHouseVendor } from './in-house-vendors';
import { WalletRepository } from './wallet.repository';

export type VendorMode = 'seamless' | 'transfer';
export type OpensIn = 'page' | 'window';

/** A vendor's connection as an operator sees it: never its secret. */
export interface VendorConnection {
  vendor: string;
  active: boolean;
  launchUrl: string | null;
  mode: VendorMode;
  currencies: string[];
  opensIn: OpensIn;
  /** Trial accounts (free play) may play its games with trial money. */
  trialPlay: boolean;
  connectedAt: number;
  updatedAt: number;
}

export interface ConnectInput {
  vendor: string;
  /** Where we ask the vendor for a game session (server to server). */
  launchUrl: string | null;
  mode: VendorMode;
  currencies: string[];
  opensIn: OpensIn;
  /** The secret the vendor signs with, when it gave one; otherwise one is made here and shown once. */
  secret?: string | undefined;
  /** Whether trial accounts may play it (a vendor's fun mode); kept as it was when not given. */
  trialPlay?: boolean | undefined;
}

/** What launching needs of a connection: where to ask, how to sign, and what it accepts. */
export interface LaunchTarget {
  launchUrl: string;
  secret: string;
  opensIn: OpensIn;
  currencies: string[];
}

type Row = Awaited<ReturnType<WalletRepository['integrations']>>[number];
/** What must commit with a change of connection (the operator's audit row). */
type Alongside = (tx: Database) => Promise<void>;

function toConnection(row: Row): VendorConnection {
  return {
    vendor: row.vendorCode,
    active: row.active,
    launchUrl: row.launchUrl,
    mode: row.mode === 'transfer' ? 'transfer' : 'seamless',
    currencies: row.currencies,
    opensIn: row.opensIn === 'window' ? 'window' : 'page',
    trialPlay: row.trialPlay,
    connectedAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/**
 * Only http(s) addresses: a launch address is fetched by the server, never a file or another scheme; a
 * production site sends launch tokens over https only.
 */
export function checkLaunchUrl(url: string | null, requireHttps = false): string | null {
  if (url === null || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('VENDOR_URL_INVALID');
  }
  if (parsed.protocol !== 'https:' && (requireHttps || parsed.protocol !== 'http:'))
    throw new AppError('VENDOR_URL_INVALID');
  return parsed.toString();
}

/**
 * Game vendors' connections to this brand (vendor onboarding): the secret each signs its wallet calls
 * with (sealed at rest), where it is launched, its wallet mode and currencies. Connect, rotate the
 * secret, disconnect; the back office, `npm run vendor` and the demo seed all come through here, so the
 * in-house codes (BGS, the lotteries) are refused here once for all of them.
 */
export class VendorIntegrations {
  constructor(
    private readonly repo: WalletRepository,
    private readonly secrets: SecretBox,
    private readonly options: { requireHttps?: boolean } = {},
  ) {}

  /** For tools outside the app (the demo seed, the CLI): the same service on a database of its own. */
  static on(db: Database, secrets: SecretBox, options: { requireHttps?: boolean } = {}) {
    return new VendorIntegrations(new WalletRepository(db), secrets, options);
  }

  async list(brandId: number): Promise<VendorConnection[]> {
    return (await this.repo.integrations(brandId)).map(toConnection);
  }

  async connect(
    brandId: number,
    input: ConnectInput,
    alongside?: Alongside,
  ): Promise<{ connection: VendorConnection; secret: string }> {
    if (isInHouseVendor(input.vendor)) throw new AppError('VENDOR_IN_HOUSE', { vendor: input.vendor });
    const secret = input.secret ?? randomBytes(32).toString('base64url');
    const row = await this.repo.saveIntegration(
      {
        brandId,
        vendorCode: input.vendor,
        secretCipher: this.secrets.seal(secret),
        launchUrl: checkLaunchUrl(input.launchUrl, this.options.requireHttps),
        mode: input.mode,
        currencies: input.currencies,
        opensIn: input.opensIn,
        trialPlay: input.trialPlay,
      },
      alongside,
    );
    return { connection: toConnection(row), secret };
  }

  /** A new secret (given or made); the old one stops working once caches expire (BRAND_CACHE_MS). */
  async rotate(brandId: number, vendor: string, given?: string, alongside?: Alongside) {
    // A connection of an in-house code made before they were refused gets no fresh secret (it can be
    // disconnected).
    if (isInHouseVendor(vendor)) throw new AppError('VENDOR_IN_HOUSE', { vendor });
    const secret = given ?? randomBytes(32).toString('base64url');
    const row = await this.repo.updateIntegration(
      brandId,
      vendor,
      { secretCipher: this.secrets.seal(secret) },
      alongside,
    );
    if (!row) throw new AppError('VENDOR_NOT_FOUND');
    return { connection: toConnection(row), secret };
  }

  /** The vendor's calls are refused from now on and nothing launches; its rows and history stay. */
  async disconnect(brandId: number, vendor: string, alongside?: Alongside) {
    const row = await this.repo.updateIntegration(brandId, vendor, { active: false }, alongside);
    if (!row) throw new AppError('VENDOR_NOT_FOUND');
    return toConnection(row);
  }

  async launchTarget(brandId: number, vendor: string): Promise<LaunchTarget | null> {
    const row = await this.repo.integration(brandId, vendor);
    if (!row?.active || !row.launchUrl) return null;
    return {
      launchUrl: row.launchUrl,
      secret: this.secrets.open(row.secretCipher),
      opensIn: row.opensIn === 'window' ? 'window' : 'page',
      currencies: row.currencies,
    };
  }
}
