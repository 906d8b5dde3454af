// How a value reads in a summary: short, one line, secrets masked. The engine already sends
// secrets as "[secret]"; a value still wrapped in Pulumi's secret signature is masked here too,
// so no path of ours prints one.
import { UNKNOWN } from "./changes";

/** Pulumi's wire signature of a secret value (sdk/nodejs/runtime/rpc.ts, specialSecretSig). */
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const MAX = 80;

export function isSecret(value: unknown): boolean {
  if (value === "[secret]") return true;
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** The value as one short line: `"web"`, `[a, b]`, `[secret]`, `(known after apply)`, `(none)`. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return "(none)";
  if (isSecret(value)) return "[secret]";
  if (value === UNKNOWN) return "(known after apply)";
  let text: string;
  if (Array.isArray(value)) text = `[${value.map((v) => (isSecret(v) ? "[secret]" : String(v))).join(", ")}]`;
  else if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "object") text = JSON.stringify(maskDeep(value));
  else text = String(value);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

function maskDeep(value: unknown): unknown {
  if (isSecret(value)) return "[secret]";
  if (Array.isArray(value)) return value.map(maskDeep);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v)]));
  }
  return value;
}
