// The simulator's catalogue and account in both shapes: at least 8 regions on several continents,
// 12 plans with their regions and filters, 10 OS images with an integer id and a slug, and the
// account for any valid key.
import { expect } from "chai";
import { SHAPES, startTestSimulator, KEYS, type TestSimulator } from "../helpers/simulator";

describe("simulator: catalogue and account", () => {
  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      let sim: TestSimulator;
      before(async () => {
        sim = await startTestSimulator({ shape });
      });
      after(() => sim.close());

      const list = (body: any, key: string): any[] => (shape === "A" ? body[key] : body.data);

      it("lists at least 8 regions on several continents under `regions`", async () => {
        const res = await sim.api("GET", "/v1/regions");
        expect(res.status).to.equal(200);
        const { regions } = (await res.json()) as any;
        expect(regions.length).to.be.at.least(8);
        expect(new Set(regions.map((r: any) => r.continent)).size).to.be.at.least(4);
        for (const r of regions) {
          expect(r).to.have.all.keys("id", "city", "country", "continent");
          expect(r.country).to.match(/^[A-Z]{2}$/);
        }
      });

      it("lists 12 plans of more than one type, each with its regions", async () => {
        const body = (await (await sim.api("GET", "/v1/plans")).json()) as any;
        const plans = list(body, "plans");
        expect(plans).to.have.length(12);
        expect(new Set(plans.map((p: any) => p.type)).size).to.be.at.least(2);
        for (const p of plans) {
          expect(p.regions).to.be.an("array").with.length.above(0);
          expect(p.ram_mb % 1024).to.equal(0);
          expect(p.price_per_hour).to.match(/^\d+\.\d{4}$/);
        }
        if (shape === "A") expect(body.meta.total).to.equal(12);
      });

      it("filters plans by type and by region", async () => {
        const byType = list(await (await sim.api("GET", "/v1/plans?type=vdc")).json(), "plans");
        expect(byType).to.have.length.above(0);
        expect(byType.every((p: any) => p.type === "vdc")).to.equal(true);
        const byRegion = list(await (await sim.api("GET", "/v1/plans?region=jnb")).json(), "plans");
        expect(byRegion).to.have.length.above(0);
        expect(byRegion.every((p: any) => p.regions.includes("jnb"))).to.equal(true);
        expect(byRegion.length).to.be.below(12);
        const both = list(await (await sim.api("GET", "/v1/plans?type=vdc&region=jnb")).json(), "plans");
        expect(both).to.deep.equal([]);
      });

      it("lists 10 OS images with integer id and slug", async () => {
        const os = list(await (await sim.api("GET", "/v1/os")).json(), "os");
        expect(os).to.have.length(10);
        for (const o of os) {
          expect(Number.isInteger(o.id)).to.equal(true);
          expect(o.slug).to.match(/^[a-z0-9.-]+$/);
          expect(o).to.include.keys("name", "family", "arch", "released");
        }
        expect(new Set(os.map((o: any) => o.slug)).size).to.equal(10);
      });

      it("answers /v1/account under `account` for any valid key, read included", async () => {
        const res = await sim.api("GET", "/v1/account", { key: KEYS.read });
        expect(res.status).to.equal(200);
        const { account } = (await res.json()) as any;
        expect(account).to.have.all.keys("name", "email", "balance", "pending_charges");
        expect(account.balance).to.match(/^-?\d+\.\d{2}$/);
      });
    });
  }
});
