// Versioned state: the upgrade steps, their order, the refusal of a state from a later release, and
// each resource's steps on the states release 0.1.0 wrote, whose diff against their own recorded
// inputs stays empty once upgraded.
//
// Versioned state (provider/core/state-version.ts): the steps, their order, the refusal of a
// state from a later release, the wrapper both faces call; and each resource's steps on the
// states release 0.1.0 really wrote (test/upgrade/recordings), whose diff against their own
// recorded inputs must stay empty once upgraded.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { STATE_VERSION_KEY, upgradeState, withStateVersions, type StateVersions } from "../../../provider/core/state-version";
import type { ProviderImpl, RawProps } from "../../../provider/core/route";
import { SERVER_STATE_VERSIONS } from "../../../provider/server/upgrade";
import { WEBHOOK_STATE_VERSIONS } from "../../../provider/webhook/upgrade";
import { FLEET_STATE_VERSIONS } from "../../../provider/fleet/upgrade";
import * as server from "../../../provider/server/provider";
import * as webhook from "../../../provider/webhook/provider";
import * as fleet from "../../../provider/fleet/provider";
import { ResourceInitFailedError } from "../../../provider/server/resource-init-failed";
import { testContext } from "../../helpers/test-process";

const RECORDINGS = path.resolve(__dirname, "..", "..", "..", "..", "test", "upgrade", "recordings");
const SIG = "4dabf18193072939515e22adb298388d";

/** A secret (a ciphertext in the export) as one marker: inputs and outputs hold the same plaintext. */
function opaque(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(opaque);
  if (v !== null && typeof v === "object") {
    if (SIG in (v as RawProps)) return "[secret]";
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, opaque(x)]));
  }
  return v;
}

interface RecordedResource {
  type: string;
  id: string;
  inputs: RawProps;
  outputs: RawProps;
}

function recordedStates(): Array<{ name: string; resource: RecordedResource }> {
  const out: Array<{ name: string; resource: RecordedResource }> = [];
  for (const release of fs.readdirSync(RECORDINGS).sort()) {
    for (const rec of fs.readdirSync(path.join(RECORDINGS, release)).sort()) {
      const state = JSON.parse(fs.readFileSync(path.join(RECORDINGS, release, rec, "state.json"), "utf8"));
      for (const r of state.deployment.resources) {
        if (/(Server|Webhook|Fleet)$/.test(r.type)) out.push({ name: `${release}/${rec} ${r.type.split(/[:/]/).pop()}`, resource: opaque(r) as RecordedResource });
      }
    }
  }
  return out;
}

const KINDS: Record<string, { versions: StateVersions; impl: ProviderImpl<unknown, unknown> }> = {
  Server: { versions: SERVER_STATE_VERSIONS, impl: server.impl as unknown as ProviderImpl<unknown, unknown> },
  Webhook: { versions: WEBHOOK_STATE_VERSIONS, impl: webhook.impl as unknown as ProviderImpl<unknown, unknown> },
  Fleet: { versions: FLEET_STATE_VERSIONS, impl: fleet.impl as unknown as ProviderImpl<unknown, unknown> },
};

describe("versioned state: the steps", () => {
  const calls: string[] = [];
  const three: StateVersions = {
    resource: "Thing",
    steps: [
      (s) => (calls.push("0->1"), { ...s, b: s.a }),
      (s) => (calls.push("1->2"), { ...s, c: `${String(s.b)}!` }),
      (s) => (calls.push("2->3"), { ...s, a: undefined }),
    ],
  };
  beforeEach(() => (calls.length = 0));

  it("runs every step from the recorded version on, in order, and stamps today's", () => {
    expect(upgradeState({ a: 1 }, three)).to.deep.equal({ a: undefined, b: 1, c: "1!", [STATE_VERSION_KEY]: 3 });
    expect(calls).to.deep.equal(["0->1", "1->2", "2->3"]);
    calls.length = 0;
    expect(upgradeState({ b: 2, [STATE_VERSION_KEY]: 1 }, three)).to.deep.equal({ a: undefined, b: 2, c: "2!", [STATE_VERSION_KEY]: 3 });
    expect(calls).to.deep.equal(["1->2", "2->3"]);
  });

  it("runs no step on a state of today's version", () => {
    expect(upgradeState({ x: 1, [STATE_VERSION_KEY]: 3 }, three)).to.deep.equal({ x: 1, [STATE_VERSION_KEY]: 3 });
    expect(calls).to.deep.equal([]);
  });

  it("refuses a state from a later release, and a version that is no whole number, naming the field and what is allowed", () => {
    expect(() => upgradeState({ [STATE_VERSION_KEY]: 4 }, three)).to.throw(/Thing state has __stateVersion 4, written by a later release of pulumi-hosting; this one reads versions 0 to 3/);
    expect(() => upgradeState({ [STATE_VERSION_KEY]: "1" }, three)).to.throw(/Thing state: __stateVersion is "1"; it must be a whole number from 0 to 3/);
  });

  it("the wrapper upgrades what diff, update, read and delete receive and stamps what create, update, read and a partial create return", async () => {
    const seen: Record<string, unknown> = {};
    const impl: ProviderImpl<RawProps, RawProps> = {
      check: async (_o, n) => ({ inputs: n }),
      diff: async (_id, olds) => ((seen.diff = olds), { changes: false, replaces: [], detailedDiff: {} }),
      create: async () => ({ id: "s1", outs: { a: 1 } }),
      read: async (_id, props) => ((seen.read = props), { id: "s1", props: { a: 2 } }),
      update: async (_id, olds) => ((seen.update = olds), { outs: { a: 3 } }),
      delete: async (_id, props) => void (seen.delete = props),
    };
    const wrapped = withStateVersions(impl, three);
    const ctx = testContext();
    await wrapped.diff("s1", { a: 1 }, {}, ctx);
    await wrapped.update("s1", { a: 1 }, {}, ctx);
    await wrapped.delete("s1", { a: 1 }, ctx);
    for (const k of ["diff", "update", "delete"]) expect(seen[k], k).to.deep.equal({ a: undefined, b: 1, c: "1!", [STATE_VERSION_KEY]: 3 });
    expect((await wrapped.create({}, ctx)).outs).to.deep.equal({ a: 1, [STATE_VERSION_KEY]: 3 });
    expect((await wrapped.update("s1", { [STATE_VERSION_KEY]: 3 }, {}, ctx)).outs).to.deep.equal({ a: 3, [STATE_VERSION_KEY]: 3 });
    // An import's read has nothing recorded: nothing to upgrade, the answer is stamped.
    expect((await wrapped.read("s1", {}, ctx)).props).to.deep.equal({ a: 2, [STATE_VERSION_KEY]: 3 });
    expect(seen.read).to.deep.equal({});
    const failing = withStateVersions({ ...impl, create: async () => { throw new ResourceInitFailedError("m", "s2", { a: 1 }, ["r"]); } }, three);
    const err = await failing.create({}, ctx).catch((e: ResourceInitFailedError) => e);
    expect((err as ResourceInitFailedError).properties).to.deep.equal({ a: 1, [STATE_VERSION_KEY]: 3 });
  });
});

describe("versioned state: the states earlier releases recorded (test/upgrade/recordings)", () => {
  const states = recordedStates();

  it("finds a Server, a Webhook and a Fleet in each of the 4 recordings of every release", () => {
    const releases = fs.readdirSync(RECORDINGS).length;
    expect(releases).to.be.greaterThan(0);
    expect(states).to.have.length(releases * 4 * 3);
  });

  for (const { name, resource } of states) {
    const kind = KINDS[resource.type.split(/[:/]/).pop()!];
    it(`${name}: upgraded to version ${kind.versions.steps.length} with every recorded field kept, and its diff against its recorded inputs is empty`, async () => {
      const upgraded = upgradeState(resource.outputs, kind.versions);
      const { [STATE_VERSION_KEY]: version, ...rest } = upgraded;
      expect(version).to.equal(kind.versions.steps.length);
      expect(rest).to.deep.equal(Object.fromEntries(Object.entries(resource.outputs).filter(([k]) => k !== STATE_VERSION_KEY)));
      const diff = await kind.impl.diff(resource.id, resource.outputs, resource.inputs, testContext());
      expect(diff.changes, JSON.stringify(diff.detailedDiff)).to.equal(false);
      expect(diff.replaces).to.deep.equal([]);
    });
  }
});
