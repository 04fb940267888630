/**
 * The registration pattern types of spec 5.3, defined once for the browser and the server. Each field
 * rule names a pattern by id and bounds its length; the message key takes `range` ("6-20", or "8" when
 * the bounds are equal).
 */
export const patterns: Record<number, RegExp> = {
  1: /^[\s\S]*$/u,
  2: /^[A-Za-z][A-Za-z0-9]*$/,
  3: /^[\p{Script=Han}0-9]+$/u,
  4: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  5: /^[A-Za-z0-9]+$/,
  6: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]+$/,
  7: /^\d+$/,
  8: /^(?=.*[A-Z])[A-Za-z0-9]+$/,
  9: /^[A-Za-z ]+$/,
  10: /^\S+$/u,
  11: /^[\p{Script=Han}\p{P}]+$/u,
  12: /^[\p{Script=Hangul}]+$/u,
  13: /^[\p{Script=Thai}]+$/u,
  14: /^[\p{Script=Thai}A-Za-z ]+$/u,
  15: /^(?=.*[A-Z])[A-Z ]+$/,
  16: /^[A-Za-z0-9!-/:-@[-`{-~]+$/,
  17: /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!-/:-@[-`{-~])[!-~]+$/,
};

export const PATTERN_IDS = Object.keys(patterns).map(Number);

export interface FieldRule {
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  patternId: number;
}

export function patternRange(rule: Pick<FieldRule, 'minLength' | 'maxLength'>) {
  return rule.minLength === rule.maxLength ? `${rule.minLength}` : `${rule.minLength}-${rule.maxLength}`;
}

/** Why a value breaks its rule, as a translation key and its parameters; null when it is fine. */
export function checkField(
  value: string,
  rule: FieldRule,
): { key: string; params: Record<string, string> } | null {
  if (value === '') return rule.required ? { key: 'validation.required', params: {} } : null;
  const length = [...value].length;
  const pattern = patterns[rule.patternId] ?? patterns[1]!;
  if (length < rule.minLength || length > rule.maxLength || !pattern.test(value)) {
    return {
      key: `patterns.p${rule.patternId in patterns ? rule.patternId : 1}`,
      params: { range: patternRange(rule) },
    };
  }
  return null;
}
