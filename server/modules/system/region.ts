import ipaddr from 'ipaddr.js';

export interface RegionRule {
  kind: string;
  value: string;
}

/** Looks an address up in a GeoIP database; absent when none is configured. */
export type CountryLookup = (ip: string) => string | null;

function parse(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(ip)) return null;
  const addr = ipaddr.parse(ip);
  // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) must match IPv4 rules.
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A brand's rules as every request checks them: parsed once per list, not once per request. */
interface CompiledRules {
  addresses: Set<string>;
  ranges: Range[];
  countries: Set<string>;
}

const compiled = new WeakMap<RegionRule[], CompiledRules>();

function compile(rules: RegionRule[]): CompiledRules {
  const known = compiled.get(rules);
  if (known) return known;
  const out: CompiledRules = { addresses: new Set(), ranges: [], countries: new Set() };
  for (const rule of rules) {
    if (rule.kind === 'ip') {
      const addr = parse(rule.value);
      if (addr) out.addresses.add(`${addr.kind()} ${addr.toString()}`);
    } else if (rule.kind === 'cidr') {
      if (ipaddr.isValidCIDR(rule.value)) out.ranges.push(ipaddr.parseCIDR(rule.value));
    } else if (rule.kind === 'country') {
      out.countries.add(rule.value.toUpperCase());
    }
  }
  compiled.set(rules, out);
  return out;
}

/** True when a deny rule (exact IP, CIDR range or country) covers this visitor. */
export function isRegionBlocked(ip: string, rules: RegionRule[], country: string | null): boolean {
  if (rules.length === 0) return false;
  const { addresses, ranges, countries } = compile(rules);
  if (country && countries.has(country.toUpperCase())) return true;
  if (addresses.size === 0 && ranges.length === 0) return false;
  const addr = parse(ip);
  if (!addr) return false;
  if (addresses.has(`${addr.kind()} ${addr.toString()}`)) return true;
  return ranges.some((range) => range[0].kind() === addr.kind() && addr.match(range));
}
