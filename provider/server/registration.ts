// What a dynamic `Server` registers with the engine, from the program's arguments: its
// properties (every input and reported output named, adoption from `hosting:adopt` applied,
// userData a secret), the facts its shell carries, and the options with the secret outputs.
// The product's Server (resource.ts) and the benchmark's NaiveServer (bench/naive/server.ts)
// both register through it; they differ only in the shell that serves them.

import * as pulumi from "@pulumi/pulumi";
import type { ResourceFacts } from "../core/context";
import { dynamicFacts } from "../core/shell";
import { addDerivedSecrets } from "./derived-secrets";
import { ADOPT_CONFIG_KEY, SERVER_INPUT_NAMES, SERVER_REPORTED_NAMES, type ServerArgs } from "./types";

export interface ServerRegistration {
  props: Record<string, unknown>;
  facts: ResourceFacts;
  opts: pulumi.CustomResourceOptions;
}

/**
 * The id `hosting:adopt` gives the resource `name`, if any: the config maps a Server's resource
 * name to the id of the server it adopts, as `hosting-orphans --adopt` writes it after a crashed
 * `up` (docs/guide/recovery.md). An `adoptId` in the program wins. Like `adoptId`, the entry is
 * read only while the resource is not in the stack, so it can stay after the `up` that adopted;
 * remove it before the resource is deleted and declared again.
 */
function adoptIdFromConfig(name: string): string | undefined {
  const map = new pulumi.Config("hosting").getObject<Record<string, unknown>>(ADOPT_CONFIG_KEY);
  const id = map && typeof map === "object" ? map[name] : undefined;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** `args` undefined is `Server.get`'s form: nothing declared, the id in `opts`. */
export function serverRegistration(name: string, args: ServerArgs | undefined, opts: pulumi.CustomResourceOptions | undefined): ServerRegistration {
  const props: Record<string, unknown> = Object.fromEntries([...SERVER_REPORTED_NAMES, ...SERVER_INPUT_NAMES].map((k) => [k, undefined]));
  Object.assign(props, args ?? {});
  const adoptId = args ? (args.adoptId ?? adoptIdFromConfig(name)) : undefined;
  if (adoptId !== undefined) props.adoptId = adoptId;
  if (args?.userData !== undefined) props.userData = pulumi.secret(args.userData);
  // What the engine knows and the host does not pass on reaches the core in the shell: the
  // stack (the default ownership tag, owner-tag.ts), the name when adopting (one id adopted
  // twice is refused by name), and replaceOnChanges (the host sends the engine no changed keys,
  // so the engine cannot apply the option itself).
  const facts = dynamicFacts(name, { withName: adoptId !== undefined, replaceOnChanges: opts?.replaceOnChanges }, { project: pulumi.getProject(), stack: pulumi.getStack() });
  const secretOutputs = [...new Set([...(opts?.additionalSecretOutputs ?? []), "userData"])];
  addDerivedSecrets(args, secretOutputs);
  return { props, facts, opts: { ...opts, additionalSecretOutputs: secretOutputs } };
}
