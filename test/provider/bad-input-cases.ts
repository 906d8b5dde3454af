// The bad-input table: every case names the field, the input and the message that
// must name what is allowed. test/provider/bad-input.test.ts runs it in both shapes;
// test/docs/readme-facts.test.ts checks that README's count is this table's size.

type Props = Record<string, unknown>;
export interface Case {
  name: string;
  news: Props;
  property: string;
  message: RegExp;
}

const long = "x".repeat(256);

export const SERVER_CASES: Case[] = [
  { name: "region missing", news: { region: undefined }, property: "region", message: /^region is required$/ },
  { name: "region a number", news: { region: 5 }, property: "region", message: /region must be a string, not number 5/ },
  { name: "unknown region", news: { region: "xyz" }, property: "region", message: /region "xyz" does not exist; allowed: .*ewr/ },
  { name: "plan missing", news: { plan: undefined }, property: "plan", message: /^plan is required$/ },
  { name: "unknown plan", news: { plan: "vc2-9c-9gb" }, property: "plan", message: /plan "vc2-9c-9gb" does not exist; allowed in ewr: .*vc2-1c-1gb/ },
  { name: "plan not offered in region", news: { region: "syd", plan: "vdc-2c-8gb" }, property: "plan", message: /not offered in region "syd".*plans offered in syd: / },
  { name: "no OS at all", news: { os: undefined }, property: "os", message: /an OS is required: give os .* or osId/ },
  { name: "unknown OS slug", news: { os: "ubuntu-99" }, property: "os", message: /"ubuntu-99" is not an OS image slug.*ubuntu-24.04/ },
  { name: "unknown OS id", news: { os: undefined, osId: 9999 }, property: "osId", message: /osId 9999 is not an OS image id/ },
  { name: "osId not an integer", news: { os: undefined, osId: 1.5 }, property: "osId", message: /osId must be an integer/ },
  { name: "osId a string", news: { os: undefined, osId: "2284" }, property: "osId", message: /osId must be an integer/ },
  { name: "os and osId disagree", news: { os: "ubuntu-24.04", osId: 2136 }, property: "osId", message: /os "ubuntu-24.04" is image 2284 but osId 2136 is .*give one of them, or two that name the same image/ },
  { name: "empty label", news: { label: "" }, property: "label", message: /label must not be empty/ },
  { name: "overlong label", news: { label: long }, property: "label", message: /label is 256 characters; at most 255 are allowed/ },
  { name: "label a number", news: { label: 7 }, property: "label", message: /label must be a string/ },
  { name: "tags not a list", news: { tags: "web" }, property: "tags", message: /tags must be a list of strings/ },
  { name: "tags with a number", news: { tags: ["web", 3] }, property: "tags", message: /tags must be a list of strings/ },
  { name: "duplicate tags", news: { tags: ["web", "web"] }, property: "tags", message: /tag "web" is listed twice/ },
  { name: "empty tag", news: { tags: [""] }, property: "tags", message: /each tag must be 1 to 255/ },
  { name: "overlong tag", news: { tags: [long] }, property: "tags", message: /each tag must be 1 to 255/ },
  { name: "sshKeyIds not a list", news: { sshKeyIds: "key-1" }, property: "sshKeyIds", message: /sshKeyIds must be a list of strings/ },
  { name: "backups a string", news: { backups: "yes" }, property: "backups", message: /backups must be a boolean/ },
  { name: "ddosProtection a number", news: { ddosProtection: 1 }, property: "ddosProtection", message: /ddosProtection must be a boolean/ },
  { name: "userData an object (its value not echoed)", news: { userData: { script: "s3cr3t" } }, property: "userData", message: /^userData must be a string, not an object$/ },
  { name: "unknown powerState", news: { powerState: "paused" }, property: "powerState", message: /allowed: "running", "stopped"/ },
  { name: "negative time-out", news: { waitTimeoutSeconds: -5 }, property: "waitTimeoutSeconds", message: /must be a positive number/ },
  { name: "zero time-out", news: { waitTimeoutSeconds: 0 }, property: "waitTimeoutSeconds", message: /must be a positive number/ },
  { name: "time-out a string", news: { waitTimeoutSeconds: "60" }, property: "waitTimeoutSeconds", message: /must be a positive number/ },
  { name: "malformed hostname", news: { hostname: "bad_host!" }, property: "hostname", message: /not a valid host name/ },
  { name: "overlong hostname", news: { hostname: "a".repeat(300) }, property: "hostname", message: /not a valid host name/ },
  { name: "a misspelt property", news: { regoin: "ewr" }, property: "regoin", message: /unknown property "regoin".*region/ },
  { name: "ownerTag a list", news: { ownerTag: ["a"] }, property: "ownerTag", message: /ownerTag must be a string/ },
];

export const WEBHOOK_OK = { __provider: "SHELL", url: "https://hooks.example.com/in", events: ["server.created"], secret: "s".repeat(32) };
export const WEBHOOK_CASES: Case[] = [
  { name: "url missing", news: { url: undefined }, property: "url", message: /url is required/ },
  { name: "url not a URL", news: { url: "not a url" }, property: "url", message: /url "not a url" is not an absolute http:\/\/ or https:\/\/ URL/ },
  { name: "url with another scheme", news: { url: "ftp://hooks.example.com/in" }, property: "url", message: /is not an absolute http:\/\/ or https:\/\/ URL/ },
  { name: "url to a link-local (metadata) address", news: { url: "http://169.254.169.254/latest" }, property: "url", message: /is not a public address/ },
  { name: "url to an internal-only name", news: { url: "https://hooks.internal/in" }, property: "url", message: /is not a public address/ },
  { name: "url to a private address", news: { url: "http://10.0.0.5/in" }, property: "url", message: /url host "10.0.0.5" is not a public address/ },
  { name: "url to loopback while the API is not loopback", news: { url: "http://127.0.0.1:8080/in" }, property: "url", message: /url host "127.0.0.1" is loopback \(rule: 127\.0\.0\.0\/8 \(loopback\)\), accepted only while the API base URL is loopback too/ },
  { name: "events missing", news: { events: undefined }, property: "events", message: /events is required; allowed: server.created/ },
  { name: "no events", news: { events: [] }, property: "events", message: /events is empty; name at least one of: server.created/ },
  { name: "unknown event", news: { events: ["server.exploded"] }, property: "events", message: /unknown event "server.exploded"; allowed: server.created/ },
  { name: "events not a list", news: { events: "server.created" }, property: "events", message: /events must be a list of strings/ },
  { name: "secret a number (its value not echoed)", news: { secret: 4242424242 }, property: "secret", message: /^secret must be a string, not a number$/ },
];

export const SETTINGS_CASES: { name: string; config: Record<string, string | undefined>; env?: Record<string, string>; message: RegExp }[] = [
  { name: "no API key anywhere", config: { "hosting:baseUrl": "http://127.0.0.1:1" }, message: /hosting:apiKey.*HOSTING_API_KEY/s },
  { name: "no base URL anywhere", config: { "hosting:apiKey": "k" }, message: /hosting:baseUrl.*HOSTING_BASE_URL/s },
  { name: "a malformed base URL", config: { "hosting:apiKey": "k", "hosting:baseUrl": "api.hosting" }, message: /stack config hosting:baseUrl is "api.hosting", which is not a valid URL/ },
  { name: "plain http to a remote host", config: { "hosting:apiKey": "k", "hosting:baseUrl": "http://api.hosting.example" }, message: /hosting:baseUrl is "http:\/\/api.hosting.example": plain http:\/\/ .* use https:\/\// },
  { name: "an unknown API shape", config: { "hosting:apiKey": "k", "hosting:baseUrl": "http://127.0.0.1:1", "hosting:apiShape": "C" }, message: /hosting:apiShape is "C"; allowed: "A", "B" or "auto"/ },
];

/** Rows of the table: what README calls "a table of N cases". */
export const BAD_INPUT_TABLE_SIZE = SERVER_CASES.length + WEBHOOK_CASES.length + SETTINGS_CASES.length;
