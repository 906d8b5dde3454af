// Strings a fuzzer sends where the API expects a name or a value: the names of Object.prototype's
// members (which a lookup in a plain object finds though no table lists them), a very long value,
// Unicode, and numbers written as strings. test/simulator/prototype-names.test.ts sends the
// names to every lookup by hand; the Schemathesis run sends all of them to every parameter.

/** Every member name of Object.prototype, `__proto__` included. */
export const PROTOTYPE_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/** The unknown name a prototype name's answer is compared with where a name is looked up. */
export const UNKNOWN_NAME = "no-such-name";

/**
 * An unknown name of the same spelling as `name` (ROT13: same length, case, digits and
 * punctuation): where a value must also be well formed (a hostname takes no `_`), a prototype
 * name's answer is compared with its twin's.
 */
export function unknownTwin(name: string): string {
  return name.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** The other hostile strings: each must be answered without a server error and as documented. */
export const OTHER_HOSTILE_VALUES: readonly string[] = [
  "x".repeat(8192),
  "ünïcødé 日本語 😀",
  "\u202egnp.exe",
  "e\u0301",
  "\u0000",
  "0",
  "-1",
  "2284",
  "1e309",
  "9007199254740993",
  "NaN",
];
