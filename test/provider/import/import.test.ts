// hosting-import from code, against the real simulator in both shapes: which servers it lists,
// and that what it renders is a valid program and a fleet file that reads back the same.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import { expect } from "chai";
import { createClient } from "../../../provider/api";
import { findServersToImport, importEntry, importName, renderFleet, renderProgram } from "../../../provider/import";
import { readFleetFile } from "../../../examples/fleet/fleet-file";
import { describeShapes, KEYS } from "../../helpers/simulator";

describeShapes("hosting-import", {}, (sim) => {
  const client = () => createClient({ apiKey: KEYS.read, baseUrl: sim.url, keySource: "test" });

  const create = (fields: Record<string, unknown>): Promise<string> => sim.seedServer(fields);

  it("lists by tag, region and label prefix with a Read key, leaving out terminated servers", async () => {
    const a = await create({ label: "web-a", tags: ["fleet"], region: "ewr" });
    const b = await create({ label: "web-b", tags: ["fleet"], region: "fra" });
    await create({ label: "db-c", tags: ["fleet"], region: "ewr" });
    await create({ label: "web-d", tags: ["other"], region: "ewr" });
    const gone = await create({ label: "web-e", tags: ["fleet"], region: "ewr" });
    await sim.admin("PATCH", `/servers/${gone}`, { status: "terminated" });
    const ids = async (f: Parameters<typeof findServersToImport>[1]) => (await findServersToImport(client(), f)).map((s) => s.id);
    expect(await ids({ tag: "fleet", labelPrefix: "web-" })).to.deep.equal([a, b]);
    expect(await ids({ tag: "fleet", labelPrefix: "web-", region: "fra" })).to.deep.equal([b]);
  });

  it("renders a program that compiles, with stable valid names and no ownership tags in tags", async () => {
    const id = await create({ label: "Web Server #1", tags: ["z", "a", "pulumi-stack:old/prod"] });
    const [server] = await findServersToImport(client(), { labelPrefix: "Web Server" });
    const entry = importEntry(server, sim.shape);
    if (sim.shape === "B") expect(entry).to.not.have.property("hostname"); // shape B cannot create one
    expect(entry.name).to.equal(importName(server)).and.to.match(/^web-server-1-[a-z0-9]{8}$/);
    expect(entry.tags).to.deep.equal(["a", "z"]);
    const program = renderProgram([entry], "labelPrefix=Web Server");
    expect(program).to.include(`adoptId: "${id}"`).and.include('label: "Web Server #1"').and.include("carried the ownership tag of pulumi-stack:old/prod");
    const out = ts.transpileModule(program, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } });
    expect(out.diagnostics ?? []).to.have.length(0);
  });

  it("renders fleet entries that the fleet file reads back as adopt entries", async () => {
    await create({ label: "quote\"d: label", tags: ["fleet"] });
    const entries = (await findServersToImport(client(), { tag: "fleet" })).map((s) => importEntry(s, sim.shape));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hosting-import-")), "fleet.yaml");
    fs.writeFileSync(file, renderFleet(entries, "tag=fleet"));
    const fleet = readFleetFile(file);
    expect(fleet.groups).to.deep.equal([]);
    expect(fleet.adopt.map((a) => [a.name, a.adoptId, a.label, a.region, a.plan, a.os])).to.deep.equal(
      entries.map((e) => [e.name, e.adoptId, e.label, e.region, e.plan, e.os]),
    );
  });
});
