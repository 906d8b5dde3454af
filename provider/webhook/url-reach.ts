// Where a webhook URL points: the API must be able to reach it, and it must not
// be turned against the API's own network. The spec asks for a receiver
// "reachable from the internet", so private and link-local ranges are refused;
// loopback is accepted only while the API itself is on loopback (the simulator),
// where API and receiver share the machine.
import { isIP } from "net";
import { isLoopback } from "../api/base-url";

export type Reach = "loopback" | "private" | "public";

const PRIVATE_V4: [number, number][] = [
  [0x0a000000, 8], // 10.0.0.0/8
  [0xac100000, 12], // 172.16.0.0/12
  [0xc0a80000, 16], // 192.168.0.0/16
  [0xa9fe0000, 16], // 169.254.0.0/16 link-local (cloud metadata lives here)
  [0x64400000, 10], // 100.64.0.0/10 carrier-grade NAT
  [0x00000000, 8], // 0.0.0.0/8 "this network"
];

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

export function reachOf(hostname: string): Reach {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isLoopback(host)) return "loopback";
  if (isIP(host) === 4) {
    const n = v4ToInt(host);
    return PRIVATE_V4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits)) ? "private" : "public";
  }
  if (isIP(host) === 6) return /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host === "::" ? "private" : "public";
  // Names that only resolve inside a network.
  return /\.(local|internal|lan|home\.arpa)$/.test(host) || !host.includes(".") ? "private" : "public";
}
