// The plugin as one CommonJS file, for a single executable application (SEA), whose embedded
// script can require() only Node's built-in modules. esbuild bundles the compiled plugin
// (dist/provider/plugin) with its dependencies, with three substitutions:
//   - provider/api/wire/package-files: package.json and schema.json embedded as texts (the
//     release's schema, which may carry a pluginDownloadURL);
//   - provider/plugin/grpc: the SDK_MODULES it names, bundled from the SDK's own folder as the
//     module resolves them at run time;
//   - `@pulumi/pulumi` itself (the program runtime: the dynamic face's resource classes and the
//     lookups' getX forms, with the TypeScript compiler and npm's arborist behind them, 11 of
//     16.7 MB of bundle): a module whose every property throws, since the plugin never runs
//     program code. The SDK's deep modules it does use (proto stubs, log, errors) are bundled.

import * as esbuild from "esbuild";
import * as path from "path";

export interface BundleOptions {
  /** The compiled tree (dist/) holding provider/plugin/main.js. */
  distDir: string;
  /** Where to write the bundle. */
  outfile: string;
  /** The texts package-files.ts answers with. */
  files: { "package.json": string; "schema.json": string };
}

/** The stand-in for `@pulumi/pulumi`: its export names, each a getter that says what happened. */
function notBundled(): string {
  const names = Object.keys(require("@pulumi/pulumi") as object);
  return [
    `const message = "pulumi-resource-hosting (standalone): the @pulumi/pulumi program runtime is not part of this executable, and this was used: @pulumi/pulumi.";`,
    `for (const name of ${JSON.stringify(names)}) Object.defineProperty(exports, name, { enumerable: true, get() { throw new Error(message + name); } });`,
  ].join("\n");
}

export async function bundlePlugin(opts: BundleOptions): Promise<{ bytes: number }> {
  const wire = path.join(opts.distDir, "provider", "api", "wire", "package-files.js");
  const grpcModule = path.join(opts.distDir, "provider", "plugin", "grpc.js");
  const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  const substitutions: esbuild.Plugin = {
    name: "standalone-plugin",
    setup(build) {
      build.onResolve({ filter: /^@pulumi\/pulumi$/ }, () => ({ path: "@pulumi/pulumi", namespace: "not-bundled" }));
      build.onLoad({ filter: /.*/, namespace: "not-bundled" }, () => ({ contents: notBundled(), loader: "js" }));
      build.onLoad({ filter: /package-files\.js$/ }, (args) => {
        if (args.path !== wire) return undefined;
        const texts = JSON.stringify(opts.files);
        return {
          contents: `const files = ${texts};\nexports.packageFile = (name) => files[name];\nexports.packageVersion = () => JSON.parse(files["package.json"]).version;\n`,
          loader: "js",
        };
      });
      build.onLoad({ filter: /grpc\.js$/ }, (args) => {
        if (args.path !== grpcModule) return undefined;
        const ids = (require(grpcModule) as { SDK_MODULES: Record<string, string> }).SDK_MODULES;
        const lines = Object.entries(ids).map(([name, id]) => `exports.${name} = require(${JSON.stringify(id)});`);
        lines.push(`exports.SDK_MODULES = ${JSON.stringify(ids)};`);
        return { contents: lines.join("\n"), loader: "js", resolveDir: sdkDir };
      });
    },
  };
  const main = path.join(opts.distDir, "provider", "plugin", "main.js");
  const result = await esbuild.build({
    stdin: { contents: `require(${JSON.stringify(main)}).start();`, resolveDir: opts.distDir, loader: "js" },
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    outfile: opts.outfile,
    plugins: [substitutions],
    metafile: true,
    logLevel: "error",
    // p-retry's fallback for a Node without require(esm) asks require.resolve at run time;
    // the bundle carries p-retry itself, so that branch is never taken.
    logOverride: { "require-resolve-not-external": "silent" },
  });
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  return { bytes };
}
