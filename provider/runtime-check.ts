// Checked once when a program loads the package: a Node.js or an @pulumi/pulumi outside
// what the test lanes prove (scripts/lanes.json, README "Tested with") stops the program
// with one message that names the versions and what to install, instead of a stack
// trace from deep inside the SDK. `npm install` already refuses an SDK outside the peer
// range; this also catches `--legacy-peer-deps`, `--force` and an old global Node.

/** The lowest Node.js: `require()` of ES modules (p-retry) is on from 20.19. */
const MIN_NODE = "20.19.0";
/** The peer range of package.json: the oldest lane's SDK up to the next major. */
const MIN_SDK = "3.248.0";
const NEXT_SDK_MAJOR = 4;

export interface RuntimeVersions {
  /** `process.versions.node`. */
  node: string;
  /** The installed @pulumi/pulumi's version, undefined when it is not installed. */
  sdk?: string;
  /** That SDK's own `engines.node` (">=22" from 3.249 on). */
  sdkNodeRange?: string;
}

function parts(version: string): number[] {
  return version.replace(/^[v=>\s]+/, "").split(/[.-]/).slice(0, 3).map((p) => Number(p) || 0);
}

function below(version: string, floor: string): boolean {
  const [a, b] = [parts(version), parts(floor)];
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/** What is wrong with these versions, or undefined when the package can run. */
export function runtimeProblem(v: RuntimeVersions): string | undefined {
  const fix = "Use Node.js 22 or 24 with the newest @pulumi/pulumi 3.x, or Node.js 20.19+ with @pulumi/pulumi 3.248.x (README: Tested with).";
  if (below(v.node, MIN_NODE)) return `pulumi-hosting needs Node.js ${MIN_NODE} or later; this is Node.js v${v.node}. ${fix}`;
  if (!v.sdk) return `pulumi-hosting needs its peer @pulumi/pulumi (>=${MIN_SDK} <${NEXT_SDK_MAJOR}.0.0), which is not installed: npm install @pulumi/pulumi. ${fix}`;
  if (below(v.sdk, MIN_SDK) || parts(v.sdk)[0] >= NEXT_SDK_MAJOR) {
    return `pulumi-hosting needs @pulumi/pulumi >=${MIN_SDK} <${NEXT_SDK_MAJOR}.0.0; this project has ${v.sdk}. ${fix}`;
  }
  // Only the simple ">=N" form the SDK uses; anything else is left to npm's engine check.
  const sdkFloor = /^>=\s*(\d+(\.\d+){0,2})$/.exec(v.sdkNodeRange?.trim() ?? "")?.[1];
  if (sdkFloor && below(v.node, sdkFloor)) {
    return `@pulumi/pulumi ${v.sdk} needs Node.js ${v.sdkNodeRange}; this is Node.js v${v.node}. ${fix}`;
  }
  return undefined;
}

/** The versions of this process and of the @pulumi/pulumi this package resolves. */
export function currentVersions(): RuntimeVersions {
  let sdk: { version?: string; engines?: { node?: string } } = {};
  try {
    sdk = require("@pulumi/pulumi/package.json");
  } catch {
    // not installed: reported by runtimeProblem
  }
  return { node: process.versions.node, sdk: sdk.version, sdkNodeRange: sdk.engines?.node };
}

/** Throws the message of runtimeProblem for this process, without a stack trace. */
export function assertSupportedRuntime(v: RuntimeVersions = currentVersions()): void {
  const problem = runtimeProblem(v);
  if (!problem) return;
  const err = new Error(problem);
  err.stack = `Error: ${problem}`;
  throw err;
}
