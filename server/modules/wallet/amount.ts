import { type LanguageCode, MAX_AMOUNT } from '../../../src/api/contract/common';
import { formatAmount } from '../../../src/ui/format';
import { AppError } from '../../http/app-error';

/** Amounts are whole minor units above zero; each way of being wrong has its own code. */
export function checkAmount(amount: number): number {
  if (!Number.isFinite(amount) || !Number.isInteger(amount)) throw new AppError('AMOUNT_NOT_INTEGER');
  if (amount < 0) throw new AppError('AMOUNT_NEGATIVE');
  if (amount === 0) throw new AppError('AMOUNT_ZERO');
  if (!Number.isSafeInteger(amount)) throw new AppError('INVALID_AMOUNT');
  return amount;
}

/** The most one movement of the brand may move: its own maximum, never past the hard limit. */
export function brandMaximum(brand: { maxAmount: number }): number {
  return Math.min(brand.maxAmount, MAX_AMOUNT);
}

/**
 * A movement's size against the brand's maximum (brands.max_amount) and the hard limit (MAX_AMOUNT):
 * AMOUNT_ABOVE_MAX names the maximum in the brand's currency. `amount` is already a checked amount,
 * or a signed one (an operator's adjustment) whose size is checked.
 */
export function checkBrandMaximum(
  brand: { maxAmount: number; currency: string },
  amount: number,
  lang: LanguageCode = 'en',
): number {
  const max = brandMaximum(brand);
  if (Math.abs(amount) > max) {
    throw new AppError('AMOUNT_ABOVE_MAX', { max: `${formatAmount(max, lang)} ${brand.currency}` });
  }
  return amount;
}

/** A whole positive amount within the brand's maximum. */
export function checkBrandAmount(
  brand: { maxAmount: number; currency: string },
  amount: number,
  lang: LanguageCode = 'en',
): number {
  return checkBrandMaximum(brand, checkAmount(amount), lang);
}
