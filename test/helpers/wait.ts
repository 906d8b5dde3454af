// Polling without sleeping longer than needed: the one wait helper of the tests.

/** What `read` answers while the awaited value is not there yet. */
type Maybe<T> = T | undefined | null | false;

export interface UntilOptions<T> {
  /** When a value other than undefined, null or false is what we wait for. @default always */
  done?: (value: T) => boolean;
  /** @default 5000 */
  timeoutMs?: number;
  /** @default 20 */
  intervalMs?: number;
}

/**
 * Reads until `done` holds and returns that value; past the time-out it throws, naming `what`
 * and the last value read, so a test fails with the state it saw.
 */
export async function until<T>(what: string, read: () => Promise<Maybe<T>> | Maybe<T>, options: UntilOptions<T> = {}): Promise<T> {
  const { done = () => true, timeoutMs = 5_000, intervalMs = 20 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
