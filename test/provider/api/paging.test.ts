// The client lists by paging 1,234 servers, by cursor and by page number, in both shapes: each
// server once, a filter carried in the next links, no page fetched ahead of the caller, and next
// links followed only on the API's own base.
import { expect } from "chai";
import { paginate } from "../../../provider/api/wire/paginate";
import { startClientSimulator, type ClientSimulator, learnCatalogue, wireCreate } from "../../helpers/client-simulator";
import { SHAPES, countRequests } from "../../helpers/simulator";

const FLEET = 1234;

for (const shape of SHAPES) {
  describe(`API client paging, shape ${shape}`, () => {
    let sim: ClientSimulator;

    before(async function () {
      this.timeout(60_000);
      sim = await startClientSimulator(shape, { provisionMs: 60_000 });
      await learnCatalogue(sim);
      // Seeded through the API itself, with the unlimited key.
      await sim.seedServers(FLEET, (i) => wireCreate(shape, `fleet-${i}`, { tags: i % 10 === 0 ? ["tenth"] : [] }));
    });
    after(() => sim.close());
    beforeEach(() => sim.resetStats());

    for (const paging of ["cursor", "page"] as const) {
      it(`lists all ${FLEET} servers with ${paging} paging in pages of 500, each once`, async () => {
        const api = sim.client({ paging, shape });
        const all = await api.listAllServers();
        expect(all).to.have.length(FLEET);
        expect(new Set(all.map((s) => s.id)).size).to.equal(FLEET);
        expect(new Set(all.map((s) => s.label))).to.have.property("size", FLEET);
        const stats = await sim.stats();
        // ceil(1234 / 500) = 3 pages, not one request more.
        expect(stats.byRoute["GET /v1/servers 200"]).to.equal(3);
        expect(api.stats().byRoute["GET /v1/servers"]).to.equal(3);
      });

      it(`pages a filtered listing with ${paging} paging (the filter rides along in next links)`, async () => {
        const api = sim.client({ paging, shape, perPage: 50 });
        const tenth = await api.listAllServers({ tag: "tenth" });
        expect(tenth).to.have.length(Math.ceil(FLEET / 10));
        expect(tenth.every((s) => s.tags.includes("tenth"))).to.equal(true);
        // 124 items in pages of 50: 3 pages.
        expect(countRequests(await sim.stats(), "GET /v1/servers 200")).to.equal(3);
      });
    }

    it("stops iterating when the caller stops (no page fetched ahead)", async () => {
      const api = sim.client({ shape });
      let n = 0;
      for await (const _s of api.listServers()) if (++n === 10) break;
      expect(countRequests(await sim.stats(), "GET /v1/servers 200")).to.equal(1);
    });

    it("stops on an exact multiple of per_page in page mode after one empty page", async () => {
      // 124 tagged servers = 2 * 62: page 3 is empty and ends the walk (fewer than per_page).
      const api = sim.client({ paging: "page", perPage: 62, shape });
      expect(await api.listAllServers({ tag: "tenth" })).to.have.length(124);
      expect(countRequests(await sim.stats(), "GET /v1/servers 200")).to.equal(3);
    });
  });
}

describe("paginate", () => {
  const page = (items: number, next?: string | null, where: "B" | "A" = "B") => ({
    items: Array.from({ length: items }, (_, i) => ({ id: String(i) })),
    body: where === "B" ? { links: { next: next ?? null } } : { meta: { links: next === undefined ? {} : { next } } },
  });

  it("follows next links only on our own base (path and query kept, host dropped)", async () => {
    const asked: string[] = [];
    const pages = [page(2, "https://elsewhere.example.com/v1/servers?cursor=abc&per_page=2"), page(1, null)];
    const it = paginate("/v1/servers", { tag: "x" }, {
      mode: "cursor",
      perPage: 2,
      fetchPage: async (p) => {
        asked.push(p);
        return pages.shift()!;
      },
    });
    const items: unknown[] = [];
    for await (const i of it) items.push(i);
    expect(items).to.have.length(3);
    expect(asked).to.deep.equal(["/v1/servers?tag=x&per_page=2", "/v1/servers?cursor=abc&per_page=2"]);
  });

  it("ends on `links: {}` (shape A) and on a next link seen before", async () => {
    let calls = 0;
    const empty = paginate("/v1/os", {}, { mode: "cursor", perPage: 500, fetchPage: async () => (calls++, page(3, undefined, "A")) });
    for await (const _ of empty) void _;
    expect(calls).to.equal(1);
    calls = 0;
    const loop = paginate("/v1/servers", {}, { mode: "cursor", perPage: 1, fetchPage: async () => (calls++, page(1, "/v1/servers?cursor=same")) });
    for await (const _ of loop) void _;
    expect(calls).to.equal(2);
  });
});
