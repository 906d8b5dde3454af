// Every setting a user can give pulumi-hosting, declared once: its stack config key, its
// environment variable, its default, what is allowed and what it does. The readers in this
// folder take their names from here, and README's configuration table is printed from here
// (scripts/settings-table.ts; test/docs/settings-table.test.ts keeps the two equal).
// Precedence, where both exist: the stack config, then the environment.

export interface SettingDeclaration {
  /** Stack config key, `hosting:<name>`; absent when only the environment sets it. */
  readonly config?: string;
  /** Environment variable. */
  readonly env: string;
  /** What applies when it is not set, as a user reads it. */
  readonly default: string;
  /** The values accepted, as a user reads them. */
  readonly allowed: string;
  /** One line: what it does. */
  readonly description: string;
  /** Holds a credential: set it with `pulumi config set --secret`; an error never prints its value. */
  readonly secret: boolean;
}

/** The values of an on/off switch that mean off (any other value, or none, means on). */
export const OFF_VALUES: readonly string[] = ["off", "0", "false", "no"];

/** The values of `apiShape`; `auto` detects the shape from the API's first answer. */
export const API_SHAPE_VALUES = [
  // Each value's comment is its description in schema.json (scripts/schema/generate.ts).
  /** Shape A: envelopes named after the resource (`server`, `servers`), `os_id`, `meta` paging. */
  "A",
  /** Shape B: every envelope is `data`; `os` slugs, `ddos_protection`, `user_data`. */
  "B",
  /** Detected from the API's first answer. */
  "auto",
] as const;

/** The API's response shape, as `hosting:apiShape` takes it. */
export type ApiShapeSetting = (typeof API_SHAPE_VALUES)[number];

/** The plugin's heap growing percent when unset, and the most it takes (provider/plugin/heap-growth.ts; V8's own factor goes up to 4). */
export const HEAP_GROWING_PERCENT = { default: 40, max: 300 } as const;

export const SETTINGS = {
  apiKey: {
    config: "hosting:apiKey",
    env: "HOSTING_API_KEY",
    default: "none: required",
    allowed: "an API key",
    description: "Bearer key of the hosting API; errors name where the key came from.",
    secret: true,
  },
  baseUrl: {
    config: "hosting:baseUrl",
    env: "HOSTING_BASE_URL",
    default: "none: required",
    allowed: "`https://...`; `http://` only to loopback",
    description: "Scheme and host of the API, e.g. the simulator's `http://127.0.0.1:8080`.",
    secret: false,
  },
  apiShape: {
    config: "hosting:apiShape",
    env: "HOSTING_API_SHAPE",
    default: "`auto`",
    allowed: "`A`, `B`, `auto`",
    description: "The API's response shape; `auto` detects it from the first answer.",
    secret: false,
  },
  rateLimitRedis: {
    config: "hosting:rateLimitRedis",
    env: "HOSTING_RATE_LIMIT_REDIS",
    default: "unset: pacing from the API's headers only",
    allowed: "`redis://[user:password@]host:port/db`",
    description: "Redis of the opt-in rate-limit coordinator shared by every stack on one key.",
    secret: true,
  },
  rateLimitCooperation: {
    env: "HOSTING_RATE_LIMIT_COOPERATION",
    default: "`on`",
    allowed: "`off` (or `0`, `false`, `no`); anything else is on",
    description: "`off` paces as if this process had the key's rate limit to itself.",
    secret: false,
  },
  catalogueCache: {
    env: "HOSTING_CATALOGUE_CACHE",
    default: "`on`",
    allowed: "`off` (or `0`, `false`, `no`); anything else is on",
    description: "`off` reads regions, plans and OS images from the API in every process.",
    secret: false,
  },
  catalogueCacheDir: {
    env: "HOSTING_CATALOGUE_CACHE_DIR",
    default: "`$XDG_CACHE_HOME/pulumi-hosting`, else `~/.cache/pulumi-hosting`",
    allowed: "a folder",
    description: "Where the catalogue files live (fresh for 15 minutes); delete it to force a fresh read.",
    secret: false,
  },
  gitopsAllowReplace: {
    env: "HOSTING_GITOPS_ALLOW_REPLACE",
    default: "`false`",
    allowed: "`1`, `true`, `yes`, anything else is false",
    description: "`hosting-gitops`: a plan's replaces and deletes are allowed (as `--allow-replace`).",
    secret: false,
  },
  gitopsMaxMonthlyIncrease: {
    env: "HOSTING_GITOPS_MAX_MONTHLY_INCREASE",
    default: "unset: no budget gate",
    allowed: "an amount of 0 or more, e.g. `50` or `12.50`",
    description: "`hosting-gitops plan` and `cost`: a monthly cost rise above it exits 3 (as `--max-monthly-increase`).",
    secret: false,
  },
  pluginHeapGrowingPercent: {
    env: "HOSTING_PLUGIN_HEAP_GROWING_PERCENT",
    default: `\`${HEAP_GROWING_PERCENT.default}\``,
    allowed: `a whole number from \`0\` to \`${HEAP_GROWING_PERCENT.max}\`; \`0\` is V8's own factor`,
    description: "The plugin's heap grows by this percent at each limit: lower holds less memory and costs more CPU (docs/plugin.md#memory).",
    secret: false,
  },
} as const satisfies Record<string, SettingDeclaration>;

export type SettingName = keyof typeof SETTINGS;
