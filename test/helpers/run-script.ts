// Runs a compiled bin of the package with node, as a user's shell would, and keeps what it
// printed and how it ended (a non-zero exit is a result, not a failure of the test).
import { execFile } from "child_process";
import { promisify } from "util";

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}
