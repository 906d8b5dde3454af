// Adoptions recorded in the stack config instead of the program: `hosting:adopt` maps a
// Server's resource name to the id of the server it adopts, as `hosting-orphans --adopt` writes
// it after a crashed `up` (README, "Recovering from an interrupted up"). An `adoptId` in the
// program wins. Like `adoptId`, the entry is read only while the resource is not in the stack,
// so it can stay after the `up` that adopted; remove it before the resource is deleted and
// declared again.
import * as pulumi from "@pulumi/pulumi";
import { ADOPT_CONFIG_KEY } from "./types";

/** The id `hosting:adopt` gives the resource `name`, if any. */
export function adoptIdFromConfig(name: string): string | undefined {
  const map = new pulumi.Config("hosting").getObject<Record<string, unknown>>(ADOPT_CONFIG_KEY);
  const id = map && typeof map === "object" ? map[name] : undefined;
  return typeof id === "string" && id !== "" ? id : undefined;
}
