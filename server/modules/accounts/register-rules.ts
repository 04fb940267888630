import type { RegisterFieldName } from '../../../src/api/contract/accounts';
import type { FieldRule } from '../../../src/api/patterns';

const rule = (
  enabled: boolean,
  required: boolean,
  minLength: number,
  maxLength: number,
  patternId: number,
): FieldRule => ({
  enabled,
  required,
  minLength,
  maxLength,
  patternId,
});

/** The rules a brand starts with; operators change them per brand in `register_field_rules`. */
export const defaultRegisterRules: Record<RegisterFieldName, FieldRule> = {
  username: rule(true, true, 6, 16, 2),
  password: rule(true, true, 8, 20, 6),
  confirmPassword: rule(true, true, 8, 20, 6),
  payeeName: rule(true, false, 2, 50, 1),
  email: rule(true, false, 6, 64, 4),
  qqNum: rule(false, false, 5, 12, 7),
  mobileNum: rule(true, false, 8, 15, 7),
  recommenderId: rule(false, false, 6, 16, 5),
  captcha: rule(false, false, 4, 4, 7),
  verificationCode: rule(false, false, 6, 6, 7),
  affiliateCode: rule(true, false, 4, 16, 5),
  paymentPassword: rule(false, false, 6, 6, 7),
  line: rule(false, false, 2, 40, 10),
  whatsapp: rule(false, false, 8, 15, 7),
  facebook: rule(false, false, 2, 80, 10),
  wechat: rule(false, false, 2, 40, 10),
  idNumber: rule(false, false, 6, 30, 5),
  // Identity (KYC): off unless the brand asks for it at registration (brands.kyc_at), which turns both on
  // and required with the payee name as the full name. The CPF with or without dots and dash.
  birthday: rule(false, false, 10, 10, 1),
  cpf: rule(false, false, 11, 14, 1),
};
