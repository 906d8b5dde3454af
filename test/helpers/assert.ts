// Assertions shared by the tests.
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
