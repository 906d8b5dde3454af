// The numbers and lists that README and docs state are compared with what the code and the tests
// produce at this commit, so that a change which makes a sentence false fails CI instead of leaving
// the doc behind.
//
// The numbers and lists that README and docs state, compared with what the code and the tests
// produce at this commit, so that a change which makes a sentence false fails CI instead of
// leaving the doc behind: the bad-input count, the `__provider` sizes, the webhook events,
// the simulator's dependencies, the troubleshooting messages, the "What is tested where" table
// (docs/testing.md), the test files the docs cite, README's size and quickstart, and the guide's
// shape: a short index, pages of at most 200 lines linked from it and from README, no evidence in them.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { serverProvider } from "../../provider/server/resource";
import { webhookProvider } from "../../provider/webhook/resource";
import { fleetProvider } from "../../provider/fleet/resource";
import { WEBHOOK_EVENTS } from "../../protocol/events";
import { createClient } from "../../provider/api";
import { KEY_FROM_CONFIG } from "../../provider/core/settings";
import { BAD_INPUT_TABLE_SIZE } from "../provider/bad-input-cases";
import { KEYS, startTestSimulator } from "../helpers/simulator";
import { SHAPE_LOOP, testFiles } from "../../scripts/testing-table";

const REPO_ROOT = path.resolve(__dirname, "../../..");
const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
const README = read("README.md");
const TESTING = read("docs/testing.md");
const ARCHITECTURE = read("docs/architecture.md");
/** The user's guide: its index and one page per task. */
const GUIDE_PAGES = ["docs/guide.md", ...fs.readdirSync(path.join(REPO_ROOT, "docs/guide")).filter((f) => f.endsWith(".md")).map((f) => `docs/guide/${f}`)];
const BENCHMARKS = read("docs/benchmarks.md");
/** The dated benchmark runs, one file each, moved whole out of docs/benchmarks.md. */
const RUN_FILES = fs.readdirSync(path.join(REPO_ROOT, "bench/runs")).filter((f) => f.endsWith(".md")).sort().map((f) => `bench/runs/${f}`);
const RUNS = RUN_FILES.map(read).join("\n");

/** The numbers a regex's first group finds in `text`, commas removed. */
function numbersIn(text: string, re: RegExp): number[] {
  return [...text.matchAll(re)].map((m) => Number(m[1].replace(/,/g, "")));
}

/** The section of a markdown text under `heading`, up to the next heading of any level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  expect(start, heading).to.be.at.least(0);
  const rest = text.slice(start + heading.length + 1);
  const end = rest.search(/^#{1,6} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Every file below `dir` (relative to the repository) whose name ends with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => path.relative(path.join(REPO_ROOT, dir), path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** The lines of a text as `wc -l` counts them (newlines). */
const lineCount = (text: string): number => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** The cells of every table row of a markdown text, code blocks left out. */
function tableCells(text: string): string[] {
  const cells: string[] = [];
  let inCode = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    if (inCode || !line.startsWith("|")) continue;
    cells.push(...line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
  }
  return cells;
}


/** What `pulumi.dynamic.Resource` stores as `__provider` (the SDK's serializeProvider). */
async function providerBytes(provider: pulumi.dynamic.ResourceProvider): Promise<number> {
  const sf = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return Buffer.byteLength(sf.text);
}

describe("README and docs state what the code does", () => {
  it("the bad-input count is the size of the table the test runs", () => {
    const stated = numbersIn(TESTING, /a table of (\d+) cases/g);
    expect(stated, "docs/testing.md states the count").to.have.length.at.least(1);
    for (const n of stated) expect(n, "docs/testing.md bad-input count").to.equal(BAD_INPUT_TABLE_SIZE);
  });

  it("the `__provider` sizes are the bytes the SDK serializes", async () => {
    // The shells of a stack "fleet/dev" (the stack the docs measure): a shell carries its resource's facts.
    const server = await providerBytes(serverProvider({ project: "fleet", stack: "dev" }));
    const webhook = await providerBytes(webhookProvider({ project: "fleet", stack: "dev" }));
    const fleet = await providerBytes(fleetProvider({ project: "fleet", stack: "dev", name: "web" }));
    const docs = README + read("docs/architecture.md") + BENCHMARKS + RUNS;
    const serverStated = numbersIn(docs, /(\d[\d,]*) bytes(?: per server|\s+for Server)/g);
    const webhookStated = numbersIn(docs, /(\d[\d,]*)(?: bytes)? for Webhook/g);
    expect(serverStated, "Server sizes stated").to.have.length.at.least(2);
    expect(webhookStated, "Webhook sizes stated").to.have.length.at.least(1);
    for (const n of serverStated) expect(n, "Server __provider bytes").to.equal(server);
    for (const n of webhookStated) expect(n, "Webhook __provider bytes").to.equal(webhook);
    const fleetStated = numbersIn(docs, /(\d[\d,]*) for a Fleet named `web`/g);
    expect(fleetStated, "Fleet sizes stated").to.have.length.at.least(1);
    for (const n of fleetStated) expect(n, "Fleet __provider bytes").to.equal(fleet);
    expect(Math.max(server, webhook, fleet), "the ≤ 1 KB target README calls met").to.be.at.most(1024);
  });

  it("the webhook events are the protocol's list, in its order", () => {
    const webhook = section(README, "## Resources and lookups");
    const listed = /`events` \(at least one of ([^)]*)\)/s.exec(webhook)?.[1] ?? "";
    expect([...listed.matchAll(/`([a-z_.]+)`/g)].map((m) => m[1])).to.deep.equal([...WEBHOOK_EVENTS]);
  });

  it("the simulator uses exactly the Node built-ins its README names", () => {
    const stated = /built-in modules only \(([^)]*)\)/.exec(read("simulator/README.md"))?.[1] ?? "";
    const named = [...stated.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).sort();
    const used = new Set<string>();
    for (const file of filesUnder("simulator", ".ts").concat(filesUnder("protocol", ".ts").map((f) => `../protocol/${f}`))) {
      for (const m of read(path.join("simulator", file)).matchAll(/from "([^".][^"]*)"/g)) used.add(m[1].replace(/^node:/, ""));
    }
    expect([...used].sort()).to.deep.equal(named);
  });

  it("every troubleshooting message is one the code prints", async () => {
    const sim = await startTestSimulator({ shape: "A" });
    const printed: string[] = [];
    try {
      const refused = createClient({ baseUrl: sim.url, apiKey: "not-a-key", keySource: KEY_FROM_CONFIG, retries: 0 });
      const readOnly = createClient({ baseUrl: sim.url, apiKey: KEYS.read, keySource: KEY_FROM_CONFIG, retries: 0 });
      for (const p of [refused.getAccount(), readOnly.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04" })]) {
        printed.push(await p.then(() => "", (e: Error) => e.message));
      }
    } finally {
      await sim.close();
    }
    const sources = ["provider", "scripts", "protocol"].flatMap((dir) => filesUnder(dir, ".ts").map((f) => read(path.join(dir, f))));
    const haystack = printed.concat(sources).join("\n");
    // Messages of the Pulumi CLI and the shell, not ours.
    const PULUMI_MESSAGES = ["the stack is currently locked", "sh: 1: tsc: not found"];
    const rows = section(README, "## Troubleshooting").split("\n").filter((l) => /^\| `/.test(l));
    expect(rows, "troubleshooting rows").to.have.length.at.least(5);
    for (const row of rows) {
      const message = /^\| `([^`]+)`/.exec(row)![1];
      if (PULUMI_MESSAGES.includes(message)) continue;
      for (const fragment of message.split("...").map((f) => f.trim()).filter(Boolean)) {
        expect(haystack.includes(fragment), `README troubleshooting: "${fragment}" is not what the code prints`).to.equal(true);
      }
    }
  });

  it("the client's paging fleet is the one test/provider/api/paging.test.ts lists", () => {
    const fleet = Number(/const FLEET = ([\d_]+);/.exec(read("test/provider/api/paging.test.ts"))![1].replace(/_/g, ""));
    const stated = numbersIn(TESTING, /paging (\d[\d,]*) servers/g);
    expect(stated, "docs/testing.md states it").to.have.length.at.least(1);
    for (const n of stated) expect(n, "docs/testing.md paging fleet").to.equal(fleet);
  });

  it("the 'What is tested where' table has a row for each test file, saying one exactly for the one-shape files", () => {
    const table = section(TESTING, "## What is tested where");
    const rows = table.split("\n").filter((l) => /^\| `test\//.test(l)).map((l) => l.split("|").map((c) => c.trim()));
    const files = testFiles();
    expect(rows.map((r) => r[1].replace(/`/g, "")), "one row per test file").to.deep.equal(files);
    for (const [, fileCell, shapes] of rows) {
      const file = fileCell.replace(/`/g, "");
      expect(shapes, `${file}: its shapes`).to.equal(SHAPE_LOOP.test(read(file)) ? "A and B" : "one");
    }
  });
  it("README is for users: at most 200 lines, with no dated numbers (those live in docs/benchmarks.md)", () => {
    expect(README.split("\n").length, "README lines").to.be.at.most(200);
    for (const doc of ["README.md", "CONTRIBUTING.md", ...GUIDE_PAGES, "docs/testing.md", "docs/architecture.md"]) {
      expect(read(doc), `${doc} carries a dated measurement`).to.not.match(/\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) 20\d\d\b/);
    }
  });

  it("docs/benchmarks.md holds the current figures in at most 150 lines and links every dated run of bench/runs/", () => {
    expect(BENCHMARKS.split("\n").length, "docs/benchmarks.md lines").to.be.at.most(150);
    expect(RUN_FILES, "bench/runs/ holds the dated runs").to.have.length.at.least(1);
    const linked = [...BENCHMARKS.matchAll(/\]\(\.\.\/(bench\/runs\/[\w.-]+\.md)\)/g)].map((m) => m[1]);
    expect([...new Set(linked)].sort()).to.include.members(RUN_FILES);
  });

  it("docs/guide.md is an index of at most 40 lines, and it and README link each page of docs/guide/", () => {
    const pages = GUIDE_PAGES.filter((p) => p.startsWith("docs/guide/")).map((p) => p.slice("docs/guide/".length));
    expect(pages.length, "pages under docs/guide").to.be.at.least(7);
    const index = read("docs/guide.md");
    expect(lineCount(index), "docs/guide.md lines").to.be.at.most(40);
    for (const page of pages) {
      expect(index, `docs/guide.md links ${page}`).to.include(`](guide/${page}`);
      expect(README, `README links docs/guide/${page}`).to.include(`](docs/guide/${page}`);
    }
  });

  it("each guide page is for users: at most 200 lines, no table cell over 300 characters, no test file or source path", () => {
    for (const page of GUIDE_PAGES) {
      const text = read(page);
      expect(lineCount(text), `${page} lines`).to.be.at.most(200);
      for (const cell of tableCells(text)) expect(cell.length, `${page}: cell "${cell.slice(0, 60)}..."`).to.be.at.most(300);
      expect(text.match(/\btest\/[\w/.-]+|[\w-]+\.test\.ts\b/g) ?? [], `${page}: test files cited`).to.deep.equal([]);
      expect(text.match(/\b(?:provider|simulator|protocol|scripts)\/[\w/.-]+\.(?:ts|js)\b/g) ?? [], `${page}: source paths cited`).to.deep.equal([]);
    }
  });

  it("every test file README and docs cite exists", () => {
    const cited = new Set<string>();
    for (const doc of ["README.md", "CONTRIBUTING.md", ...GUIDE_PAGES, "docs/testing.md", "docs/architecture.md", "docs/benchmarks.md", ...RUN_FILES]) {
      for (const m of read(doc).matchAll(/`(test\/[\w/.-]+\.ts)`/g)) cited.add(m[1]);
    }
    expect(cited.size, "the docs cite test files").to.be.at.least(10);
    for (const file of cited) expect(fs.existsSync(path.join(REPO_ROOT, file)), `${file} is cited but does not exist`).to.equal(true);
  });

  it("the test files scripts/lanes.json names, and the test its note names, exist", () => {
    const lanes = JSON.parse(read("scripts/lanes.json")) as { "//": string; lanes: { tests?: string[] }[] };
    for (const m of lanes["//"].matchAll(/(test\/[\w/.-]+\.test\.ts)/g)) {
      expect(fs.existsSync(path.join(REPO_ROOT, m[1])), `lanes.json's note names ${m[1]}`).to.equal(true);
    }
    for (const test of lanes.lanes.flatMap((l) => l.tests ?? []).filter((t) => !t.includes("*"))) {
      const source = test.replace(/^dist\//, "").replace(/\.js$/, ".ts");
      expect(fs.existsSync(path.join(REPO_ROOT, source)), `lanes.json runs ${test}`).to.equal(true);
    }
  });
  it("the refresh's request count in docs/architecture.md and the guide is the bound test/e2e/refresh-requests.test.ts asserts", () => {
    const bound = Number(/reads\.list \+ reads\.get, .*\.to\.be\.at\.most\((\d+)\)/.exec(read("test/e2e/refresh-requests.test.ts"))![1]);
    const stated = numbersIn(ARCHITECTURE, /asserts at\s+most (\d+) server reads/g);
    expect(stated, "docs/architecture.md states it").to.have.length(1);
    expect(stated[0]).to.equal(bound);
    // The guide's words for it: one list call and at most N GETs, N spelled out.
    const WORDS: Record<string, number> = { no: 0, one: 1, two: 2, three: 3 };
    const gets = [...read("docs/guide/servers.md").matchAll(/makes one list call and at\s+most (\w+) GET/g)].map((m) => WORDS[m[1]]);
    expect(gets, "docs/guide/servers.md states it").to.have.length(1);
    expect(1 + gets[0]).to.equal(bound);
  });
});
