// Runs a Pulumi program the way the real Node.js language host does: the SDK's
// `cmd/run` entry with the engine's flags, the stack config in the environment,
// from the program's directory, with the program's own @pulumi/pulumi.
import { spawn } from "child_process";

/** Exit code of `cmd/run` after it has already shown the user an actionable message. */
const EXITED_AFTER_USER_MESSAGE = 32;

/**
 * Pulumi.yaml's `runtime.options`, read the way the real host reads them: `typescript`
 * (default true) makes the SDK compile a .ts program with ts-node (PULUMI_NODEJS_TYPESCRIPT;
 * without it Node runs index.ts as JavaScript), `tsconfig` names its tsconfig.json,
 * `nodeargs` go to node. (pulumi/pulumi sdk/nodejs/cmd/pulumi-language-nodejs, parseOptions.)
 */
function runtimeOptions(info: any): { env: Record<string, string>; nodeArgs: string[] } {
  const opts: Record<string, unknown> = info?.getOptions()?.toJavaScript() ?? {};
  const env: Record<string, string> = {};
  if (opts.typescript !== false) env.PULUMI_NODEJS_TYPESCRIPT = "true";
  if (typeof opts.tsconfig === "string" && opts.tsconfig !== "") env.PULUMI_NODEJS_TSCONFIG_PATH = opts.tsconfig;
  const nodeArgs = typeof opts.nodeargs === "string" ? opts.nodeargs.split(/\s+/).filter(Boolean) : [];
  return { env, nodeArgs };
}

export interface RunOutcome {
  error?: string;
  bail?: boolean;
}

/** `req` is a pulumirpc.RunRequest. */
export function runProgram(req: any, engineAddress: string): Promise<RunOutcome> {
  const info = req.getInfo();
  const programDir: string = info?.getProgramDirectory() || req.getPwd() || process.cwd();
  const entryPoint: string = info?.getEntryPoint() || req.getProgram() || ".";
  let runPath: string;
  try {
    runPath = require.resolve("@pulumi/pulumi/cmd/run", { paths: [programDir] });
  } catch {
    return Promise.resolve({ error: `@pulumi/pulumi is not installed for the program in ${programDir}: run npm ci` });
  }

  const options = runtimeOptions(info);
  const args = [...options.nodeArgs, runPath];
  const flag = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") args.push(`--${name}`, String(value));
  };
  flag("monitor", req.getMonitorAddress());
  flag("engine", engineAddress);
  flag("organization", req.getOrganization());
  flag("project", req.getProject());
  flag("root-directory", info?.getRootDirectory());
  flag("stack", req.getStack());
  flag("pwd", programDir);
  if (req.getDryrun()) args.push("--dry-run");
  flag("parallel", req.getParallel());
  args.push(entryPoint, ...req.getArgsList());

  const config: Record<string, string> = {};
  req.getConfigMap().forEach((value: string, key: string) => (config[key] = value));
  const env = {
    ...process.env,
    PULUMI_CONFIG: JSON.stringify(config),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(req.getConfigsecretkeysList()),
    ...options.env,
  };

  return new Promise((resolve) => {
    // The program's output goes where ours goes: the engine shows it as the stack's diagnostics.
    const child = spawn(process.execPath, args, { cwd: programDir, env, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (err) => resolve({ error: `could not run the program: ${err.message}` }));
    child.on("exit", (code, signal) => {
      if (code === 0) resolve({});
      else if (code === EXITED_AFTER_USER_MESSAGE) resolve({ bail: true });
      else resolve({ error: signal ? `Program was killed by ${signal}` : `Program exited with non-zero exit code: ${code}` });
    });
  });
}
