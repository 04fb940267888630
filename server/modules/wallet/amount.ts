import { AppError } from '../../http/app-error';

/** Amounts are whole minor units above zero; each way of being wrong has its own code. */
export function checkAmount(amount: number): number {
  if (!Number.isFinite(amount) || !Number.isInteger(amount)) throw new AppError('AMOUNT_NOT_INTEGER');
  if (amount < 0) throw new AppError('AMOUNT_NEGATIVE');
  if (amount === 0) throw new AppError('AMOUNT_ZERO');
  if (!Number.isSafeInteger(amount)) throw new AppError('INVALID_AMOUNT');
  return amount;
}
