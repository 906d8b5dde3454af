// Amounts of money as whole millionths of the API's unit, so that sums are exact: the API writes
// prices as decimal strings ("5.00" a month, "0.0070" an hour) and a float sum of many of them
// would drift by a cent. A figure is rounded to the cent only when it is shown.

/** Millionths of the unit in one unit. */
const SCALE = 1_000_000;
const DECIMAL = /^\s*([+-]?)(\d+)(?:\.(\d*))?\s*$/;

/** An amount in millionths, e.g. 5_000_000 for "5.00". */
export type Micros = number;

/** Parses a decimal string ("5.00", "0.0070", "12"); undefined for anything else. Digits past the sixth decimal are rounded. */
export function parseAmount(text: unknown): Micros | undefined {
  if (typeof text !== "string") return undefined;
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign, whole, frac = ""] = m;
  const digits = (frac + "0000000").slice(0, 7);
  const micros = Number(whole) * SCALE + Number(digits.slice(0, 6)) + (Number(digits[6]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(micros)) return undefined;
  return sign === "-" ? -micros : micros;
}

/** The amount to the cent, half away from zero: "5.00", "-15.00". */
export function formatAmount(micros: Micros): string {
  const cents = Math.round(Math.abs(micros) / (SCALE / 100));
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  return micros < 0 && cents > 0 ? `-${text}` : text;
}

/** A change to the cent with its sign: "+5.00", "-5.00", "0.00". */
export function formatChange(micros: Micros): string {
  const text = formatAmount(micros);
  return text === "0.00" || text.startsWith("-") ? text : `+${text}`;
}
