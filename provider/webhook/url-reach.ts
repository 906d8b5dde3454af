// Where a webhook URL points: the API must be able to reach it, and it must not
// be turned against the API's own network. The spec asks for a receiver
// "reachable from the internet", so private, link-local, multicast and metadata
// addresses are refused in every spelling the URL parser accepts (decimal, octal,
// hex and short IPv4; IPv4 inside IPv6). Loopback is accepted only while the API
// itself is on loopback (the simulator), where API and receiver share the machine.
//
// Host NAMES are checked for syntax only: the provider does not resolve them, because
// what a name resolves to at check time proves nothing about delivery time (DNS
// rebinding). The API, which delivers, must resolve and re-check every time.
import { isIP } from "net";
import { V4_COMPATIBLE_RULE, V4_RANGES, V6_EMBEDDING, V6_RANGES, expandV6, groupsToBigInt, inRange } from "./ip-ranges";

export type Reach = "loopback" | "private" | "public" | "invalid";

/** A host's reach and the rule that decided it (quoted in refusals). */
export interface Verdict {
  reach: Reach;
  rule: string;
}

const PUBLIC_ADDRESS = "public address";
const NAME_SYNTAX_ONLY = "host name: syntax checked only, the API resolves it";
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** The reach of a URL host (as `new URL(...).hostname` gives it, brackets allowed). */
export function reachOf(hostname: string): Verdict {
  const host = canonicalHost(hostname);
  if (isIP(host) === 4) return v4Verdict(BigInt(ipv4ToInt(host)));
  if (isIP(host) === 6 || host.includes(":")) return v6Verdict(host);
  return nameVerdict(host);
}

/**
 * The WHATWG URL parser is what the API's HTTP client will use, and it turns
 * `2130706433`, `0x7f.1` and `017700000001` into `127.0.0.1`: ask it, so that
 * every spelling it accepts is judged as the address it means.
 */
function canonicalHost(hostname: string): string {
  const bare = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare.includes(":")) return bare;
  try {
    return new URL(`http://${bare}/`).hostname.replace(/\.$/, "");
  } catch {
    return bare;
  }
}

function ipv4ToInt(dotted: string): number {
  return dotted.split(".").reduce((n, p) => n * 256 + Number(p), 0);
}

function v4Verdict(addr: bigint): Verdict {
  const hit = V4_RANGES.find((r) => inRange(addr, 32, r));
  return hit ? { reach: hit.cls, rule: hit.rule } : { reach: "public", rule: PUBLIC_ADDRESS };
}

function v6Verdict(host: string): Verdict {
  const groups = expandV6(host);
  if (!groups) return { reach: "invalid", rule: "IPv6 literal syntax (RFC 4291 §2.2)" };
  const addr = groupsToBigInt(groups);
  const hit = V6_RANGES.find((r) => inRange(addr, 128, r));
  if (hit) return { reach: hit.cls, rule: hit.rule };
  if (addr >> 32n === 0n) return { reach: "private", rule: V4_COMPATIBLE_RULE };
  for (const e of V6_EMBEDDING) {
    if (!inRange(addr, 128, e)) continue;
    const inner = v4Verdict((addr >> e.shift) & 0xffffffffn);
    return inner.reach === "public" ? inner : { reach: inner.reach, rule: `${inner.rule} inside ${e.name}` };
  }
  return { reach: "public", rule: PUBLIC_ADDRESS };
}

function nameVerdict(host: string): Verdict {
  const name = host.replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return { reach: "loopback", rule: "localhost names (RFC 6761)" };
  const labels = name.split(".");
  if (name.length > 253 || !labels.every((l) => LABEL.test(l))) {
    return { reach: "invalid", rule: "host name syntax (labels of letters, digits and hyphens, 1-63 characters, no leading or trailing hyphen)" };
  }
  if (labels.length === 1) return { reach: "private", rule: "single-label name, resolvable only inside a network" };
  if (/\.(local|internal|lan|intranet|home\.arpa)$/.test(name)) {
    return { reach: "private", rule: "internal-only name (.local, .internal, .lan, .intranet, .home.arpa)" };
  }
  return { reach: "public", rule: NAME_SYNTAX_ONLY };
}
