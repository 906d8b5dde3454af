// A tiny router: patterns like "/v1/servers/:id/start", matched segment by segment.
// The pattern doubles as the route name in stats and fault rules.
import type { Permission } from "../options";
import type { Reply, Req } from "./types";
import { ApiRefusal } from "./errors";
import { ERROR_CODES } from "../../protocol/errors";

export type Handler = (req: Req) => Reply;

export interface Route {
  method: string;
  pattern: string;
  segments: string[];
  /** The permission the route needs; null for no auth (admin). */
  permission: Permission | null;
  /** True when the route takes a JSON body (Content-Type is then required). */
  takesBody: boolean;
  handler: Handler;
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, permission: Permission | null, takesBody: boolean, handler: Handler): void {
    this.routes.push({ method, pattern, segments: pattern.split("/"), permission, takesBody, handler });
  }

  /** The route for method + path; `pathMatched` tells a wrong method from an unknown path. */
  match(method: string, path: string): Match | null {
    const parts = path.split("/");
    for (const r of this.routes) {
      if (r.method !== method || r.segments.length !== parts.length) continue;
      const params = matchSegments(r.segments, parts);
      if (params) return { route: r, params };
    }
    return null;
  }

  /** Every route as "METHOD /pattern" (for the header walk test). */
  list(): string[] {
    return this.routes.map((r) => `${r.method} ${r.pattern}`);
  }

  /** The pattern of any route whose path matches, whatever its method (for stats names). */
  patternOf(path: string): string | null {
    const parts = path.split("/");
    for (const r of this.routes) {
      if (r.segments.length === parts.length && matchSegments(r.segments, parts)) return r.pattern;
    }
    return null;
  }
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (seg.startsWith(":")) {
      if (parts[i] === "") return null;
      params[seg.slice(1)] = parts[i];
    } else if (seg !== parts[i]) {
      return null;
    }
  }
  return params;
}

/**
 * Params as the handlers see them, percent-decoded. Matching works on the raw segments so
 * that a malformed encoding (`/v1/servers/%zz`) reaches the pipeline, which decodes after
 * auth and answers 400 instead of failing before anything is checked.
 */
export function decodeParams(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(params)) {
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      throw new ApiRefusal(400, ERROR_CODES.invalidRequest, `path segment "${raw}" (${name}) is not valid percent-encoding; encode it with encodeURIComponent`, name);
    }
  }
  return out;
}
