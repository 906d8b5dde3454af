// Small assertions shared by the client tests.
import { expect } from "chai";

export async function expectRejects(p: Promise<unknown>, type: new (...a: any[]) => Error, message: RegExp): Promise<Error> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(type);
    expect((e as Error).message).to.match(message);
    return e as Error;
  }
  throw new Error(`expected a rejection matching ${message}`);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
