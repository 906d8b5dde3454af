// docs/testing.md's table of test files is the one scripts/testing-table.ts prints from the files'
// opening comments, so a test file added, moved or re-described cannot be missing from (or stale
// in) the page; and no cell of the page's tables is longer than 300 characters.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { firstSentences, MAX_CELL, openingComment, TABLE_END, TABLE_START, testFiles, testingTable, testRow } from "../../scripts/testing-table";

const REPO_ROOT = path.resolve(__dirname, "../../..");
const TESTING = fs.readFileSync(path.join(REPO_ROOT, "docs/testing.md"), "utf8");

/** The cells of every table row of a markdown text (a pipe escaped with a backslash is no border). */
function tableCells(markdown: string): { line: number; cell: string }[] {
  const out: { line: number; cell: string }[] = [];
  markdown.split("\n").forEach((text, i) => {
    if (!/^\s*\|/.test(text)) return;
    for (const cell of text.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/)) out.push({ line: i + 1, cell: cell.trim() });
  });
  return out;
}

describe("docs/testing.md's table of test files", () => {
  it("is exactly the table generated from the test files' opening comments", () => {
    const start = TESTING.indexOf(TABLE_START);
    const end = TESTING.indexOf(TABLE_END);
    expect(start, "docs/testing.md has the start marker").to.be.at.least(0);
    expect(end, "docs/testing.md has the end marker after it").to.be.greaterThan(start);
    const inPage = TESTING.slice(start + TABLE_START.length, end).trim();
    expect(inPage, "run `npm run testing-table` and paste its output into docs/testing.md").to.equal(testingTable());
  });

  it("has one row per test file under test/, each opening with a comment", () => {
    const files = testFiles();
    expect(files.length, "test files").to.be.above(100);
    const rows = testingTable().split("\n").slice(2);
    expect(rows.map((r) => /^\| `([^`]+)`/.exec(r)![1])).to.deep.equal(files);
    for (const f of files) expect(openingComment(fs.readFileSync(path.join(REPO_ROOT, f), "utf8")), f).to.not.equal("");
  });

  it(`has no table cell longer than ${MAX_CELL} characters anywhere in the page`, () => {
    const long = tableCells(TESTING).filter((c) => c.cell.length > MAX_CELL).map((c) => `line ${c.line}: ${c.cell.length} characters`);
    expect(long).to.deep.equal([]);
  });

  describe("the generator itself", () => {
    const sentence = (n: number, word: string): string => `${word} ${"x".repeat(n - word.length - 2)}.`;

    it("takes the first paragraph of the opening comment, lines joined", () => {
      const source = "// One line\n// and the next.\n//\n// A second paragraph.\nimport x from \"y\";\n";
      expect(openingComment(source)).to.equal("One line and the next.");
      expect(openingComment("import x from \"y\";\n// late\n")).to.equal("");
    });

    it("cuts at the last sentence boundary that fits, never inside a sentence", () => {
      const text = [sentence(120, "First"), sentence(120, "Second"), sentence(120, "Third")].join(" ");
      expect(firstSentences(text)).to.equal([sentence(120, "First"), sentence(120, "Second")].join(" "));
      expect(firstSentences("Short. Whole.")).to.equal("Short. Whole.");
      // A full stop inside a path or after e.g. is no boundary.
      const pathy = `See core/urn.ts for it, e.g. That one. ${sentence(290, "Next")}`;
      expect(firstSentences(pathy)).to.equal("See core/urn.ts for it, e.g. That one.");
    });

    it("refuses a first sentence longer than the cell, and a file with no opening comment", () => {
      expect(() => firstSentences(sentence(301, "Long"))).to.throw(/first sentence is longer than 300/);
      expect(() => testRow("test/x.test.ts", "import x from \"y\";\n")).to.throw(/test\/x\.test\.ts opens with no comment/);
    });

    it("says A and B for a file with a shape loop, one otherwise, and escapes pipes", () => {
      expect(testRow("test/a.test.ts", "// Runs a | b.\ndescribeShapes(\"x\", () => {});\n")).to.equal("| `test/a.test.ts` | A and B | Runs a \\| b. |");
      expect(testRow("test/b.test.ts", "// Has no shape.\n")).to.equal("| `test/b.test.ts` | one | Has no shape. |");
    });

    it("lists every *.test.ts under test/, in path order, and nothing else", () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "testing-table-"));
      try {
        fs.mkdirSync(path.join(root, "test/b"), { recursive: true });
        fs.writeFileSync(path.join(root, "test/b/z.test.ts"), "// Zed.\n");
        fs.writeFileSync(path.join(root, "test/a.test.ts"), "// Ay.\n");
        fs.writeFileSync(path.join(root, "test/helper.ts"), "// Not a test.\n");
        expect(testFiles(root)).to.deep.equal(["test/a.test.ts", "test/b/z.test.ts"]);
        expect(testingTable(root).split("\n")).to.have.length(4);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  });
});
