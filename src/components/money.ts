/** An amount in the currency's minor unit, as money (USD: 75000 → $750.00). */
export const formatMoney = (amount: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
