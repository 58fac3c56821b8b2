/**
 * The compare step's `prices` input: what a minute of each runner label costs, as the user's plan
 * bills it (GitHub's published rates are an example in the README, not built in: plans, discounts and
 * self-hosted runners differ). Pure.
 */
import { InputError } from '../util/errors.js';

/** US dollars per minute, per runner label. */
export type PricesPerMinute = ReadonlyMap<string, number>;

const ALLOWED =
  'label=price pairs separated by commas or line breaks, each price the US dollars a minute of that runner costs (a number ≥ 0, e.g. 0.006), each label once: `ubuntu-latest=0.006, ubuntu-24.04-arm=0.005`';

export function parsePrices(given: string, input = 'prices'): PricesPerMinute {
  const prices = new Map<string, number>();
  for (const raw of given.split(/[,\n]/)) {
    const pair = raw.trim();
    if (pair === '') continue;
    const at = pair.lastIndexOf('=');
    const label = at > 0 ? pair.slice(0, at).trim() : '';
    const figure =
      at > 0
        ? pair
            .slice(at + 1)
            .trim()
            .replace(/^\$/, '')
        : '';
    const price = /^\d+(\.\d+)?$|^\.\d+$/.test(figure) ? Number(figure) : Number.NaN;
    if (label === '' || !Number.isFinite(price)) throw new InputError(input, pair, ALLOWED);
    if (prices.has(label)) throw new InputError(input, given, `${ALLOWED} (${label} is priced twice)`);
    prices.set(label, price);
  }
  return prices;
}
