// The install layouts of a release (scripts/release/install-layouts.ts) on small made-up
// packages: the Go module proxy read by `go mod download` itself (file://, no network), the PEP
// 503 index's names and hashes, the zip writer read back, and the one-version rule.
import { expect } from "chai";
import { execFileSync } from "child_process";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { escapeModulePath, writeGoProxy } from "../../scripts/release/go-proxy";
import { normalizeProjectName, writeSimpleIndex } from "../../scripts/release/pep503";
import { releaseVersion, withVersion } from "../../scripts/release/version";
import { readZip, writeZip } from "../../scripts/release/zip-file";
import { parseReleaseArgs } from "../../scripts/release/main";

const MODULE = "github.com/pulumi-hosting/pulumi-hosting/sdk";
const EPOCH = 1_790_000_000;

describe("release install layouts", function () {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-layouts-"));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it("zip: what writeZip writes, readZip and unzip read back, the same bytes for the same inputs", () => {
    const entries = [
      { name: "a/go.mod", data: Buffer.from("module a\n") },
      { name: "a/b/c.txt", data: Buffer.alloc(10_000, "x") },
    ];
    const zip = writeZip(entries, EPOCH);
    expect(writeZip(entries, EPOCH).equals(zip)).to.equal(true);
    expect([...readZip(zip).entries()].map(([n, d]) => [n, d.toString()])).to.deep.equal(entries.map((e) => [e.name, e.data.toString()]));
    fs.writeFileSync(path.join(work, "t.zip"), zip);
    expect(execFileSync("unzip", ["-Z1", path.join(work, "t.zip")], { encoding: "utf8" }).trim().split("\n")).to.deep.equal(["a/go.mod", "a/b/c.txt"]);
    execFileSync("unzip", ["-tq", path.join(work, "t.zip")]);
  });

  it("Go: module paths are case-escaped as the proxy protocol spells them", () => {
    expect(escapeModulePath("github.com/Azure/azure-sdk")).to.equal("github.com/!azure/azure-sdk");
    expect(escapeModulePath(MODULE)).to.equal(MODULE);
  });

  it("Go: `go mod download` takes the module from the proxy folder, files under <module>@v<version>/", () => {
    const sdk = path.join(work, "sdk");
    fs.mkdirSync(path.join(sdk, "go", "hosting"), { recursive: true });
    fs.writeFileSync(path.join(sdk, "go.mod"), `module ${MODULE}\n\ngo 1.24\n`);
    fs.writeFileSync(path.join(sdk, "go", "hosting", "hosting.go"), "package hosting\n\nconst Name = \"hosting\"\n");
    execFileSync("tar", ["-czf", path.join(work, "sdk.tar.gz"), "-C", sdk, "go.mod", "go"]);
    const out = path.join(work, "release");
    const files = writeGoProxy({ goSdkArchive: path.join(work, "sdk.tar.gz"), outDir: out, module: MODULE, version: "1.2.3", epoch: EPOCH });
    expect(files).to.deep.equal(["list", "v1.2.3.info", "v1.2.3.mod", "v1.2.3.zip"].map((f) => `go/${MODULE}/@v/${f}`));
    expect(fs.readFileSync(path.join(out, "go", MODULE, "@v", "list"), "utf8")).to.equal("v1.2.3\n");
    expect(JSON.parse(fs.readFileSync(path.join(out, "go", MODULE, "@v", "v1.2.3.info"), "utf8"))).to.deep.equal({ Version: "v1.2.3", Time: new Date(EPOCH * 1000).toISOString() });
    expect([...readZip(fs.readFileSync(path.join(out, "go", MODULE, "@v", "v1.2.3.zip"))).keys()]).to.deep.equal([`${MODULE}@v1.2.3/go.mod`, `${MODULE}@v1.2.3/go/hosting/hosting.go`]);

    const env = { ...process.env, GOPROXY: `file://${out}/go`, GONOSUMDB: "github.com/pulumi-hosting", GOMODCACHE: path.join(work, "modcache"), GOFLAGS: "-modcacherw", GOTOOLCHAIN: "local" };
    const got = JSON.parse(execFileSync("go", ["mod", "download", "-json", `${MODULE}@v1.2.3`], { cwd: work, env, encoding: "utf8" })) as { Version: string; Dir: string; Error?: string };
    expect(got.Error).to.equal(undefined);
    expect(got.Version).to.equal("v1.2.3");
    expect(fs.readFileSync(path.join(got.Dir, "go", "hosting", "hosting.go"), "utf8")).to.include('const Name = "hosting"');
  });

  it("Go: an archive whose go.mod names another module is refused", () => {
    fs.writeFileSync(path.join(work, "go.mod"), "module example.com/other\n");
    execFileSync("tar", ["-czf", path.join(work, "sdk.tar.gz"), "-C", work, "go.mod"]);
    expect(() => writeGoProxy({ goSdkArchive: path.join(work, "sdk.tar.gz"), outDir: work, module: MODULE, version: "1.2.3", epoch: EPOCH })).to.throw(
      `the SDK's go.mod declares module "example.com/other"; the release serves "${MODULE}"`,
    );
  });

  it("Python: the index names the project by its normalized name and links each file with its sha256", () => {
    expect(normalizeProjectName("pulumi_hosting")).to.equal("pulumi-hosting");
    expect(normalizeProjectName("Pulumi.__Hosting")).to.equal("pulumi-hosting");
    const metadata = "Metadata-Version: 2.1\nName: pulumi_hosting\nVersion: 1.2.3\nRequires-Python: >=3.9\n\nlong description\nName: not-this\n";
    fs.writeFileSync(path.join(work, "pulumi_hosting-1.2.3-py3-none-any.whl"), writeZip([{ name: "pulumi_hosting-1.2.3.dist-info/METADATA", data: Buffer.from(metadata) }], EPOCH));
    fs.writeFileSync(path.join(work, "pulumi_hosting-1.2.3.tar.gz"), "sdist");
    const files = writeSimpleIndex({ outDir: work, distributions: ["pulumi_hosting-1.2.3-py3-none-any.whl", "pulumi_hosting-1.2.3.tar.gz"] });
    expect(files).to.deep.equal(["python/simple/index.html", "python/simple/pulumi-hosting/index.html"]);
    expect(fs.readFileSync(path.join(work, files[0]!), "utf8")).to.include('<a href="pulumi-hosting/">pulumi-hosting</a>');
    const page = fs.readFileSync(path.join(work, files[1]!), "utf8");
    const sha = (f: string) => createHash("sha256").update(fs.readFileSync(path.join(work, f))).digest("hex");
    expect(page).to.include(`<a href="../../../pulumi_hosting-1.2.3-py3-none-any.whl#sha256=${sha("pulumi_hosting-1.2.3-py3-none-any.whl")}" data-requires-python="&gt;=3.9">`);
    expect(page).to.include(`<a href="../../../pulumi_hosting-1.2.3.tar.gz#sha256=${sha("pulumi_hosting-1.2.3.tar.gz")}" data-requires-python="&gt;=3.9">`);
  });

  it("Python: a file of another project is refused", () => {
    fs.writeFileSync(path.join(work, "pulumi_hosting-1.2.3-py3-none-any.whl"), writeZip([{ name: "pulumi_hosting-1.2.3.dist-info/METADATA", data: Buffer.from("Name: pulumi_hosting\n") }], EPOCH));
    expect(() => writeSimpleIndex({ outDir: work, distributions: ["pulumi_hosting-1.2.3-py3-none-any.whl", "other-1.0.tar.gz"] })).to.throw("other-1.0.tar.gz is not a distribution of pulumi_hosting");
  });

  it("version: --version sets it, package.json's otherwise; anything but MAJOR.MINOR.PATCH is refused by name", () => {
    expect(releaseVersion("0.1.0")).to.equal("0.1.0");
    expect(releaseVersion("0.1.0", "2.10.0")).to.equal("2.10.0");
    expect(() => releaseVersion("0.1.0", "v2.0.0")).to.throw(`--version is "v2.0.0"; allowed: MAJOR.MINOR.PATCH without a leading "v", e.g. 0.2.0`);
    expect(() => releaseVersion("0.1.0", "1.0.0-rc.1")).to.throw("--version is");
    expect(() => releaseVersion("1.0")).to.throw(`package.json's "version" is "1.0"`);
    expect(parseReleaseArgs(["--version", "0.3.0"], {}, work).version).to.equal("0.3.0");
    expect(() => parseReleaseArgs(["--version"], {}, work)).to.throw("--version needs a value");
    expect(JSON.parse(withVersion('{"name":"x","version":"0.1.0","bin":{"a":"b"}}', "0.3.0"))).to.deep.equal({ name: "x", version: "0.3.0", bin: { a: "b" } });
  });
});
