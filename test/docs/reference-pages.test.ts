// docs/reference holds the reference pages Pulumi's documentation generator makes from
// schema.json (scripts/gen-docs.sh, `npm run docs:reference`). They must be current: the
// stamp names the schema they were made from and the pages as made, so a schema change
// without new pages, or a hand-edited page, fails here. Where the generator is already built
// on this machine (after `npm run docs:reference`), the pages are also made again and compared.
import { expect } from "chai";
import { execFileSync } from "child_process";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const REFERENCE = path.join(ROOT, "docs", "reference");
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** Every page under dir, relative as `find .` prints it, in byte order (LC_ALL=C sort). */
function pages(dir: string): string[] {
  const walk = (rel: string): string[] =>
    fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${rel}/${e.name}`) : e.name.endsWith(".md") ? [`${rel}/${e.name}`] : []));
  return walk(".").sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The stamp's `pages` hash: sha256 of `sha256sum`'s lines for the sorted pages. */
function pagesHash(dir: string): string {
  return sha256(pages(dir).map((p) => `${sha256(fs.readFileSync(path.join(dir, p)))}  ${p}\n`).join(""));
}

function stamp(): Record<string, string> {
  return Object.fromEntries(fs.readFileSync(path.join(REFERENCE, "STAMP"), "utf8").trim().split("\n").map((l) => l.split(" ")));
}

/**
 * The generator gen-docs.sh runs: built once per machine (Go, minutes the first time; `npm test`'s
 * set-up starts that build in the background, and this waits for it under the script's lock).
 * A machine where it cannot be built fails this test with the script's own message.
 */
function generator(): string {
  try {
    return execFileSync("bash", [path.join(ROOT, "scripts", "gen-docs.sh"), "--tool"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? "").trim();
    throw new Error(`the docs generator could not be built (${stderr || String(err)}); run: bash scripts/gen-docs.sh --tool`);
  }
}

describe("docs/reference (the reference pages of schema.json)", function () {
  this.timeout(60_000);
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "schema.json"), "utf8"));

  it("were made from the committed schema.json (run `npm run docs:reference` after `npm run schema`)", () => {
    expect(stamp()["schema.json"]).to.equal(sha256(fs.readFileSync(path.join(ROOT, "schema.json"))));
  });

  it("are the pages as the generator made them, not edited by hand", () => {
    expect(stamp().pages).to.equal(pagesHash(REFERENCE));
  });

  it("have one page per resource and function, the provider and the package", () => {
    const names = [...Object.keys(schema.resources), ...Object.keys(schema.functions)].map((t) => t.split(":")[2].toLowerCase());
    const expected = ["./_index.md", "./provider/_index.md", ...names.map((n) => `./${n}/_index.md`)].sort();
    expect(pages(REFERENCE).sort()).to.deep.equal(expected);
    for (const n of names) {
      const page = fs.readFileSync(path.join(REFERENCE, n, "_index.md"), "utf8");
      // The example of every language the schema's description gives, not "Coming soon!".
      for (const lang of ["typescript", "python", "go", "java", "yaml"]) {
        expect(page, `${n}: ${lang} example`).to.match(new RegExp(`values="${lang}">\\s*\`\`\`${lang}\\n`));
      }
    }
  });

  it("are what the generator makes of schema.json now", function () {
    this.timeout(30 * 60_000);
    const tool = generator();
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "reference-pages-"));
    try {
      execFileSync(tool, [path.join(ROOT, "schema.json"), out], { stdio: "pipe" });
      const made = pages(out);
      expect(made).to.deep.equal(pages(REFERENCE));
      for (const p of made) expect(fs.readFileSync(path.join(out, p), "utf8"), p).to.equal(fs.readFileSync(path.join(REFERENCE, p), "utf8"));
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
