import type { LanguageCode } from '../../../src/api/contract/common';
import type { SignInProvider } from '../../../src/api/contract/identity';

type PublicProviders = { signIn: SignInProvider[]; phoneVerifier: SignInProvider | null };

import type { SystemStatusCode, Whitelabel } from '../../../src/api/contract/system';
import { type Brand, type BrandService, inMaintenance, localize } from '../brand/brand.service';
import { type CountryLookup, isRegionBlocked } from './region';

export interface Visitor {
  ip: string;
  country: string | null;
}

export class SystemService {
  constructor(
    private readonly brands: BrandService,
    private readonly countryOf: CountryLookup | null,
    private readonly forceMaintenance = false,
    private readonly site: { demo: boolean } = { demo: false },
    /** The server's clock: a scheduled maintenance window starts and ends by it (tests move it). */
    private readonly now: () => number = Date.now,
  ) {}

  /** The brand's third-party sign-in buttons and phone verifier (the identity module's enabled providers). */
  private signInProviders: (brandId: number) => Promise<PublicProviders> = async () => ({
    signIn: [],
    phoneVerifier: null,
  });

  setSignInProviders(list: (brandId: number) => Promise<PublicProviders>) {
    this.signInProviders = list;
  }

  visitor(ip: string): Visitor {
    return { ip, country: this.countryOf?.(ip) ?? null };
  }

  /** Whether the server was started in maintenance (MAINTENANCE_MODE): every brand is down. */
  get forcedMaintenance() {
    return this.forceMaintenance;
  }

  /** The brand is down now: the server's MAINTENANCE_MODE, the operator's switch or its scheduled window. */
  inMaintenance(brand: Brand): boolean {
    return this.forceMaintenance || inMaintenance(brand, this.now());
  }

  /** When the maintenance under way is planned to end (inside a scheduled window), else null. */
  maintenanceUntil(brand: Brand): number | null {
    const window = brand.maintenanceWindow;
    const now = this.now();
    return window && now >= window.startsAt && now < window.endsAt ? window.endsAt : null;
  }

  /** Maintenance wins over region rules: nobody plays while the operator has the site down. */
  async status(brand: Brand, visitor: Visitor): Promise<SystemStatusCode> {
    if (this.inMaintenance(brand)) return 1;
    const rules = await this.brands.regionRules(brand.id);
    return isRegionBlocked(visitor.ip, rules, visitor.country) ? 2 : 0;
  }

  maintenanceMessage(brand: Brand, lang: LanguageCode): string | null {
    return brand.maintenanceMessage ? localize(brand.maintenanceMessage, lang, brand.defaultLanguage) : null;
  }

  async whitelabel(brand: Brand, visitor: Visitor, lang: LanguageCode): Promise<Whitelabel> {
    const [status, options, domainRoute, resources, customerService, providers] = await Promise.all([
      this.status(brand, visitor),
      this.brands.options(brand.id),
      this.brands.domains(brand.id),
      this.brands.resources(brand, lang),
      this.brands.customerService(brand, lang),
      this.signInProviders(brand.id),
    ]);
    return {
      merchantCode: brand.merchantCode,
      siteName: brand.siteName,
      platform: brand.platform,
      currency: brand.currency,
      lotteryType: brand.lotteryType,
      defaultLanguage: brand.defaultLanguage,
      supportedLanguages: brand.supportedLanguages,
      domainRoute,
      resources: resources as Whitelabel['resources'],
      customerService: customerService as Whitelabel['customerService'],
      whitelabelVal: options,
      register: {
        username: options.USERNAMEREG3,
        mobile: options.MOBILENUMREG3,
        mobileVerification: options.REGMOBVERF3,
        direct: options.DIRECTREG3,
      },
      mainDomain: brand.mainDomain,
      analyticsId: brand.analyticsId,
      location: visitor,
      maintenance: status === 1,
      regionRestricted: status === 2,
      demo: this.site.demo,
      signIn: providers.signIn,
      phoneVerifier: providers.phoneVerifier,
    };
  }
}
