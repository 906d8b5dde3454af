// Where the simulator may send webhook deliveries. A local tool must not become a source of
// traffic to the internet because a registration was fuzzed or mistyped, so by default only
// loopback receivers are taken (127.0.0.0/8, ::1, localhost); `allowWebhookHosts` (CLI
// `--allow-webhook-hosts`) names more: host names, IP addresses or networks (CIDR). The check
// runs when a webhook is registered or changed (a 422 naming `url`) and again before every
// delivery attempt, since a state file may hold webhooks registered under another list.
import { BlockList, isIP } from "net";
import { isLoopbackHost } from "./loopback";

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The allow list checked and normalized; a bad entry throws naming it and what is allowed. */
export function checkWebhookHosts(entries: readonly string[] | undefined): string[] {
  return (entries ?? []).map((raw) => {
    const e = raw.trim().toLowerCase().replace(/^\[([^\]]*)\]/, "$1");
    const [addr, bits, extra] = e.split("/");
    const family = isIP(addr);
    const prefixOk = bits === undefined || (/^\d+$/.test(bits) && family !== 0 && Number(bits) <= (family === 4 ? 32 : 128));
    if (extra !== undefined || !prefixOk || (family === 0 && (bits !== undefined || !HOST_NAME.test(e)))) {
      throw new Error(`allowWebhookHosts entry "${raw}": expected a host name (hooks.example.com), an IP address (203.0.113.7) or a network (10.0.0.0/8, fd00::/8)`);
    }
    return e;
  });
}

/** True when a delivery to `url` may leave for its host under the allow list `allowed`. */
export function webhookHostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (isLoopbackHost(host)) return true;
  const family = isIP(host);
  if (family === 0) return allowed.includes(host);
  const list = new BlockList();
  for (const e of allowed) {
    const [addr, bits] = e.split("/");
    const f = isIP(addr);
    if (f === 0) continue;
    const type = f === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list.check(host, family === 4 ? "ipv4" : "ipv6");
}

/** Why a url is refused: what the simulator takes and how to allow more. */
export function webhookHostRefusal(url: URL): string {
  return `url host ${url.hostname} is not loopback: the simulator delivers webhooks only to loopback (127.0.0.0/8, ::1, localhost) ` +
    "unless it is started with the host or network allowed (--allow-webhook-hosts <list>, option allowWebhookHosts)";
}
