// A Server and a Fleet declared with backups, DDoS protection and SSH keys, on an API whose server
// records show none of them, diff as no change after their create and after a refresh, which keeps
// what was declared. The spec's record tables show none of the three; the simulator shows them
// unless started with `hiddenFields`.
import { expect } from "chai";
import * as fleetTyped from "../../provider/fleet/provider";
import * as serverTyped from "../../provider/server/provider";
import { forgetSettings, serverNews, useSim } from "./harness";
import { loose } from "../helpers/loose-provider";
import { lateSimulator, SHAPES, startTestSimulator } from "../helpers/simulator";
import { testContext } from "../helpers/test-process";

const server = loose(serverTyped);
const fleet = loose(fleetTyped);
type Props = Record<string, any>;

for (const shape of SHAPES) {
  describe(`an API that shows no backups, DDoS protection nor SSH keys, shape ${shape}`, () => {
    const sim = lateSimulator();
    before(async () => {
      sim.started(await startTestSimulator({ shape, hiddenFields: ["backups", "ddos_protection", "ssh_key_ids"] }));
    });
    after(async () => {
      forgetSettings();
      await sim.current()?.close();
    });
    beforeEach(() => useSim(sim.handle));
    // DDoS protection is a create field of shape B only (check refuses it in A).
    const declared: Props = { backups: true, sshKeyIds: ["k1"], ...(shape === "B" ? { ddosProtection: true } : {}) };

    it("a Server declared with them: no change after its create nor after a refresh, which keeps them", async () => {
      const checked = await server.check({}, serverNews(declared));
      expect(checked.failures ?? []).to.deep.equal([]);
      const inputs = checked.inputs as Props;
      const made = await server.create(inputs);
      expect(made.outs).to.deep.include(declared);
      expect(await server.diff(made.id, made.outs, inputs)).to.deep.include({ changes: false });
      const refreshed = await server.read(made.id, made.outs);
      expect(refreshed.props).to.deep.include(declared);
      expect(await server.diff(made.id, refreshed.props, inputs)).to.deep.include({ changes: false });
    });

    it("a Fleet whose members declare them: no change after its create nor after a refresh, whose members keep them", async () => {
      const ctx = () => testContext({ name: "web", project: "proj", stack: "dev" });
      const news = { __provider: "SHELL", defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", ...declared }, groups: [{ name: "web", regions: ["ewr"], count: 2 }] };
      const checked = await fleet.check({}, news, ctx());
      expect(checked.failures ?? []).to.deep.equal([]);
      const inputs = checked.inputs as Props;
      const made = await fleet.create(inputs, ctx());
      expect(await fleet.diff(made.id, made.outs, inputs, ctx())).to.deep.include({ changes: false });
      const refreshed = await fleet.read(made.id, made.outs, ctx());
      for (const m of Object.values(refreshed.props.members) as Props[]) expect(m).to.deep.include(declared);
      const d = await fleet.diff(made.id, refreshed.props, { ...inputs, ...refreshed.inputs, memberSpecs: inputs.memberSpecs }, ctx());
      expect(d).to.deep.include({ changes: false });
    });
  });
}
