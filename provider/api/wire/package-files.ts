// This package's own files (package.json, schema.json) as the provider reads them. The
// standalone plugin has no package folder: its bundle replaces this module, and only this one,
// with one holding the same two texts (scripts/release/bundle.ts), so every provider caller
// goes through here rather than to protocol/package-files.ts.
export { packageFile, packageVersion, type PackageFileName } from "../../../protocol/package-files";
