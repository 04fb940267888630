/** Where a BGS round of the betting record is checked: `dice-12` → the fairness page for bet 12. */
export function fairnessLink(roundId: string): string | null {
  const m = /^(dice|limbo|plinko|keno|mines|crash)-(\d+)$/.exec(roundId);
  if (!m) return null;
  return m[1] === 'crash' ? `/originals/fairness?bet=${m[2]}&game=crash` : `/originals/fairness?bet=${m[2]}`;
}
