// The two wire shapes of the API (`x-shape` in docs/openapi.yaml): which envelope key each shape uses, and which
// create fields each shape's table lists. The client builds its requests from these tables
// and the simulator renders and checks with them, so the two speak the same protocol.

export type ApiShape = "A" | "B";

/** Envelope keys: shape A names the resource (`server`, `servers`, ...), shape B says `data`. */
export const ENVELOPE_KEYS = {
  server: { A: "server", B: "data" },
  servers: { A: "servers", B: "data" },
  webhook: { A: "webhook", B: "data" },
  webhooks: { A: "webhooks", B: "data" },
  os: { A: "os", B: "data" },
  plans: { A: "plans", B: "data" },
} as const satisfies Record<string, Record<ApiShape, string>>;

/** The create fields of each shape (`CreateServerA`/`CreateServerB` of docs/openapi.yaml). */
export const CREATE_FIELDS = {
  A: ["region", "plan", "os_id", "label", "hostname", "ssh_key_ids", "backups", "tags"],
  B: ["region", "plan", "os", "label", "ssh_key_ids", "backups", "ddos_protection", "user_data"],
} as const satisfies Record<ApiShape, readonly string[]>;

/** What PATCH /v1/servers/:id takes in both shapes ("updates the label; tags are accepted"). */
export const PATCH_FIELDS = ["label", "tags"] as const;

const SHAPE_A_KEYS = ["server", "servers", "os", "plans", "webhook", "webhooks"];

/**
 * The shape an envelope shows: `data` is shape B; `server(s)`, `os`, `plans`, `webhook(s)`
 * are shape A. `regions` and `account` are the same in both and tell nothing.
 */
export function shapeOfEnvelope(body: unknown): ApiShape | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  if ("data" in body) return "B";
  if (SHAPE_A_KEYS.some((k) => k in body)) return "A";
  return undefined;
}
