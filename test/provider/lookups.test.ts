// The lookups against the simulator in both shapes: each getX and getXOutput filters as documented,
// a miss names what was searched for and the nearest candidates in one message, the catalogue and
// the account are read once per process, and a plain hosting:apiKey is warned about once.
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "../../provider";
import type { TestSimulator } from "../helpers/simulator";
import { KEYS, SHAPES, countRequests, rejection } from "./harness";
import { startTestSimulator } from "../helpers/simulator";
import { valueOf } from "../helpers/output";

/** The warnings the program process sends the engine (`pulumi.log.warn`), collected while these suites run. */
const programWarnings: string[] = [];

for (const shape of SHAPES) {
  describe(`lookups against the simulator, shape ${shape}`, () => {
    let sim: TestSimulator;
    const useKey = (key: string, secret = true) =>
      pulumi.runtime.setAllConfig({ "hosting:apiKey": key, "hosting:baseUrl": sim.url }, secret ? ["hosting:apiKey"] : []);

    const logWarn = pulumi.log.warn;
    before(async () => {
      pulumi.log.warn = async (message: string) => void programWarnings.push(message);
      sim = await startTestSimulator({ shape });
      // The lookups run in the program's process: stack config first (as `pulumi up` sets it,
      // the key a secret).
      useKey(KEYS.full);
    });
    after(async () => {
      pulumi.log.warn = logWarn;
      pulumi.runtime.setAllConfig({});
      await sim.close();
    });

    it("getRegions filters by continent and country; getRegionsOutput gives the same", async () => {
      const europe = await hosting.getRegions({ continent: "europe" });
      expect(europe.ids).to.deep.equal(["ams", "fra", "lhr"]);
      expect(europe.continent).to.equal("europe");
      const us = await hosting.getRegions({ country: "US" });
      expect(us.regions.map((r) => r.city)).to.deep.equal(["New Jersey", "Los Angeles"]);
      expect((await hosting.getRegions()).ids).to.have.length(10);
      const out = await valueOf(hosting.getRegionsOutput({ continent: pulumi.output("Europe"), country: "DE" }));
      expect(out.ids).to.deep.equal(["fra"]);
    });

    it("getRegions and getRegion say what they searched for and list the nearest", async () => {
      const err = await rejection(hosting.getRegions({ continent: "Eurpoe" }));
      expect(err.message).to.equal('getRegions: nothing matches continent "Eurpoe"; nearest: continent "Europe", continent "Africa", continent "Asia"');
      expect((await hosting.getRegion({ id: "fra" })).city).to.equal("Frankfurt");
      expect((await valueOf(hosting.getRegionOutput({ id: "syd" }))).country).to.equal("AU");
      const one = await rejection(hosting.getRegion({ id: "frx" }));
      expect(one.message).to.match(/^getRegion: nothing matches id "frx"; nearest: fra \(Frankfurt\)/);
    });

    it("getPlans filters by type, region, minimum vCPUs and RAM, cheapest first", async () => {
      const res = await hosting.getPlans({ type: "vc2", region: "syd", minVcpus: 2, minRamGb: 8 });
      expect(res.ids).to.deep.equal(["vc2-4c-8gb", "vc2-6c-16gb", "vc2-8c-32gb"]);
      expect(res.plans.every((p) => p.type === "vc2" && p.regions.includes("syd"))).to.equal(true);
      const out = await valueOf(hosting.getPlansOutput({ type: "vdc" }));
      expect(out.ids).to.deep.equal(["vdc-2c-8gb", "vdc-4c-16gb", "vdc-8c-32gb"]);
      const err = await rejection(hosting.getPlans({ type: "vdc", region: "syd" }));
      expect(err.message).to.match(/^getPlans: nothing matches type "vdc", region "syd"; nearest: vdc-2c-8gb \(vdc, 2 vCPU, 8 GiB, \$60\.00\/month, in ewr fra ams nrt\)/);
    });

    it("getPlan finds by id or picks the cheapest that meets the filters", async () => {
      expect((await hosting.getPlan({ id: "vc2-2c-4gb" })).vcpus).to.equal(2);
      expect((await hosting.getPlan({ type: "vhf", minRamGb: 4 })).id).to.equal("vhf-2c-4gb");
      expect((await valueOf(hosting.getPlanOutput({ minVcpus: 6, region: "jnb" }))).id).to.equal("vc2-6c-16gb");
      const filtered = await rejection(hosting.getPlan({ minVcpus: 8, region: "jnb" }));
      expect(filtered.message).to.match(/^getPlan: nothing matches minVcpus 8, region "jnb"; nearest: vc2-6c-16gb/);
      const err = await rejection(hosting.getPlan({ id: "vc2-1c-1g" }));
      expect(err.message).to.match(/^getPlan: nothing matches id "vc2-1c-1g"; nearest: vc2-1c-1gb/);
    });

    it("getOsImages lists a family newest first; getOsImage finds by slug, id or name pattern", async () => {
      const ubuntu = await hosting.getOsImages({ family: "Ubuntu" });
      expect(ubuntu.slugs).to.deep.equal(["ubuntu-24.04", "ubuntu-22.04"]);
      expect((await valueOf(hosting.getOsImagesOutput({ namePattern: "^debian" }))).slugs).to.deep.equal(["debian-12", "debian-11"]);
      expect((await hosting.getOsImage({ slug: "debian-12" })).id).to.equal(2136);
      expect((await hosting.getOsImage({ id: 2284 })).slug).to.equal("ubuntu-24.04");
      expect((await hosting.getOsImage({ namePattern: "LTS" })).slug).to.equal("ubuntu-24.04");
      expect((await valueOf(hosting.getOsImageOutput({ family: "debian" }))).slug).to.equal("debian-12");
    });

    it("getOsImage and getOsImages say what they searched for and list the nearest", async () => {
      const bySlug = await rejection(hosting.getOsImage({ slug: "ubuntu-24.10" }));
      expect(bySlug.message).to.match(/^getOsImage: nothing matches slug "ubuntu-24\.10"; nearest: ubuntu-24\.04 \(2284, Ubuntu 24\.04 LTS x64\)/);
      const byId = await rejection(hosting.getOsImage({ id: 2285 }));
      expect(byId.message).to.match(/^getOsImage: nothing matches id 2285; nearest: ubuntu-24\.04 \(2284/);
      const family = await rejection(hosting.getOsImages({ family: "centos" }));
      expect(family.message).to.include('getOsImages: nothing matches family "centos"; nearest: ');
      const badPattern = await rejection(hosting.getOsImage({ namePattern: "(" }));
      expect(badPattern.message).to.include("is not a regular expression");
    });

    it("getAccount reads the account once per process", async () => {
      await sim.admin("POST", "/stats/reset");
      const [a, b] = await Promise.all([hosting.getAccount(), hosting.getAccount()]);
      expect(a).to.deep.equal({ name: "Simulated Hosting Customer", email: "dev@example.com", balance: "-120.50", pendingCharges: "12.34" });
      expect(await valueOf(hosting.getAccountOutput())).to.deep.equal(b);
      expect(countRequests(await sim.stats(), "GET /v1/account")).to.equal(1);
    });

    it("reads each catalogue once per process, however many lookups ask", async () => {
      await sim.admin("POST", "/stats/reset");
      await Promise.all([hosting.getRegions(), hosting.getRegion({ id: "ams" }), hosting.getPlans(), hosting.getPlan({ id: "vc2-1c-1gb" }), hosting.getOsImages()]);
      const stats = await sim.stats();
      for (const route of ["GET /v1/regions", "GET /v1/plans", "GET /v1/os"]) expect(countRequests(stats, route), route).to.be.at.most(1);
    });

    // The Pulumi program host prints a RunError's message alone; any other error it prints with
    // util.inspect: the stack and every field of the object (an HttpError's method, path, status,
    // code, apiMessage, field, hint).
    const printedAlone = (err: unknown) => {
      expect(pulumi.RunError.isInstance(err), `${(err as Error).name} would be printed with its stack and fields`).to.equal(true);
      expect((err as Error).message).to.not.include("\n");
    };

    it("a lookup's failures reach the user as one message: no match, a bad argument, a refused key, no key", async () => {
      const none = await rejection(hosting.getRegion({ id: "frx" }));
      printedAlone(none);
      expect(none).to.be.instanceOf(hosting.LookupError);
      printedAlone(await rejection(hosting.getPlan({ id: "vc2-1c-1g" })));
      const pattern = await rejection(hosting.getOsImages({ namePattern: "(" }));
      printedAlone(pattern);
      expect(pattern.message).to.match(/^getOsImages: namePattern "\(" is not a regular expression/);
      useKey("unknown-key");
      try {
        const refused = await rejection(hosting.getAccount());
        printedAlone(refused);
        expect(refused.message).to.match(/^getAccount: GET \/v1\/account failed: 401 /).and.include("stack config hosting:apiKey");
        expect(refused.cause?.status, "the API's error stays reachable as the cause").to.equal(401);
        const plans = await rejection(hosting.getPlans({ type: "vc2" }));
        printedAlone(plans);
        expect(plans.message).to.match(/^getPlans \(type "vc2"\): GET \/v1\/plans failed: 401 /);
        pulumi.runtime.setAllConfig({}, []);
        const noKey = await rejection(hosting.getRegions({ continent: "Europe" }));
        printedAlone(noKey);
        expect(noKey.message).to.match(/^getRegions \(continent "Europe"\): no API key for the hosting API/);
      } finally {
        useKey(KEYS.full);
      }
    });

    it("getAccount has a no-match of its own: a key the API does not know", async () => {
      useKey("unknown-key");
      try {
        const err = await rejection(hosting.getAccount());
        expect(err.message).to.include("401").and.include("stack config hosting:apiKey");
      } finally {
        useKey(KEYS.full);
      }
    });

    it("warns once when hosting:apiKey is plain stack config (set without --secret), never with the key", async () => {
      const plainKeyWarnings = () => programWarnings.filter((w) => w.includes("pulumi config set --secret hosting:apiKey"));
      const key = `${KEYS.full}`;
      useKey(key, false);
      try {
        const before = plainKeyWarnings().length;
        await Promise.all([hosting.getRegions(), hosting.getPlan({ id: "vc2-1c-1gb" }), hosting.getAccount()]);
        await hosting.getOsImages();
        const warned = plainKeyWarnings().slice(before);
        expect(warned.length, "at most once per process").to.be.at.most(1);
        // Once per process: an earlier test (the other shape) may have been the one to warn.
        expect(plainKeyWarnings().length, "warned in this process").to.be.at.least(1);
        expect(warned.join("")).to.not.include(key);
      } finally {
        useKey(KEYS.full);
      }
    });
  });
}
