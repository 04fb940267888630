import { type CountryResponse, open } from 'maxmind';
import type { CountryLookup } from './region';

/** Opens a MaxMind-format country database (GeoLite2-Country or compatible) when one is configured. */
export async function openCountryLookup(file: string | undefined): Promise<CountryLookup | null> {
  if (!file) return null;
  const reader = await open<CountryResponse>(file);
  return (ip) => {
    try {
      return reader.get(ip)?.country?.iso_code ?? null;
    } catch {
      return null;
    }
  };
}
