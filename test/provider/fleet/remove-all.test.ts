// Deleting a group of a fleet's servers (provider/fleet/remove-all.ts): every DELETE before any
// wait, the waits started together, an already-gone server removed with no wait, and failures
// of either half named by member, in key order.
import { expect } from "chai";
import { MemberFailure, type MemberOps } from "../../../provider/fleet/member-ops";
import { removeAll } from "../../../provider/fleet/remove-all";
import type { RecordedMember } from "../../../provider/fleet/types";

const member = (id: string) => ({ id, label: id, region: "ewr", plan: "vc2-1c-1gb", os: "debian-12", osId: 2136, mainIp: "", status: "active", tags: [] }) as RecordedMember;

function recordingOps(opts: { gone?: string[]; deleteFails?: string[]; confirmFails?: string[] } = {}): { ops: MemberOps; calls: string[] } {
  const calls: string[] = [];
  const unused = async (): Promise<never> => {
    throw new Error("not used");
  };
  const ops: MemberOps = {
    create: unused,
    update: unused,
    async sendDelete(key) {
      calls.push(`DELETE ${key}`);
      await Promise.resolve();
      if (opts.deleteFails?.includes(key)) throw new MemberFailure(key, "the API answered 500");
      return !opts.gone?.includes(key);
    },
    confirmDeleted(key) {
      calls.push(`wait ${key}`); // synchronous part: where the real one registers its wait
      return opts.confirmFails?.includes(key) ? Promise.reject(new Error("still listed after 600 s")) : Promise.resolve();
    },
  };
  return { ops, calls };
}

describe("fleet: removing a group of servers", () => {
  it("sends every DELETE before the first wait, and starts the waits together", async () => {
    const { ops, calls } = recordingOps();
    const keys = ["web-ewr-1", "web-ewr-2", "web-fra-1"];
    const res = await removeAll(keys, member, ops);
    expect(calls.slice(0, 3)).to.deep.equal(["DELETE web-ewr-1", "DELETE web-ewr-2", "DELETE web-fra-1"]);
    expect(calls.slice(3).sort()).to.deep.equal(["wait web-ewr-1", "wait web-ewr-2", "wait web-fra-1"]);
    expect(res).to.deep.equal({ removed: keys, failures: [] });
  });

  it("a server already gone is removed with no wait", async () => {
    const { ops, calls } = recordingOps({ gone: ["web-ewr-2"] });
    const res = await removeAll(["web-ewr-1", "web-ewr-2"], member, ops);
    expect(calls).to.not.include("wait web-ewr-2");
    expect(res.removed).to.deep.equal(["web-ewr-1", "web-ewr-2"]);
  });

  it("names the members whose DELETE or wait failed, in key order, and removes only the others", async () => {
    const { ops, calls } = recordingOps({ deleteFails: ["web-fra-1"], confirmFails: ["web-ewr-1"] });
    const res = await removeAll(["web-ewr-1", "web-ewr-2", "web-fra-1"], member, ops);
    expect(calls).to.not.include("wait web-fra-1");
    expect(res.removed).to.deep.equal(["web-ewr-2"]);
    expect(res.failures.map((f) => f.message)).to.deep.equal(["member web-ewr-1: still listed after 600 s", "member web-fra-1: the API answered 500"]);
  });
});
