// The guide's extra step after a kill that landed while the file backend wrote the stack's
// checkpoint ("A killed up" in docs/guide/recovery.md), through the real CLI. The backend writes a file's
// metadata sidecar (`<file>.attrs`) in place before it renames the file's finished copy into
// place, so such a kill leaves `<stack>.json.attrs` empty: every command then fails with `failed
// to load checkpoint: EOF`. The kill tests meet it now and then, never on purpose; this
// test makes the same file the kill leaves (an empty sidecar) and takes the step: the stack loads
// again, its checkpoint the last one written (not the one before it), and the lock is released.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { createPluginProject, type PluginProject } from "./support/plugin-project";
import { deleteEmptySidecars, releaseKilledRun } from "./support/killed-recovery";
import { given } from "./support/given";

const STACK = "sidecar";
const program = (value: string) => `name: killed-recovery\nruntime: yaml\noutputs:\n  value: ${value}\n`;

describe("a kill that left the file backend's checkpoint sidecar empty: the guide's recovery step, through the real CLI", function () {
  let project: PluginProject;

  before(async () => {
    project = await createPluginProject(STACK, program("first"));
    await project.pulumi("up", "--yes", "--skip-preview");
    // A second up, so that the backend holds a previous checkpoint (<stack>.json.bak) to tell apart from the last.
    fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), fs.readFileSync(path.join(project.dir, "Pulumi.yaml"), "utf8").replace("value: first", "value: second"));
    await project.pulumi("up", "--yes", "--skip-preview");
  });
  after(() => project?.dispose());

  const sidecar = () => path.join(project.env.backendDir, ".pulumi", "stacks", "killed-recovery", `${STACK}.json.attrs`);
  /** Empties the sidecar as a kill leaves it; answers the size the backend had written. */
  const emptied = given(async () => {
    const written = fs.statSync(sidecar()).size;
    fs.writeFileSync(sidecar(), "");
    return written;
  });

  it("an empty sidecar fails pulumi cancel with 'failed to load checkpoint: EOF', as the kill tests saw", async () => {
    expect(await emptied(), "the backend writes a sidecar beside the checkpoint").to.be.greaterThan(0);
    const failed = await project.pulumi("cancel", "--yes").then(() => "", (e: Error) => e.message);
    expect(failed).to.match(/failed to load checkpoint: EOF/);
  });

  it("the step deletes the empty sidecar, cancel succeeds, and the stack's last checkpoint is kept", async () => {
    await emptied();
    await releaseKilledRun(project, STACK);
    expect(fs.existsSync(sidecar()), "the empty sidecar is gone").to.equal(false);
    expect(JSON.parse(await project.pulumi("stack", "output", "--json"))).to.deep.equal({ value: "second" });
    await project.pulumi("preview", "--expect-no-changes");
    expect(deleteEmptySidecars(project.env.backendDir), "no empty sidecar left").to.deep.equal([]);
  });
});
