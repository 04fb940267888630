/** Exact rational arithmetic (BigInt numerator and denominator), for returns computed from paytables. */
export class Fraction {
  readonly n: bigint;
  readonly d: bigint;

  constructor(n: bigint | number, d: bigint | number = 1n) {
    let num = BigInt(n);
    let den = BigInt(d);
    if (den === 0n) throw new RangeError('Fraction: zero denominator');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num < 0n ? -num : num, den);
    this.n = g === 0n ? 0n : num / g;
    this.d = g === 0n ? 1n : den / g;
  }

  static readonly ZERO = new Fraction(0n);
  static readonly ONE = new Fraction(1n);

  add(o: Fraction | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.n * f.d + f.n * this.d, this.d * f.d);
  }
  sub(o: Fraction | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.n * f.d - f.n * this.d, this.d * f.d);
  }
  mul(o: Fraction | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.n * f.n, this.d * f.d);
  }
  div(o: Fraction | number): Fraction {
    const f = Fraction.of(o);
    return new Fraction(this.n * f.d, this.d * f.n);
  }
  equals(o: Fraction | number): boolean {
    const f = Fraction.of(o);
    return this.n === f.n && this.d === f.d;
  }
  compare(o: Fraction | number): number {
    const f = Fraction.of(o);
    const diff = this.n * f.d - f.n * this.d;
    return diff === 0n ? 0 : diff < 0n ? -1 : 1;
  }
  toNumber(): number {
    return Number(this.n) / Number(this.d);
  }
  /** Rounded to `digits` decimals, as a published figure ("96.51"). */
  toFixed(digits: number): string {
    const scale = 10n ** BigInt(digits);
    const neg = this.n < 0n;
    const abs = neg ? -this.n : this.n;
    const scaled = (abs * scale * 2n + this.d) / (this.d * 2n);
    const whole = scaled / scale;
    const frac = (scaled % scale).toString().padStart(digits, '0');
    return `${neg ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
  }
  static of(v: Fraction | number | bigint): Fraction {
    if (v instanceof Fraction) return v;
    if (typeof v === 'bigint') return new Fraction(v);
    if (!Number.isInteger(v)) {
      // Decimals as written (0.95 → 95/100): paytables are written in decimals, never binary floats.
      const [whole, frac = ''] = String(v).split('.');
      return new Fraction(BigInt(`${whole}${frac}`), 10n ** BigInt(frac.length));
    }
    return new Fraction(BigInt(v));
  }
  toString() {
    return `${this.n}/${this.d}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
