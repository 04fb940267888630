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
  /** What these rules said of each address seen lately: a visitor's every request asks again. */
  verdicts: Map<string, boolean>;
}

/** Addresses whose verdict is kept per list of rules (the map starts again when full). */
const VERDICTS_KEPT = 10_000;

const compiled = new WeakMap<RegionRule[], CompiledRules>();

function compile(rules: RegionRule[]): CompiledRules {
  const known = compiled.get(rules);
  if (known) return known;
  const out: CompiledRules = { addresses: new Set(), ranges: [], countries: new Set(), verdicts: new Map() };
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
  const compiledRules = compile(rules);
  if (country && compiledRules.countries.has(country.toUpperCase())) return true;
  if (compiledRules.addresses.size === 0 && compiledRules.ranges.length === 0) return false;
  const known = compiledRules.verdicts.get(ip);
  if (known !== undefined) return known;
  const verdict = addressBlocked(ip, compiledRules);
  if (compiledRules.verdicts.size >= VERDICTS_KEPT) compiledRules.verdicts.clear();
  compiledRules.verdicts.set(ip, verdict);
  return verdict;
}

function addressBlocked(ip: string, { addresses, ranges }: CompiledRules): boolean {
  const addr = parse(ip);
  if (!addr) return false;
  if (addresses.has(`${addr.kind()} ${addr.toString()}`)) return true;
  return ranges.some((range) => range[0].kind() === addr.kind() && addr.match(range));
}
