import { describe, expect, it } from 'vitest';
import { isRegionBlocked, type RegionRule } from '../../server/modules/system/region';

describe('region rules', () => {
  const rules: RegionRule[] = [
    { kind: 'ip', value: '192.0.2.44' },
    { kind: 'cidr', value: '203.0.113.0/24' },
  ];

  it('gives an address the same verdict on every request', () => {
    for (let i = 0; i < 3; i++) {
      expect(isRegionBlocked('192.0.2.44', rules, null)).toBe(true);
      expect(isRegionBlocked('::ffff:192.0.2.44', rules, null)).toBe(true);
      expect(isRegionBlocked('203.0.113.250', rules, null)).toBe(true);
      expect(isRegionBlocked('192.0.2.45', rules, null)).toBe(false);
    }
  });

  it("answers from the operator's new rules at once for an address already seen", () => {
    expect(isRegionBlocked('198.51.100.7', rules, null)).toBe(false);
    const changed = [...rules, { kind: 'ip', value: '198.51.100.7' }];
    expect(isRegionBlocked('198.51.100.7', changed, null)).toBe(true);
    const lifted = changed.filter((r) => r.kind !== 'cidr');
    expect(isRegionBlocked('203.0.113.250', lifted, null)).toBe(false);
    // A country rule covers its visitors whatever their address's verdict was.
    expect(isRegionBlocked('192.0.2.45', [...rules, { kind: 'country', value: 'xx' }], 'XX')).toBe(true);
  });

  it('stays right past the number of addresses it remembers', () => {
    for (let i = 0; i < 12_000; i++) {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      expect(isRegionBlocked(ip, rules, null)).toBe(false);
    }
    expect(isRegionBlocked('203.0.113.1', rules, null)).toBe(true);
    expect(isRegionBlocked('192.0.2.44', rules, null)).toBe(true);
  });
});
