// The pieces of hosting-gitops that need no CLI: the command line, the engine events turned into
// changes, the Markdown, the reviewed-plan check and the wait for the stack lock. The whole
// runner is tested end to end in test/e2e/gitops.test.ts.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { parseArgs } from "../../../provider/gitops/args";
import { resultJson } from "../../../provider/gitops/run";
import { ChangeCollector } from "../../../provider/gitops/changes";
import { planMarkdown } from "../../../provider/gitops/markdown";
import { driftMarkdown } from "../../../provider/gitops/drift-markdown";
import { resolveOptions } from "../../../provider/gitops/options";
import { readReviewedPlan, unreviewed, writeReviewedPlan } from "../../../provider/gitops/reviewed-plan";
import { lockHolder, StackLockedError, waitingForLock } from "../../../provider/gitops/stack-lock";

const TYPE = "pulumi-nodejs:dynamic/hosting:Server";
const urn = (name: string) => `urn:pulumi:prod::fleet::${TYPE}::${name}`;

function step(op: string, name: string, old: Record<string, unknown> | undefined, news: Record<string, unknown> | undefined, keys: string[] = []): EngineEvent {
  return {
    sequence: 1,
    timestamp: 0,
    resourcePreEvent: {
      metadata: {
        op: op as any,
        urn: urn(name),
        type: TYPE,
        provider: "",
        keys,
        old: old && { type: TYPE, urn: urn(name), id: "srv-1", inputs: old, outputs: { ...old, mainIp: "10.1.2.3", diskGb: 25 } } as any,
        new: news && ({ type: TYPE, urn: urn(name), inputs: news, outputs: {} } as any),
      },
    },
  } as EngineEvent;
}

// A real message of the DIY backend (pkg/backend/diy/lock.go), as the Automation API reports it.
const LOCKED = `code: 255
 stderr: error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with \`pulumi cancel\`.
  postgres://****:****@127.0.0.1:5432/pulumi/.pulumi/locks/organization/fleet/prod/4f1c.json: created by root@ci-runner-2 (pid 4242) at 2026-11-22T18:00:00Z`;

describe("hosting-gitops parts", () => {
  describe("the command line", () => {
    it("reads the verb and every flag, in both --flag value and --flag=value forms", () => {
      const { verb, options } = parseArgs(["plan", "--stack", "prod", "--cwd=/repo", "--summary", "s.md", "--allow-replace", "--parallel", "12"]);
      expect(verb).to.equal("plan");
      expect(options).to.deep.equal({ stack: "prod", cwd: "/repo", summaryFile: "s.md", allowReplace: true, parallel: 12 });
    });

    it("names the flag that is wrong", () => {
      expect(() => parseArgs(["plan", "--stak", "prod"])).to.throw(/unknown flag --stak/);
      expect(() => parseArgs(["apply", "--stack", "p", "--lock-timeout", "soon"])).to.throw(/--lock-timeout must be a whole number/);
      expect(() => parseArgs(["deploy", "--stack", "p"])).to.throw(/unknown command 'deploy'/);
      expect(() => parseArgs(["drift"])).to.throw(/--stack is required/);
    });

    it("--json: the verb's exit code, its changes without the old outputs, and its cost or null", () => {
      const change = { urn: "urn:pulumi:p::proj::hosting:index:Server::web", name: "web", type: "hosting:index:Server", op: "replace" as const, id: "s-1", fields: [{ field: "os", old: "a", new: "b", replaces: true }], oldOutputs: { mainIp: "192.0.2.1" } };
      const { oldOutputs: _lost, ...shown } = change;
      expect(resultJson("plan", "p", { exitCode: 2, markdown: "# md", changes: [change] })).to.deep.equal({ verb: "plan", stack: "p", exitCode: 2, changes: [shown], cost: null });
    });

    it("takes --allow-replace from HOSTING_GITOPS_ALLOW_REPLACE when the flag is absent", () => {
      expect(resolveOptions({ stack: "p", env: { HOSTING_GITOPS_ALLOW_REPLACE: "true" } }).allowReplace).to.equal(true);
      expect(resolveOptions({ stack: "p", env: { HOSTING_GITOPS_ALLOW_REPLACE: "false" } }).allowReplace).to.equal(false);
      expect(resolveOptions({ stack: "p", env: {} }).allowReplace).to.equal(false);
    });
  });

  describe("changes from engine events", () => {
    const old = { label: "db-1", os: "ubuntu-24.04", tags: ["b", "a"], userData: "[secret]", __provider: "exports.handler = ..." };

    it("makes one replace of the three replace steps, with the replace keys of the logical step", () => {
      const c = new ChangeCollector();
      const news = { ...old, os: "debian-12", __provider: "exports.handler = changed" };
      c.onEvent(step("create-replacement", "db-1", old, news));
      c.onEvent(step("replace", "db-1", old, news, ["os"]));
      c.onEvent(step("delete-replaced", "db-1", old, news));
      c.onEvent(step("same", "web-1", old, old));
      const changes = c.changes();
      expect(changes).to.have.length(1);
      expect(changes[0]).to.include({ name: "db-1", op: "replace", id: "srv-1" });
      // __provider is not a field a reviewer reads; tags in another order are no change.
      expect(changes[0].fields).to.deep.equal([{ field: "os", old: "ubuntu-24.04", new: "debian-12", replaces: true }]);
      expect(c.seen.size).to.equal(2);
    });

    it("writes the plan: old → new, what the replace loses, masked secrets, and the flag", () => {
      const c = new ChangeCollector();
      c.onEvent(step("update", "web-1", old, { ...old, tags: ["a", "b", "canary"], userData: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "#!/bin/sh echo hunter2" } }));
      c.onEvent(step("replace", "db-1", old, { ...old, os: "debian-12" }, ["os"]));
      const md = planMarkdown({ stack: "prod", changes: c.changes(), unchanged: 3, allowReplace: false });
      expect(md).to.contain("**1 update in place, 1 replace**; 3 unchanged.");
      expect(md).to.contain("| `web-1` | update in place | `tags`: `[b, a]` → `[a, b, canary]`<br>`userData`: `[secret]` → `[secret]` |");
      expect(md).to.contain('| `db-1` | **replace** | `os`: `"ubuntu-24.04"` → `"debian-12"` (forces replace) |');
      expect(md).to.contain("server srv-1 is destroyed with its 25 GB disk and all data on it and its IP address 10.1.2.3");
      expect(md).to.contain("flagged (exit code 2)");
      expect(md).to.not.contain("hunter2");
      expect(planMarkdown({ stack: "prod", changes: c.changes(), unchanged: 3, allowReplace: true })).to.not.contain("flagged");
    });
  });

  describe("the drift summary", () => {
    it("says how many resources match, in the right number", () => {
      expect(driftMarkdown({ stack: "b", findings: [], checked: 1 })).to.include("**No drift**: the 1 resource read from the API matches the last apply.");
      expect(driftMarkdown({ stack: "b", findings: [], checked: 3 })).to.include("**No drift**: the 3 resources read from the API match the last apply.");
    });
  });

  describe("the reviewed plan", () => {
    it("lets through the replaces it lists and refuses the others", () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gitops-plan-")), "plan.json");
      const c = new ChangeCollector();
      c.onEvent(step("replace", "db-1", { os: "a" }, { os: "b" }, ["os"]));
      c.onEvent(step("update", "web-1", { label: "a" }, { label: "b" }));
      writeReviewedPlan(file, "prod", c.changes());
      const plan = readReviewedPlan(file, "prod");
      c.onEvent(step("delete", "web-2", { label: "x" }, undefined));
      expect(unreviewed(c.changes(), plan).map((x) => `${x.op} ${x.name}`)).to.deep.equal(["delete web-2"]);
      expect(() => readReviewedPlan(file, "staging")).to.throw(/is for stack 'prod', not 'staging'/);
    });
  });

  describe("the stack lock", () => {
    const opts = (seconds: number, log: string[]) => resolveOptions({ stack: "prod", lockTimeoutSeconds: seconds, lockRetryMs: 20, log: (t) => log.push(t), env: {} });

    it("reads who holds the lock from the backend's message", () => {
      expect(lockHolder(new Error(LOCKED))).to.match(/^the stack is currently locked by 1 lock\(s\)[^\n]*\n {2}postgres:\/\/\*\*\*\*:\*\*\*\*@127\.0\.0\.1:5432\/pulumi\/\.pulumi\/locks\/.*created by root@ci-runner-2 \(pid 4242\)/);
      expect(lockHolder(new Error("error: update failed"))).to.equal(undefined);
      // The Automation API's message holds the CLI's text twice: the holder names each line once.
      expect(lockHolder(new Error(`${LOCKED}\n${LOCKED}`))?.split("\n")).to.have.length(2);
    });

    it("tries again while the stack is locked, then runs", async () => {
      const log: string[] = [];
      let tries = 0;
      const result = await waitingForLock(opts(5, log), async () => {
        if (++tries < 3) throw new Error(LOCKED);
        return "applied";
      });
      expect(result).to.equal("applied");
      expect(tries).to.equal(3);
      expect(log.join("")).to.contain("waiting up to 5 s for the lock to be released");
    });

    it("gives up after the lock timeout with a message naming the lock and `pulumi cancel`", async () => {
      const err = await waitingForLock(opts(1, []), () => Promise.reject(new Error(LOCKED))).catch((e) => e);
      expect(err).to.be.instanceOf(StackLockedError);
      expect(err.message).to.contain("created by root@ci-runner-2 (pid 4242)");
      expect(err.message).to.contain("pulumi cancel --stack prod --yes");
      expect(err.message).to.contain("Nothing was applied by this run");
    });

    it("does not retry an error that is not the lock", async () => {
      let tries = 0;
      const err = await waitingForLock(opts(5, []), async () => {
        tries++;
        throw new Error("error: 403 Forbidden");
      }).catch((e) => e);
      expect(err.message).to.equal("error: 403 Forbidden");
      expect(tries).to.equal(1);
    });
  });
});

describe("hosting-gitops stack settings", () => {
  it("warns when the stack config holds an API key, which would win over the job's HOSTING_API_KEY", async () => {
    const { configKeyWarning } = await import("../../../provider/gitops/workspace");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gitops-cfg-"));
    const o = resolveOptions({ stack: "prod", cwd: dir, env: {} });
    expect(configKeyWarning(o)).to.equal(undefined);
    fs.writeFileSync(path.join(dir, "Pulumi.prod.yaml"), "config:\n  hosting:baseUrl: https://api.example.com\n");
    expect(configKeyWarning(o)).to.equal(undefined);
    fs.writeFileSync(path.join(dir, "Pulumi.prod.yaml"), "config:\n  hosting:apiKey:\n    secure: v1:abc\n");
    expect(configKeyWarning(o)).to.match(/sets hosting:apiKey, which wins over HOSTING_API_KEY/);
  });
});
