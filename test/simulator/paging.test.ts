// The simulator's server listing in both shapes: paging by cursor and by page number with next and
// prev links, the per_page default and limit, filters with meta.total, sorts whose cursors keep the
// order, forged cursors refused, and cursors that survive deletes.
import { expect } from "chai";
import { SHAPES, startTestSimulator, unwrapList, type TestSimulator } from "../helpers/simulator";

describe("simulator: listing servers", () => {
  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      let sim: TestSimulator;
      const created: { id: string; label: string; region: string; tags: string[] }[] = [];
      before(async () => {
        sim = await startTestSimulator({ shape, seed: 7 });
        for (let i = 0; i < 25; i++) {
          const region = i % 2 === 0 ? "ewr" : "fra";
          const tags = i % 5 === 0 ? ["db"] : ["web"];
          const label = `srv-${String(i).padStart(2, "0")}`;
          // Shape B takes tags only through PATCH (its create table has none).
          const res = await sim.api("POST", "/v1/servers", { body: sim.createBody({ label, region, ...(shape === "A" ? { tags } : {}) }) });
          const body = (await res.json()) as any;
          const id = (shape === "A" ? body.server : body.data).id;
          if (shape === "B") await sim.api("PATCH", `/v1/servers/${id}`, { body: { tags } });
          created.push({ id, label, region, tags });
        }
      });
      after(() => sim.close());

      const get = async (pathOrUrl: string): Promise<ReturnType<typeof unwrapList>> => {
        const path = pathOrUrl.startsWith("http") ? pathOrUrl.slice(sim.url.length) : pathOrUrl;
        const res = await sim.api("GET", path);
        expect(res.status).to.equal(200);
        return unwrapList(shape, await res.json());
      };

      it("pages by cursor from the next link until next is null", async () => {
        const seen: string[] = [];
        let page = await get("/v1/servers?per_page=10");
        expect(page.total).to.equal(25);
        expect(page.prev).to.equal(null);
        let pages = 1;
        seen.push(...page.items.map((s) => s.id));
        while (page.next) {
          expect(page.next.startsWith(`${sim.url}/v1/servers?`)).to.equal(true);
          expect(page.next).to.contain("cursor=");
          page = await get(page.next);
          seen.push(...page.items.map((s) => s.id));
          pages++;
        }
        expect(pages).to.equal(3);
        expect(seen).to.deep.equal(created.map((c) => c.id));
      });

      it("follows prev links back to the first page", async () => {
        const p1 = await get("/v1/servers?per_page=10");
        const p2 = await get(p1.next!);
        expect(p2.prev).to.be.a("string");
        const back = await get(p2.prev!);
        expect(back.items.map((s) => s.id)).to.deep.equal(p1.items.map((s) => s.id));
      });

      it("pages by page number; a short last page, next null", async () => {
        const p3 = await get("/v1/servers?per_page=10&page=3");
        expect(p3.items.map((s) => s.id)).to.deep.equal(created.slice(20).map((c) => c.id));
        expect(p3.next).to.equal(null);
        expect(p3.prev).to.contain("page=2");
        const p1 = await get("/v1/servers?per_page=10&page=1");
        expect(p1.next).to.contain("page=2");
      });

      it("defaults per_page to 100 and refuses more than 500 with 400 naming per_page", async () => {
        const all = await get("/v1/servers");
        expect(all.items).to.have.length(25);
        expect(all.next).to.equal(null);
        expect((await get("/v1/servers?per_page=500")).items).to.have.length(25);
        const res = await sim.api("GET", "/v1/servers?per_page=501");
        expect(res.status).to.equal(400);
        expect(((await res.json()) as any).error).to.include({ code: "INVALID_REQUEST", field: "per_page" });
      });

      it("filters by label, region and tag, with meta.total counting the matches", async () => {
        const byLabel = await get("/v1/servers?label=srv-03");
        expect(byLabel.items.map((s) => s.id)).to.deep.equal([created[3].id]);
        const byRegion = await get("/v1/servers?region=fra&per_page=5");
        expect(byRegion.total).to.equal(12);
        expect(byRegion.items.every((s) => s.region === "fra")).to.equal(true);
        expect(byRegion.next).to.contain("region=fra");
        const rest = await get(byRegion.next!);
        expect(rest.items.every((s) => s.region === "fra")).to.equal(true);
        const byTag = await get("/v1/servers?tag=db");
        expect(byTag.items.map((s) => s.id)).to.deep.equal(created.filter((c) => c.tags.includes("db")).map((c) => c.id));
      });

      it("sorts by date_created desc and by label, with cursors that keep the order", async () => {
        const desc = await get(`/v1/servers?sort=${shape === "A" ? "date_created" : "created_at"}&order=desc&per_page=10`);
        expect(desc.items.map((s) => s.id)).to.deep.equal(created.slice(15).reverse().map((c) => c.id));
        const next = await get(desc.next!);
        expect(next.items.map((s) => s.id)).to.deep.equal(created.slice(5, 15).reverse().map((c) => c.id));
        const byLabel = await get("/v1/servers?sort=label&order=desc&per_page=3");
        expect(byLabel.items.map((s) => s.label)).to.deep.equal(["srv-24", "srv-23", "srv-22"]);
        expect((await get(byLabel.next!)).items.map((s) => s.label)).to.deep.equal(["srv-21", "srv-20", "srv-19"]);
      });

      it("refuses an unknown sort, a bad order and a forged cursor with 400", async () => {
        for (const [q, field] of [["sort=price", "sort"], ["order=up", "order"], ["cursor=garbage", "cursor"], ["page=0", "page"], ["per_page=ten", "per_page"]]) {
          const res = await sim.api("GET", `/v1/servers?${q}`);
          expect(res.status, q).to.equal(400);
          expect(((await res.json()) as any).error.field).to.equal(field);
        }
      });

      it("keeps a cursor valid when servers are deleted between pages", async () => {
        const p1 = await get("/v1/servers?per_page=10");
        await sim.admin("DELETE", `/servers/${created[10].id}`);
        const p2 = await get(p1.next!);
        expect(p2.items[0].id).to.equal(created[11].id);
      });
    });
  }
});
