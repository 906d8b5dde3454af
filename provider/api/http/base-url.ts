// The one check of an API base URL, used by the client's options and by the provider's
// settings: absolute http(s), and plain http:// only to loopback, where the key crosses no
// network. Callers say where the value came from; this module says what is wrong with it.

/** Why a base URL is refused: a sentence without its source, which the caller prefixes. */
export class BaseUrlProblem extends Error {
  override readonly name = "BaseUrlProblem";
}

/** The origin and path of a usable base URL (no trailing slash, no `/v1`); throws BaseUrlProblem. */
export function normalizeBaseUrl(raw: string, allowInsecureHttp = false): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BaseUrlProblem(`"${raw}", which is not a valid URL; give one like https://api.example.com or http://127.0.0.1:8080`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new BaseUrlProblem(`"${raw}", which is ${url.protocol}; only https:// (or http:// to loopback) is allowed`);
  }
  if (url.protocol === "http:" && !allowInsecureHttp && !isLoopback(url.hostname)) {
    throw new BaseUrlProblem(
      `"${raw}": plain http:// to ${url.hostname}, which is not loopback, would send the API key across the network in clear text; use https://`,
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, "").replace(/\/v1$/, "");
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
