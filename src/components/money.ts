import { numberLocale } from '../i18n';

/** An amount in the currency's minor unit, as money in the interface's language (USD: 75000 → $750.00; 750,00 US$). */
export const formatMoney = (amount: number, currency: string): string =>
  new Intl.NumberFormat(numberLocale(), { style: 'currency', currency }).format(amount / 100);
