// What the plugin loads at its start: the protocol, gRPC, the client and the resources. Not the
// program SDK's root (`@pulumi/pulumi`: its automation API, closure serialization, TypeScript
// and npm's package tooling), which the plugin never calls, nor axios, which the client loads
// at its first request (a preview or a no-change `up` reads the catalogue from its file cache
// and sends none). Every start of the plugin (each `pulumi` command, each explicit provider)
// pays for what it loads.
import { execFile } from "child_process";
import * as path from "path";
import { expect } from "chai";

const MAIN = path.resolve(__dirname, "../../../provider/plugin/main.js");

/** The package paths a fresh Node process holds after requiring the plugin's main module. */
function loadedBy(file: string): Promise<string[]> {
  const script = `require(${JSON.stringify(file)}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-e", script], { timeout: 30_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split("\n").pop()!) as string[]),
    );
  });
}

describe("what the plugin loads", () => {
  it("loads neither @pulumi/pulumi's root nor TypeScript nor npm's tooling", async function () {
    this.timeout(30_000);
    const loaded = await loadedBy(MAIN);
    expect(loaded.some((f) => f.includes(`${path.sep}provider${path.sep}plugin${path.sep}service.js`)), "the plugin's service").to.equal(true);
    const unwanted = loaded.filter((f) =>
      /node_modules\/@pulumi\/pulumi\/(index|automation\/index|runtime\/index)\.js$/.test(f) ||
      /node_modules\/(typescript|@npmcli\/arborist|@sigstore\/[^/]+|pacote)\//.test(f));
    expect([...new Set(unwanted.map((f) => f.replace(/^.*node_modules\//, "").split("/").slice(0, 3).join("/")))]).to.deep.equal([]);
  });

  it("does not load axios: the API client loads it at its first request", async function () {
    this.timeout(30_000);
    const loaded = await loadedBy(MAIN);
    expect(loaded.filter((f) => f.includes(`${path.sep}node_modules${path.sep}axios${path.sep}`))).to.deep.equal([]);
  });
});
