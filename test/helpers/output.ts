// Reading Pulumi Outputs in tests.
import type * as pulumi from "@pulumi/pulumi";

/** The value of a known Output (outside a deployment, or under mocks, every Output is known). */
export function valueOf<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise<T>((resolve) => o.apply((v) => resolve(v)));
}
