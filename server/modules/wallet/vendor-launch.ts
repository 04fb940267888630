import { createHmac } from 'node:crypto';
import { AppError } from '../../http/app-error';
import { hashToken } from '../accounts/credentials';
import type { Brand } from '../brand/brand.service';
import type { OpensIn, VendorIntegrations } from './vendor-integrations.service';
import type { VendorWalletService } from './vendor-wallet.service';
import type { WalletRepository } from './wallet.repository';

export interface LaunchRequest {
  vendor: string;
  gameCode: string;
  language: string;
  platform: 'html5' | 'html5-desktop';
}

export interface Launched {
  url: string;
  opensIn: OpensIn;
}

/** The signed body of a launch request, as both sides compute it. */
export function signLaunch(secret: string, raw: string) {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

/**
 * Starts a game session at a vendor the way real aggregators do: a one-time launch token for the member,
 * handed to the vendor server to server (signed with the vendor's secret); the vendor trades the token
 * for the player through our wallet API and answers with the address of its game. A vendor that does not
 * answer gets nothing: its token is withdrawn and the member is told, with nothing charged.
 */
export class VendorLauncher {
  constructor(
    private readonly integrations: VendorIntegrations,
    private readonly vendorWallet: VendorWalletService,
    private readonly repo: WalletRepository,
    private readonly timeoutMs = 8_000,
  ) {}

  async launch(
    brand: Brand,
    member: { id: number; userType: number },
    request: LaunchRequest,
  ): Promise<Launched> {
    const target = await this.integrations.launchTarget(brand.id, request.vendor);
    if (!target) throw new AppError('VENDOR_NOT_FOUND');
    if (target.currencies.length > 0 && !target.currencies.includes(brand.currency))
      throw new AppError('GAME_CURRENCY');
    const issued = await this.vendorWallet.issueLaunchToken(brand, member, request.vendor, request.gameCode);
    const raw = JSON.stringify({
      token: issued.token,
      playerId: issued.playerId,
      operator: brand.merchantCode,
      vendor: request.vendor,
      gameCode: request.gameCode,
      currency: brand.currency,
      language: request.language,
      platform: request.platform,
    });
    try {
      const res = await fetch(target.launchUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-vendor-code': request.vendor,
          'x-operator': brand.merchantCode,
          'x-signature': signLaunch(target.secret, raw),
        },
        body: raw,
        // A launch address answers itself: a redirect elsewhere is a failure, never followed.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const answer = (await res.json().catch(() => null)) as { url?: unknown } | null;
      if (!res.ok || typeof answer?.url !== 'string') throw new Error(`vendor answered ${res.status}`);
      const url = new URL(answer.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error('vendor gave no web address');
      return { url: url.toString(), opensIn: target.opensIn };
    } catch {
      await this.repo.deleteLaunchToken(hashToken(issued.token));
      throw new AppError('GAME_UNAVAILABLE');
    }
  }
}
