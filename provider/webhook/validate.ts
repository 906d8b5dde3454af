// What a webhook's `check` can prove before anything is created: types, event names and the
// URL's form and reach. Every failure names the field and what is allowed.

import { WEBHOOK_EVENTS } from "../api/wire/types";
import { validateKinds, type CheckFailure, type Kind } from "../core/check-kinds";
import { containsUnknown } from "../core/unknown";
import { reachOf } from "./url-reach";

const WEBHOOK_FIELDS: Record<string, Kind> = { url: "string", events: "string[]", secret: "string" };

/**
 * `apiIsLoopback`: the API base URL is itself loopback (the simulator), so a receiver on
 * this machine is reachable; against a real API it would not be.
 */
export function validateWebhook(news: Record<string, unknown>, apiIsLoopback = false): CheckFailure[] {
  const failures = validateKinds(news, WEBHOOK_FIELDS);
  const known = (k: string) => news[k] !== undefined && !containsUnknown(news[k]) && !failures.some((f) => f.property === k);
  if (news.url === undefined) failures.push({ property: "url", reason: "url is required: the public http(s) URL that receives the events" });
  if (news.events === undefined) failures.push({ property: "events", reason: `events is required; allowed: ${WEBHOOK_EVENTS.join(", ")}` });
  if (known("url")) failures.push(...httpUrlFailures("url", news.url as string, apiIsLoopback, DELIVERY));
  if (known("events")) {
    const events = news.events as string[];
    const bad = events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (events.length === 0) failures.push({ property: "events", reason: `events is empty; name at least one of: ${WEBHOOK_EVENTS.join(", ")}` });
    if (bad.length > 0) {
      failures.push({ property: "events", reason: `unknown event${bad.length > 1 ? "s" : ""} ${bad.map((e) => `"${e}"`).join(", ")}; allowed: ${WEBHOOK_EVENTS.join(", ")}` });
    }
  }
  return failures;
}

/** Why a URL must be public, in the refusals of a webhook's url. */
const DELIVERY = "the API delivers events over the internet";

/**
 * The URL rules of a webhook's url, for any field that names a URL on the API's side of the
 * network (a Fleet's health check too): an absolute http(s) URL whose host is public, or
 * loopback while the API is loopback as well. `why` says, in a refusal, why the host must be public.
 */
export function httpUrlFailures(property: string, url: string, apiIsLoopback: boolean, why: string, hostIsServers: (host: string) => boolean = () => false): CheckFailure[] {
  if (!isHttpUrl(url)) return [{ property, reason: `${property} "${url}" is not an absolute http:// or https:// URL` }];
  const host = new URL(url).hostname;
  // A host the API hands out (a server's own address) needs no reach rule.
  return hostIsServers(host) ? [] : urlReachFailures(host, apiIsLoopback, property, why);
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** Refusals for the URL's host; each names the field and the rule that matched. */
export function urlReachFailures(host: string, apiIsLoopback: boolean, property = "url", purpose = DELIVERY): CheckFailure[] {
  const { reach, rule } = reachOf(host);
  const refuse = (why: string) => [{ property, reason: `${property} host "${host}" ${why}` }];
  if (reach === "invalid") return refuse(`is not a valid host (rule: ${rule}); give a public http(s) URL`);
  if (reach === "private") {
    return refuse(`is not a public address (rule: ${rule}); ${purpose}, so give a public http(s) URL`);
  }
  if (reach === "loopback" && !apiIsLoopback) {
    return refuse(`is loopback (rule: ${rule}), accepted only while the API base URL is loopback too (the simulator); give a public http(s) URL`);
  }
  return [];
}
