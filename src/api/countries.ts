/** Countries offered for mobile numbers, with their dialing codes; names come from the catalogues. */
export const countries = [
  { countryCode: 'BR', countryDialingCode: '55' },
  { countryCode: 'PT', countryDialingCode: '351' },
  { countryCode: 'AO', countryDialingCode: '244' },
  { countryCode: 'MZ', countryDialingCode: '258' },
  { countryCode: 'US', countryDialingCode: '1' },
  { countryCode: 'GB', countryDialingCode: '44' },
  { countryCode: 'VN', countryDialingCode: '84' },
  { countryCode: 'TH', countryDialingCode: '66' },
  { countryCode: 'PH', countryDialingCode: '63' },
  { countryCode: 'ID', countryDialingCode: '62' },
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'IN', countryDialingCode: '91' },
] as const;

export type Country = (typeof countries)[number];

/** The flag of a country as its regional-indicator emoji, so no image is needed. */
export function flagOf(countryCode: string) {
  return String.fromCodePoint(...[...countryCode.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** A mobile number: 6 to 15 digits, without the dialing code (spec 5.1, 5.2). */
export const MOBILE_PATTERN = /^\d{6,15}$/;
export const DIALING_CODES: readonly string[] = countries.map((c) => c.countryDialingCode);
