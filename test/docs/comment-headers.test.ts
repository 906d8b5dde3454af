// No file in provider/ opens with more than 12 lines of comment, and no comment in provider/,
// simulator/ or protocol/ tells a past run's finding, an issue number or how much larger something
// once was.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "../../..");
const MAX_HEADER_LINES = 12;
const HISTORY = /soak found|issue [0-9]+|[0-9]+ ?% larger/;

function files(dir: string, keep: (name: string) => boolean): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return files(rel, keep);
    return keep(e.name) ? [rel] : [];
  });
}

/** Lines of comment before a file's first line of code (blank lines between comments not counted). */
export function openingCommentLines(text: string): number {
  let count = 0;
  let inBlock = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (inBlock) {
      count++;
      if (line.includes("*/")) inBlock = false;
    } else if (line === "" || line.startsWith("#!")) {
      continue;
    } else if (line.startsWith("//")) {
      count++;
    } else if (line.startsWith("/*")) {
      count++;
      inBlock = !line.slice(2).includes("*/");
    } else {
      break;
    }
  }
  return count;
}

function headerOffenders(): string[] {
  return files("provider", (n) => n.endsWith(".ts")).filter(
    (f) => openingCommentLines(fs.readFileSync(path.join(ROOT, f), "utf8")) > MAX_HEADER_LINES,
  );
}

function historyOffenders(): string[] {
  return ["provider", "simulator", "protocol"]
    .flatMap((d) => files(d, () => true))
    .filter((f) => HISTORY.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
}

describe("comment headers", () => {
  it("counts the comment lines before the first line of code", () => {
    expect(openingCommentLines("// a\n// b\n\n// c\nimport x;\n// d\n")).to.equal(3);
    expect(openingCommentLines("#!/usr/bin/env node\n/**\n * a\n */\nexport {};\n")).to.equal(3);
    expect(openingCommentLines("/* one */\nconst a = 1;\n")).to.equal(1);
    expect(openingCommentLines("export const a = 1; // not a header\n")).to.equal(0);
  });

  it(`no file in provider/ opens with more than ${MAX_HEADER_LINES} comment lines`, () => {
    expect(headerOffenders().sort(), "cut the header to what the module is and why and link docs for the rest").to.deep.equal([]);
  });

  it("no comment in provider/, simulator/ or protocol/ tells a past run's finding, an issue or a past figure", () => {
    expect(historyOffenders().sort(), `files matching ${HISTORY} (history belongs in git and CHANGELOG.md)`).to.deep.equal([]);
  });
});
