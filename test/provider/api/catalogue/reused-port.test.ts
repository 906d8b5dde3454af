// A client of a simulator on the loopback port a closed simulator of the other shape used learns
// the new one's shape. The OS hands ports out again within one test run, and the catalogue file
// cache every test process shares (test/helpers/run-folders.ts) keeps a file per base URL;
// the plugin suite failed this way when a shape B face took a port a shape A suite had used.
import { expect } from "chai";
import { createClient } from "../../../../provider/api";
import { KEYS, SHAPES, startTestSimulator } from "../../../helpers/simulator";

for (const first of SHAPES) {
  const second = first === "A" ? "B" : "A";
  describe(`catalogue file cache and a reused port, shape ${first} then ${second}`, () => {
    it(`a client of the shape ${second} simulator on the port learns shape ${second}`, async () => {
      const dir = process.env.HOSTING_CATALOGUE_CACHE_DIR;
      expect(dir, "the mocha setup's private cache folder").to.be.a("string");
      const old = await startTestSimulator({ shape: first });
      await createClient({ baseUrl: old.url, apiKey: KEYS.full, catalogueCacheDir: dir }).listOsImages();
      const port = old.port;
      await old.close();

      const now = await startTestSimulator({ shape: second, port });
      try {
        expect(now.port).to.equal(port);
        const client = createClient({ baseUrl: now.url, apiKey: KEYS.full, catalogueCacheDir: dir });
        await client.listOsImages();
        expect(await client.shape).to.equal(second);
      } finally {
        await now.close();
      }
    });
  });
}
