// Opens the named stack of a Pulumi project on disk through the Automation API. The project's
// own Pulumi.yaml, Pulumi.<stack>.yaml and program are used as they are (a LocalWorkspace on
// the project directory): the runner works on any project that uses our resources. The backend
// comes from PULUMI_BACKEND_URL and the secrets passphrase from PULUMI_CONFIG_PASSPHRASE, as
// for the plain CLI; the `pulumi` on PATH runs it.
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { ResolvedOptions } from "./options";

export async function openStack(o: ResolvedOptions, create: boolean): Promise<Stack> {
  if (!fs.existsSync(path.join(o.cwd, "Pulumi.yaml")) && !fs.existsSync(path.join(o.cwd, "Pulumi.yml"))) {
    throw new Error(`no Pulumi.yaml in ${o.cwd}: pass --cwd <the Pulumi project directory>`);
  }
  const envVars = Object.fromEntries(Object.entries(o.env).filter((e): e is [string, string] => typeof e[1] === "string"));
  const args = { stackName: o.stack, workDir: o.cwd };
  const ws = { workDir: o.cwd, envVars };
  try {
    return create ? await LocalWorkspace.createOrSelectStack(args, ws) : await LocalWorkspace.selectStack(args, ws);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (!create && /no stack named|not found/i.test(msg)) {
      throw new Error(`stack '${o.stack}' does not exist in the backend ${backendName(o.env)}: run \`hosting-gitops apply\` once, or \`pulumi stack init ${o.stack}\``);
    }
    throw e;
  }
}

/** The backend URL without its password, for messages. */
function backendName(env: NodeJS.ProcessEnv): string {
  const url = env.PULUMI_BACKEND_URL;
  if (!url) return "(PULUMI_BACKEND_URL is not set: the CLI's logged-in backend)";
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:****@");
}

/** Warns when the stack config holds an API key: it would win over HOSTING_API_KEY (and its permission). */
export function configKeyWarning(o: ResolvedOptions): string | undefined {
  const file = path.join(o.cwd, `Pulumi.${o.stack}.yaml`);
  if (!fs.existsSync(file)) return undefined;
  if (!/^\s*hosting:apiKey\s*:/m.test(fs.readFileSync(file, "utf8"))) return undefined;
  return `${file} sets hosting:apiKey, which wins over HOSTING_API_KEY: the key of this job is not the one used. ` +
    "Remove it (`pulumi config rm hosting:apiKey`) and give each job its key in HOSTING_API_KEY.";
}
