// What a dynamic `Server` registers with the engine, from the program's arguments: its
// properties (every input and reported output named, adoption from `hosting:adopt` applied,
// userData a secret), the facts its shell carries, and the options with the secret outputs.
// The product's Server (resource.ts) and the benchmark's NaiveServer (bench/naive/server.ts)
// both register through it; they differ only in the shell that serves them.

import * as pulumi from "@pulumi/pulumi";
import type { ResourceFacts } from "../core/context";
import { dynamicFacts } from "../core/shell";
import { adoptIdFromConfig } from "./adopt-config";
import { addDerivedSecrets } from "./derived-secrets";
import { SERVER_INPUT_NAMES, SERVER_REPORTED_NAMES, type ServerArgs } from "./types";

export interface ServerRegistration {
  props: Record<string, unknown>;
  facts: ResourceFacts;
  opts: pulumi.CustomResourceOptions;
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
