// Makes `require("pulumi-hosting/...")` resolve from the repository root, as it
// does in a user's project. Serialized dynamic providers are loaded with no file
// name, so Node resolves their requires from the working directory's
// node_modules, never through the package's self-reference.
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-hosting");
try {
  if (fs.readlinkSync(link) === "..") process.exit(0);
  fs.rmSync(link, { recursive: true, force: true });
} catch {
  // not there yet
}
fs.mkdirSync(path.dirname(link), { recursive: true });
fs.symlinkSync("..", link, "dir");
