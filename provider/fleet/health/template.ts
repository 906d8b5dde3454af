// A member's probe target: the check's URL or host template with the member's facts filled in.

import type { CheckedHealthCheck, ProbeFacts } from "./types";

/** `template` with each {placeholder} replaced; in a URL, every value but an address is percent-encoded. */
export function fillTemplate(template: string, facts: ProbeFacts, encode: boolean): string {
  return template.replace(/\{(mainIp|id|label|key|region)\}/g, (_m, name: keyof ProbeFacts) =>
    encode && name !== "mainIp" ? encodeURIComponent(facts[name]) : facts[name]);
}

/** What a probe of `check` for the member of `facts` tries: a URL, or host:port. */
export function probeTarget(check: CheckedHealthCheck, facts: ProbeFacts): string {
  return check.kind === "http" ? fillTemplate(check.url, facts, true) : `${fillTemplate(check.host, facts, false)}:${check.port}`;
}
