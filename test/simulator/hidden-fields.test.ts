// A simulator started with `hiddenFields` (`--hide-fields`) leaves those server record fields out
// of every answer (a create, a get, a list), as an API whose records show only the spec's tables
// would; it still keeps them, and a field it cannot hide is refused at start, naming the allowed ones.
import { expect } from "chai";
import { startSimulator } from "../../simulator";
import { describeShapes, unwrapList, unwrapServer } from "../helpers/simulator";

const HIDDEN = ["backups", "ddos_protection", "ssh_key_ids"];

describeShapes("simulator: hidden record fields", { hiddenFields: ["backups", "ddos_protection", "ssh_key_ids"] }, (sim, shape) => {
  it("a create, a get and a list show none of the hidden fields; the admin view still has them", async () => {
    const res = await sim.api("POST", "/v1/servers", { body: sim.createBody({ ssh_key_ids: ["k1"], backups: shape === "A" ? "enabled" : true }) });
    const created = unwrapServer(shape, await res.json());
    const got = unwrapServer(shape, await (await sim.api("GET", `/v1/servers/${created.id}`)).json());
    const listed = unwrapList(shape, await (await sim.api("GET", "/v1/servers")).json()).items;
    for (const [what, s] of [["create", created], ["get", got], ["list", listed[0]]] as const) {
      expect(Object.keys(s).filter((k) => HIDDEN.includes(k)), what).to.deep.equal([]);
      expect(s, what).to.include({ id: created.id, region: "ewr", plan: "vc2-1c-1gb" });
    }
    const raw = (await sim.rawServers()).find((s: any) => s.id === created.id);
    expect(raw).to.include({ backups: true });
    expect(raw.ssh_key_ids).to.deep.equal(["k1"]);
  });
});

describe("simulator: hiddenFields refused", () => {
  it("names the field it cannot hide and the ones it can", async () => {
    let message = "";
    try {
      const handle = await startSimulator({ port: 0, hiddenFields: ["tags" as never] });
      await handle.close();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).to.equal('hiddenFields: "tags" cannot be hidden; allowed: backups, ddos_protection, ssh_key_ids');
  });
});
