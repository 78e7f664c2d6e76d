/**
 * The demo's contracted rates, in one place because the demo's invoices are priced by them: the
 * non-TOU (NHH) retail and network rates of last calendar year and this one, which bill the demo's
 * non-time-of-use electricity, and the TOU contract's monthly rates, which bill the smart meter that has
 * invoices beside its half-hour data (demo-tou-invoices.ts). Cents per kWh.
 */

/** Weekday rates by time period; weekends 10% lower, winter months (June to August) 5% higher. */
const TOU_WEEKDAY: Record<string, number> = { Night: 11.2, Day: 19.8, Peak: 27.5, Evening: 16.4 };

/** The TOU contract's rate for a month ('yyyy-MM-01'), time period and day type, to 4 decimals. */
export function demoTouRate(month: string, period: string, dayType: string): number {
  const winter = ['06', '07', '08'].includes(month.slice(5, 7)) ? 1.05 : 1;
  const weekend = dayType === 'Weekend' ? 0.9 : 1;
  return Number(((TOU_WEEKDAY[period] ?? 15) * winter * weekend).toFixed(4));
}

export interface DemoNhhRate {
  from: string;
  till: string;
  retail: number;
  network: number;
}

/** Last calendar year's and this year's NHH rates (their sum stays under the demo's 20 c/kWh electricity). */
export function demoNhhRates(today: string): DemoNhhRate[] {
  const year = Number(today.slice(0, 4));
  return [
    { from: `${year - 1}-01-01`, till: `${year - 1}-12-31`, retail: 12.4, network: 6.2 },
    { from: `${year}-01-01`, till: `${year}-12-31`, retail: 12.9, network: 6.4 },
  ];
}

/** The NHH rate covering a whole period, or null. */
export function demoNhhRateFor(today: string, from: string, till: string): DemoNhhRate | null {
  return demoNhhRates(today).find((r) => r.from <= from && till <= r.till) ?? null;
}
