// This package's own files that the code answers with at run time: package.json (the version in
// the User-Agent and in the plugin's GetPluginInfo) and schema.json (the plugin's GetSchema).
// They are read from the package root, the first folder above this module whose package.json
// is pulumi-hosting's. It sits in protocol/ so that the simulator's command line, which never
// imports the provider, answers --version from the same file. The provider reaches it through
// provider/api/wire/package-files.ts, the module the standalone plugin's bundle replaces with
// one holding the same two texts (scripts/release/bundle.ts).

import * as fs from "fs";
import * as path from "path";

export type PackageFileName = "package.json" | "schema.json";

let root: string | undefined;

function packageRoot(): string {
  if (root !== undefined) return root;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === "pulumi-hosting") return (root = dir);
    } catch {
      // no package.json here; keep walking up
    }
    if (path.dirname(dir) === dir) throw new Error(`pulumi-hosting: no package.json of pulumi-hosting above ${__dirname}`);
  }
}

/** The text of one of this package's files. */
export function packageFile(name: PackageFileName): string {
  return fs.readFileSync(path.join(packageRoot(), name), "utf8");
}

/** This package's version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(packageFile("package.json")) as { version: string }).version;
}
