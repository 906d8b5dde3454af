// Two applies on one stack: the DIY backend (file, S3, PostgreSQL...) writes a lock for each
// `pulumi up` and refuses a second one with "the stack is currently locked by N lock(s)"
// (pkg/backend/diy/lock.go). Its check is write-then-verify, so two runs that start together can
// both see the other's lock and both give up. So apply waits: it tries again, with jitter, until
// the lock is free or --lock-timeout runs out, and then names the lock and what to do.
import type { ResolvedOptions } from "./options";

const LOCKED = /the stack is currently locked/i;

/** The lock lines of a CLI error (who holds it, since when), or undefined when it is not a lock error. */
export function lockHolder(err: unknown): string | undefined {
  const text = err instanceof Error ? err.message : String(err);
  if (!LOCKED.test(text)) return undefined;
  const lines = text.split("\n").filter((l) => /created by|currently locked/i.test(l));
  // The CLI's error text reaches us twice (its message and its stderr): each line once.
  return [...new Set(lines.map((l) => l.trim().replace(/^(stderr:\s*)?(error:\s*)?/i, "")))].join("\n  ");
}

export class StackLockedError extends Error {
  constructor(stack: string, holder: string, waitedSeconds: number) {
    super(
      `stack '${stack}' is locked by another update, and stayed locked for the ${waitedSeconds} s this run waited:\n  ${holder}\n` +
        "Nothing was applied by this run. If the other update is still running, let it finish and run apply again " +
        `(a CI \`concurrency\` group queues them). If it died, check that no \`pulumi up\` is running, then remove the lock with ` +
        `\`pulumi cancel --stack ${stack} --yes\` and run apply again.`,
    );
    this.name = "StackLockedError";
  }
}

/** Runs `attempt` until it does not fail on the stack lock, or the lock timeout is over. */
export async function waitingForLock<T>(o: ResolvedOptions, attempt: () => Promise<T>): Promise<T> {
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      return await attempt();
    } catch (e) {
      const holder = lockHolder(e);
      if (!holder) throw e;
      const waited = (Date.now() - started) / 1000;
      if (waited >= o.lockTimeoutSeconds) throw new StackLockedError(o.stack, holder, Math.round(waited));
      if (!told) o.log(`hosting-gitops: ${holder}\nhosting-gitops: waiting up to ${o.lockTimeoutSeconds} s for the lock to be released...\n`);
      told = true;
      await new Promise((r) => setTimeout(r, o.lockRetryMs * (0.5 + Math.random())));
    }
  }
}
