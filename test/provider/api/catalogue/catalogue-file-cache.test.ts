// The catalogue file cache a machine's processes share: a second client reads the catalogue and the
// shape with no request, the file never holds the API key, the TTL and a forced shape are honoured,
// and four concurrent writers never show a reader half a file.
import { expect } from "chai";
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { CatalogueFileCache } from "../../../../provider/api/catalogue/catalogue-file-cache";
import { FAST_KEY, UBUNTU_SLUG, useClientSimulator } from "../../../helpers/client-simulator";
import { SHAPES, countRequests } from "../../../helpers/simulator";

for (const shape of SHAPES) {
  describe(`catalogue file cache, shape ${shape}`, () => {
    const sim = useClientSimulator(shape);
    let dir: string;
    beforeEach(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-catalogue-"));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("lets a second client (another process) read the catalogue and the shape with no request", async () => {
      const first = sim().client({ catalogueCacheDir: dir });
      await Promise.all([first.listRegions(), first.listPlans(), first.listOsImages()]);
      const cold = await sim().stats();
      expect(countRequests(cold, "GET /v1/regions") + countRequests(cold, "GET /v1/plans") + countRequests(cold, "GET /v1/os")).to.equal(3);

      await sim().resetStats();
      const second = sim().client({ catalogueCacheDir: dir });
      const [regions, , images] = await Promise.all([second.listRegions(), second.listPlans(), second.listOsImages()]);
      expect(regions.map((r) => r.id)).to.include("ewr");
      expect(images.find((i) => i.slug === UBUNTU_SLUG)).to.not.equal(undefined);
      // The shape came from the file: a create needs its POST only.
      await second.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "from-cache" });
      const warm = await sim().stats();
      expect(warm.total).to.equal(1);
      expect(countRequests(warm, "POST /v1/servers 20")).to.equal(1);
    });

    it("never writes the API key, and reads the API again once the TTL is over", async () => {
      let now = 1_000_000;
      const cache = new CatalogueFileCache(dir, sim().url, 1000, () => now);
      const api = sim().client({ catalogueCacheDir: dir });
      await Promise.all([api.listRegions(), api.listPlans(), api.listOsImages()]);
      for (const f of fs.readdirSync(dir)) expect(fs.readFileSync(path.join(dir, f), "utf8")).to.not.include(FAST_KEY);
      now = Date.now();
      expect(cache.read("regions")).to.not.equal(undefined);
      now += 1000;
      expect(cache.read("regions")).to.equal(undefined);
      // TTL 0: every client reads the API (the way to force a fresh read without deleting the folder).
      await sim().resetStats();
      await sim().client({ catalogueCacheDir: dir, catalogueCacheTtlMs: 0 }).listRegions();
      expect(countRequests(await sim().stats(), "GET /v1/regions")).to.equal(1);
    });

    it("ignores a file written for the other shape when the client's shape is forced", async () => {
      const other = shape === "A" ? "B" : "A";
      new CatalogueFileCache(dir, sim().url, 60_000).write("regions", { items: [{ id: "fake", city: "", country: "", continent: "" }], shape: other });
      await sim().resetStats();
      const regions = await sim().client({ catalogueCacheDir: dir, shape }).listRegions();
      expect(regions.map((r) => r.id)).to.not.include("fake");
      expect(countRequests(await sim().stats(), "GET /v1/regions")).to.equal(1);
    });
  });
}

describe("catalogue file cache, concurrent writers", () => {
  it("never shows a reader half a file while four processes rewrite it", async function () {
    this.timeout(30_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-catalogue-"));
    const module = path.resolve(__dirname, "../../../../provider/api/catalogue/catalogue-file-cache.js");
    const big = Array.from({ length: 500 }, (_, i) => ({ id: `r${i}`, city: "x".repeat(40), country: "", continent: "" }));
    const script =
      `const { CatalogueFileCache } = require(${JSON.stringify(module)});` +
      `const c = new CatalogueFileCache(${JSON.stringify(dir)}, "http://127.0.0.1:1", 60000);` +
      `const items = ${JSON.stringify(big)};` +
      `for (let i = 0; i < 100; i++) c.write("regions", { items, shape: "A" });`;
    const writers = Array.from({ length: 4 }, () => new Promise<number | null>((resolve) => spawn(process.execPath, ["-e", script], { stdio: "inherit" }).on("exit", resolve)));
    const reader = new CatalogueFileCache(dir, "http://127.0.0.1:1", 60_000);
    let seen = 0;
    let missedAfterFirst = 0;
    let done = false;
    void Promise.all(writers).then(() => (done = true));
    while (!done) {
      const hit = reader.read<unknown[]>("regions");
      if (hit) {
        seen++;
        expect(hit.items).to.have.length(500);
      } else if (seen > 0) {
        // Once a file exists, a rewrite in place (truncate, then write) would show a reader an
        // empty or torn file here; a rename never does.
        missedAfterFirst++;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(writers)).to.deep.equal([0, 0, 0, 0]);
    expect(seen).to.be.greaterThan(0);
    expect(missedAfterFirst).to.equal(0);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).to.deep.equal([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
