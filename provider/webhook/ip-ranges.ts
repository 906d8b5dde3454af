// The address ranges a webhook receiver may not sit in, as data. Each row names the rule
// that a refusal quotes, so the user learns which range matched, not just "not public".
// Sources: IANA IPv4/IPv6 Special-Purpose Address Registries (RFC 6890), RFC 4291 §2.5.5
// (IPv4-compatible and IPv4-mapped IPv6), RFC 6052 (NAT64 64:ff9b::/96), RFC 3056 (6to4).

/** How a refused address is classed: loopback is allowed while the API itself is loopback. */
export type RangeClass = "loopback" | "private";

export interface Range {
  /** The first address of the range, as 32 (IPv4) or 128 (IPv6) bits. */
  base: bigint;
  bits: number;
  cls: RangeClass;
  /** Quoted in the refusal: the range and what it is. */
  rule: string;
}

function v4(dotted: string, bits: number, cls: RangeClass, what: string): Range {
  const base = dotted.split(".").reduce((n, p) => (n << 8n) + BigInt(Number(p)), 0n);
  return { base, bits, cls, rule: `${dotted}/${bits} (${what})` };
}

function v6(text: string, bits: number, cls: RangeClass, what: string): Range {
  const groups = expandV6(text);
  if (!groups) throw new Error(`ip-ranges: bad IPv6 literal ${text}`);
  return { base: groupsToBigInt(groups), bits, cls, rule: `${text}/${bits} (${what})` };
}

// The more specific rows come first so a refusal quotes the narrowest rule (metadata before link-local).
export const V4_RANGES: readonly Range[] = [
  v4("169.254.169.254", 32, "private", "cloud metadata service: AWS, GCP, Azure"),
  v4("100.100.100.200", 32, "private", "cloud metadata service: Alibaba Cloud"),
  v4("192.0.0.192", 32, "private", "cloud metadata service: Oracle Cloud"),
  v4("255.255.255.255", 32, "private", "limited broadcast"),
  v4("0.0.0.0", 8, "private", "\"this network\", unspecified"),
  v4("10.0.0.0", 8, "private", "private network, RFC 1918"),
  v4("100.64.0.0", 10, "private", "carrier-grade NAT, RFC 6598"),
  v4("127.0.0.0", 8, "loopback", "loopback"),
  v4("169.254.0.0", 16, "private", "link-local"),
  v4("172.16.0.0", 12, "private", "private network, RFC 1918"),
  v4("192.0.0.0", 24, "private", "IETF protocol assignments"),
  v4("192.168.0.0", 16, "private", "private network, RFC 1918"),
  v4("198.18.0.0", 15, "private", "benchmarking, RFC 2544"),
  v4("224.0.0.0", 4, "private", "multicast"),
  v4("240.0.0.0", 4, "private", "reserved, RFC 1112"),
];

export const V6_RANGES: readonly Range[] = [
  v6("::", 128, "private", "unspecified address"),
  v6("::1", 128, "loopback", "loopback"),
  v6("fd00:ec2::254", 128, "private", "cloud metadata service: AWS IPv6"),
  v6("64:ff9b:1::", 48, "private", "local-use NAT64, RFC 8215"),
  v6("100::", 64, "private", "discard-only, RFC 6666"),
  v6("2001:db8::", 32, "private", "documentation, RFC 3849"),
  v6("fc00::", 7, "private", "unique-local, RFC 4193"),
  v6("fe80::", 10, "private", "link-local"),
  v6("fec0::", 10, "private", "site-local, deprecated by RFC 3879"),
  v6("ff00::", 8, "private", "multicast"),
];

/** IPv6 prefixes that carry an IPv4 address: the verdict is the embedded address's. */
export const V6_EMBEDDING: readonly { base: bigint; bits: number; shift: bigint; name: string }[] = [
  { base: 0xffffn << 32n, bits: 96, shift: 0n, name: "IPv4-mapped ::ffff:0:0/96" },
  { base: 0x64ff9bn << 96n, bits: 96, shift: 0n, name: "NAT64 64:ff9b::/96" },
  { base: 0x2002n << 112n, bits: 16, shift: 80n, name: "6to4 2002::/16" },
];

/** `::/96` with anything but `::` or `::1` is the deprecated IPv4-compatible form (RFC 4291 §2.5.5.1). */
export const V4_COMPATIBLE_RULE = "::/96 (IPv4-compatible IPv6, deprecated by RFC 4291)";

export function inRange(addr: bigint, width: number, range: { base: bigint; bits: number }): boolean {
  const drop = BigInt(width - range.bits);
  return addr >> drop === range.base >> drop;
}

/** Eight 16-bit groups of an IPv6 literal (with an optional dotted IPv4 tail), or undefined. */
export function expandV6(text: string): number[] | undefined {
  let s = text.toLowerCase().replace(/%.*$/, ""); // a zone id (fe80::1%eth0) does not change the range
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const parts = tail[1].split(".").map(Number);
    if (parts.some((p) => p > 255)) return undefined;
    s = s.slice(0, -tail[1].length) + `${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const side = (h: string) => (h === "" ? [] : h.split(":"));
  const head = side(halves[0]);
  const rest = halves.length === 2 ? side(halves[1]) : [];
  const fill = 8 - head.length - rest.length;
  if ((halves.length === 1 && fill !== 0) || fill < 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill("0"), ...rest];
  if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.map((g) => parseInt(g, 16));
}

export function groupsToBigInt(groups: number[]): bigint {
  return groups.reduce((n, g) => (n << 16n) + BigInt(g), 0n);
}
