// A set-up step of an end-to-end describe that runs once, for whichever `it` needs it first: each
// `it` awaits the steps it stands on, so it runs alone (`mocha --grep`), and a full run still
// makes each step once, in order.

/** Wraps `step` so that every call after the first returns the first call's promise. */
export function given<T>(step: () => Promise<T>): () => Promise<T> {
  let run: Promise<T> | undefined;
  return () => (run ??= step());
}
