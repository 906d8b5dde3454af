// The serialized provider object of a resource, from its two forwarding functions (see
// route.ts for why two). Each resource module writes its own `observe` and `change`, each
// with the literal `require("pulumi-hosting/internal/<name>")`, so the serialized text names
// its package and captures nothing; this only spreads them over the seven methods. The state
// holds the object's properties, not how it was built, so `__provider` is the same text.
import type * as pulumi from "@pulumi/pulumi";

type Forward = (...a: unknown[]) => unknown;

export function providerShell(observe: Forward, change: Forward): pulumi.dynamic.ResourceProvider {
  return {
    configure: observe as pulumi.dynamic.ResourceProvider["configure"],
    check: observe as pulumi.dynamic.ResourceProvider["check"],
    diff: observe as pulumi.dynamic.ResourceProvider["diff"],
    read: observe as pulumi.dynamic.ResourceProvider["read"],
    create: change as pulumi.dynamic.ResourceProvider["create"],
    update: change as pulumi.dynamic.ResourceProvider["update"],
    delete: change as pulumi.dynamic.ResourceProvider["delete"],
  };
}
