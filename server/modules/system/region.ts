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

function matchesCidr(addr: ipaddr.IPv4 | ipaddr.IPv6, cidr: string): boolean {
  if (!ipaddr.isValidCIDR(cidr)) return false;
  const range = ipaddr.parseCIDR(cidr);
  if (range[0].kind() !== addr.kind()) return false;
  return addr.match(range);
}

/** True when a deny rule (exact IP, CIDR range or country) covers this visitor. */
export function isRegionBlocked(ip: string, rules: RegionRule[], country: string | null): boolean {
  const addr = parse(ip);
  for (const rule of rules) {
    switch (rule.kind) {
      case 'ip': {
        const ruleAddr = parse(rule.value);
        if (addr && ruleAddr && ruleAddr.kind() === addr.kind() && ruleAddr.toString() === addr.toString()) {
          return true;
        }
        break;
      }
      case 'cidr':
        if (addr && matchesCidr(addr, rule.value)) return true;
        break;
      case 'country':
        if (country && rule.value.toUpperCase() === country.toUpperCase()) return true;
        break;
    }
  }
  return false;
}
