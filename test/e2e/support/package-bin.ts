// The path of one of the installed package's bins (package.json `bin`): the repository
// itself, or in a tarball lane the installed tarball, never the checkout's dist/.
import * as path from "path";

export function packageBin(name: string): string {
  const packageJson = require.resolve("pulumi-hosting/package.json");
  return path.join(path.dirname(packageJson), require(packageJson).bin[name]);
}
