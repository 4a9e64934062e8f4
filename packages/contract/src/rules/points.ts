/**
 * An order's points shared among its lines in proportion to what each line costs (largest remainder), so the
 * points shown beside the lines add up to the order's, which are earned on the amount paid after the promotion and
 * the points spent. `amounts` in piastres.
 */
export function sharePoints(amounts: readonly number[], points: number): number[] {
  const whole = amounts.reduce((sum, amount) => sum + amount, 0);
  if (whole <= 0 || points <= 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (amount * points) / whole);
  const shares = exact.map(Math.floor);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - shares[index]! }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  let left = points - shares.reduce((sum, share) => sum + share, 0);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The whole points an amount paid earns at the shop's rate (piastres per point): none without a rate or an amount.
 * The order, a guest's orders kept in a new account, the checkout and the product page all count with it.
 */
export function pointsForPayment(payablePiastres: number, piastresPerPoint: number): number {
  return piastresPerPoint > 0 && payablePiastres > 0 ? Math.floor(payablePiastres / piastresPerPoint) : 0;
}
