// Runs the TypeScript fragment that `hosting-import` wrote, as a user's program would: it is
// transpiled with the TypeScript compiler and evaluated with `pulumi-hosting` as its import.
// A tweak lets a test change what the user would edit by hand afterwards (per server, known by
// the adoptId it was generated with: arguments to override, adoptId removed, retainOnDelete).
import * as ts from "typescript";
import * as hosting from "pulumi-hosting";

export interface ServerTweak {
  /** Argument overrides by generated adoptId. */
  args: Record<string, Partial<hosting.ServerArgs>>;
  dropAdoptId: boolean;
  /** Generated adoptIds whose servers get `retainOnDelete: true`. */
  retain: Set<string>;
}

/** The Servers the fragment declares, by the adoptId they were generated with. */
export function evalProgramFragment(code: string, tweak: ServerTweak): Map<string, hosting.Server> {
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const servers = new Map<string, hosting.Server>();
  const Server = function (name: string, args: hosting.ServerArgs) {
    const key = String(args.adoptId);
    const merged: hosting.ServerArgs = { ...args, ...(tweak.args[key] ?? {}) };
    if (tweak.dropAdoptId) delete merged.adoptId;
    const server = new hosting.Server(name, merged, tweak.retain.has(key) ? { retainOnDelete: true } : undefined);
    servers.set(key, server);
    return server;
  };
  const mod = { exports: {} as { adopted?: hosting.Server[] } };
  const load = (id: string) => (id === "pulumi-hosting" ? { ...hosting, Server } : require(id));
  new Function("require", "module", "exports", js)(load, mod, mod.exports);
  if (mod.exports.adopted?.length !== servers.size) throw new Error("the generated fragment exports no `adopted` list of its servers");
  return servers;
}
