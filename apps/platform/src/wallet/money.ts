/** Integer minor units inside, decimal strings on the wire: never a float in between. */
export function toMinor(amount: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > decimals) throw new Error(`${amount} has more than ${decimals} decimals`);
  const minor = BigInt(whole! + fraction.padEnd(decimals, '0'));
  return sign ? -minor : minor;
}

export function fromMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
