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
  if (known("url") && !isHttpUrl(news.url as string)) {
    failures.push({ property: "url", reason: `url "${news.url}" is not an absolute http:// or https:// URL` });
  } else if (known("url")) {
    failures.push(...urlReachFailures(new URL(news.url as string).hostname, apiIsLoopback));
  }
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

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** Refusals for the URL's host; each names the field and the rule that matched. */
function urlReachFailures(host: string, apiIsLoopback: boolean): CheckFailure[] {
  const { reach, rule } = reachOf(host);
  const refuse = (why: string) => [{ property: "url", reason: `url host "${host}" ${why}` }];
  if (reach === "invalid") return refuse(`is not a valid host (rule: ${rule}); give a public http(s) URL`);
  if (reach === "private") {
    return refuse(`is not a public address (rule: ${rule}); the API delivers events over the internet, so give a public http(s) URL`);
  }
  if (reach === "loopback" && !apiIsLoopback) {
    return refuse(`is loopback (rule: ${rule}), accepted only while the API base URL is loopback too (the simulator); give a public http(s) URL`);
  }
  return [];
}
