// The repository stands alone: every relative link of every Markdown file resolves to a file
// of the repository, and no `../` path in any tracked text file climbs above its root.
import { expect } from "chai";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { describeEscape, escapesOf, repoEscapes } from "./repo-paths";

const REPO_ROOT = path.resolve(__dirname, "../../..");

describe("docs: every path stays inside the repository", () => {
  it("no tracked file links or points outside the repository", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
    expect(files.length, "git ls-files").to.be.above(100);
    expect(repoEscapes(REPO_ROOT, files).map(describeEscape)).to.deep.equal([]);
  });

  describe("the check itself", () => {
    let root: string;
    before(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), "repo-paths-"));
      fs.mkdirSync(path.join(root, "docs"));
      fs.writeFileSync(path.join(root, "docs", "here.md"), "# here\n");
    });
    after(() => fs.rmSync(root, { recursive: true, force: true }));

    it("finds a Markdown link outside the repository, one to a missing file, and a `../` that climbs out", () => {
      const text = "[notes](../outside/notes.md)\n[gone](docs/gone.md)\nsee ../../elsewhere/notes.txt\n";
      expect(escapesOf(root, "README.md", text).map(describeEscape)).to.deep.equal([
        "README.md:1: ../outside/notes.md links outside the repository",
        "README.md:2: docs/gone.md links to a missing file",
        "README.md:1: ../outside/notes.md climbs above the repository's root",
        "README.md:3: ../../elsewhere/notes.txt climbs above the repository's root",
      ]);
    });

    it("takes links and paths that stay inside: anchors, URLs, `.../`, compiled files counted from dist/", () => {
      const md = "[a](docs/here.md#top) [b](#x) [c](https://example.com/../x) go/.../@v\n";
      expect(escapesOf(root, "README.md", md)).to.deep.equal([]);
      // test/docs/x.test.ts runs as dist/test/docs/x.test.js: three levels up is the root.
      expect(escapesOf(root, "test/docs/x.test.ts", 'path.resolve(__dirname, "../../..")')).to.deep.equal([]);
      // One level more climbs out (built here so that this file holds no such path itself).
      expect(escapesOf(root, "test/docs/x.test.ts", `path.resolve(__dirname, "${"../".repeat(4)}")`).map((e) => e.why))
        .to.deep.equal(["climbs above the repository's root"]);
    });
  });
});
