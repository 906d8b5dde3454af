// One OS resolution (provider/api/catalogue/match.ts), one table of its rules: an exact slug,
// a slug in another case, an id as a number or as digits, `os` and `osId` that agree or not,
// and a miss with its near-miss hint or without one. Every caller goes through the same rows:
// the rule itself, core's findOs (the normal form, the diff, adoption), the check's validation,
// the normal form, the client's OsCatalogue (create), the getOsImage lookup, and against the
// simulator a Server's check and a Fleet's.
import { expect } from "chai";
import { describeOs, resolveOs } from "../../provider/api/catalogue/match";
import { OsCatalogue, OsNotFoundError } from "../../provider/api/catalogue/os-catalogue";
import type { HostingApi, OsImage } from "../../provider/api/wire/types";
import { findOs, type CatalogueSnapshot } from "../../provider/core/catalogue";
import { findOsImage } from "../../provider/lookups/os-images";
import * as fleetTyped from "../../provider/fleet/provider";
import * as serverTyped from "../../provider/server/provider";
import { normalizeServerInputs } from "../../provider/server/normalize";
import { validateServerCatalogue } from "../../provider/server/validate";
import { OS_IMAGES } from "../../simulator/catalogue-data";
import { loose } from "../helpers/loose-provider";
import { describeProviderShapes, rejection, serverNews } from "./harness";

const server = loose(serverTyped);
const fleet = loose(fleetTyped);

/** The simulator's images: the callers below that ask the simulator see the same list. */
const IMAGES: OsImage[] = OS_IMAGES.map((o) => ({ ...o }));
const CAT: CatalogueSnapshot = { regions: [], plans: [], osImages: IMAGES };
const image = (id: number) => IMAGES.find((i) => i.id === id)!;

interface Row {
  name: string;
  os?: string;
  osId?: number;
  /** The image named (`os`'s when both are given). */
  image?: number;
  /** The field that names nothing, and the hint its error carries ("" for none). */
  miss?: { field: "os" | "osId"; hint: string };
  /** `os` and `osId` name different images. */
  conflict?: boolean;
}

const NEAR_UBUNTU = "; did you mean ubuntu-24.04 (2284)?";
const ROWS: Row[] = [
  { name: "an exact slug", os: "ubuntu-24.04", image: 2284 },
  { name: "a slug in another case", os: "Ubuntu-24.04", image: 2284 },
  { name: "an id as a number", osId: 2136, image: 2136 },
  { name: "an id as digits where a slug goes", os: "2136", image: 2136 },
  { name: "a slug and an id naming the same image", os: "DEBIAN-12", osId: 2136, image: 2136 },
  { name: "a near miss of a slug", os: "ubuntu-24.4", miss: { field: "os", hint: NEAR_UBUNTU } },
  { name: "a near miss of an id", osId: 2285, miss: { field: "osId", hint: NEAR_UBUNTU } },
  { name: "a slug far from every image", os: "plan9", miss: { field: "os", hint: "" } },
  { name: "an id far from every image", osId: 9999, miss: { field: "osId", hint: "" } },
  { name: "a slug and an id naming different images", os: "ubuntu-24.04", osId: 2136, image: 2284, conflict: true },
];

const refOf = (row: Row) => ({ ...(row.os !== undefined ? { os: row.os } : {}), ...(row.osId !== undefined ? { osId: row.osId } : {}) });
const valid = (row: Row) => !row.miss && !row.conflict;
/** The check's failure for a row, as every caller that validates words it. */
function expectedFailure(row: Row): { property: string; reason: RegExp } {
  if (row.conflict) return { property: "osId", reason: /^os "ubuntu-24\.04" is image 2284 but osId 2136 is "debian-12"; give one of them/ };
  const m = row.miss!;
  const what = m.field === "os" ? `os "${row.os}" is not an OS image slug or id` : `osId ${row.osId} is not an OS image id`;
  return { property: m.field, reason: new RegExp(`^${escape(what + m.hint)}; allowed: .*${escape(describeOs(image(2284)))}`) };
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("one OS resolution: the rules, through every caller", () => {
  for (const row of ROWS) {
    describe(row.name, () => {
      it("the rule itself (resolveOs)", () => {
        const { image: found, problems } = resolveOs(IMAGES, refOf(row));
        expect(found?.id).to.equal(row.image);
        if (valid(row)) expect(problems).to.deep.equal([]);
        if (row.miss) expect(problems).to.deep.equal([{ kind: "unknown", field: row.miss.field, given: row[row.miss.field], hint: row.miss.hint }]);
        if (row.conflict) expect(problems).to.deep.equal([{ kind: "conflict", os: image(2284), osId: image(2136) }]);
      });

      it("core's findOs", () => {
        expect(findOs(CAT, refOf(row))?.id).to.equal(row.image);
      });

      it("the check's validation", () => {
        const failures = validateServerCatalogue(refOf(row), CAT, []);
        if (valid(row)) return expect(failures).to.deep.equal([]);
        const want = expectedFailure(row);
        expect(failures).to.have.length(1);
        expect(failures[0]!.property).to.equal(want.property);
        expect(failures[0]!.reason).to.match(want.reason);
      });

      // Rows the check refuses never reach the normal form.
      if (valid(row)) it("the normal form records the slug and the id", () => {
        const ins = normalizeServerInputs({ region: "ewr", plan: "vc2-1c-1gb", ...refOf(row) }, CAT);
        expect([ins.os, ins.osId]).to.deep.equal([image(row.image!).slug, row.image]);
      });

      it("the client's create (OsCatalogue.resolve)", () => {
        const catalogue = new OsCatalogue(IMAGES);
        if (valid(row)) return expect(catalogue.resolve(refOf(row)).id).to.equal(row.image);
        let error: unknown;
        try {
          catalogue.resolve(refOf(row));
        } catch (e) {
          error = e;
        }
        expect(error).to.be.instanceOf(OsNotFoundError);
        const message = (error as Error).message;
        if (row.conflict) return expect(message).to.equal('`os` "ubuntu-24.04" (id 2284) and `osId` 2136 (debian-12) name different images; give one');
        const what = row.miss!.field === "os" ? `slug or id "${row.os}"` : `id ${row.osId}`;
        expect(message.startsWith(`no OS image with ${what} in GET /v1/os${row.miss!.hint}; known images: ubuntu-24.04 (2284), `), message).to.equal(true);
      });

      it("the getOsImage lookup (slug and id arguments)", async () => {
        const client = { listOsImages: async () => IMAGES } as unknown as HostingApi;
        const args = { ...(row.os !== undefined ? { slug: row.os } : {}), ...(row.osId !== undefined ? { id: row.osId } : {}) };
        if (valid(row)) return expect((await findOsImage(client, args)).id).to.equal(row.image);
        const error = await rejection(findOsImage(client, args));
        expect(error.message).to.match(/^getOsImage: nothing matches .*; nearest: /);
        // A lookup lists the nearest always; the hinted one comes first.
        if (row.miss?.hint) expect(error.message).to.include("; nearest: ubuntu-24.04 (2284, ");
      });
    });
  }
});

describeProviderShapes((shape) => `one OS resolution through the checks against the simulator, shape ${shape}`, () => {
  for (const row of ROWS) {
    it(`a Server's check: ${row.name}`, async () => {
      const news = serverNews({ os: undefined, ...refOf(row) });
      const res = await server.check({}, news);
      if (valid(row)) {
        expect(res.failures ?? []).to.deep.equal([]);
        return expect([res.inputs.os, res.inputs.osId]).to.deep.equal([image(row.image!).slug, row.image]);
      }
      const want = expectedFailure(row);
      const failures = (res.failures ?? []) as Array<{ property: string; reason: string }>;
      expect(failures.map((f) => f.property)).to.deep.equal([want.property]);
      expect(failures[0]!.reason).to.match(want.reason);
    });
  }

  // A Fleet's groups name their image by `os` alone.
  for (const row of ROWS.filter((r) => r.os !== undefined && r.osId === undefined)) {
    it(`a Fleet's check: ${row.name}`, async () => {
      const res = await fleet.check({}, { defaults: { plan: "vc2-1c-1gb", os: row.os }, groups: [{ name: "web", regions: ["ewr"], count: 1 }] });
      if (valid(row)) {
        expect(res.failures ?? []).to.deep.equal([]);
        // A member's spec keeps the image once, by the slug the row resolves to (no osId beside it).
        const specs = Object.values(res.inputs.memberSpecs as Record<string, { os: string; osId?: number }>);
        return expect(specs.map((s) => [s.os, s.osId])).to.deep.equal([[image(row.image!).slug, undefined]]);
      }
      const failures = (res.failures ?? []) as Array<{ property: string; reason: string }>;
      expect(failures.map((f) => f.property)).to.deep.equal(["groups[0].os"]);
      expect(failures[0]!.reason).to.match(new RegExp(`^groups\\[0\\] \\(web\\): ${expectedFailure(row).reason.source.slice(1)}`));
    });
  }
});
