// Generates schema.json, the Pulumi package schema of the plugin face, from the TypeScript
// declarations both faces share: the resources' argument interfaces and their classes'
// output fields, the lookups' argument and result interfaces, the provider configuration.
// Names, types, optionality and every description come from those declarations and their
// TSDoc (the configuration from the one declaration of the settings, SETTINGS), so the
// schema cannot say something the TypeScript does not
// (test/toolchain/schema.test.ts fails when the committed schema.json differs).
// String-literal aliases become enums and `Integer` becomes `integer` (named-types.ts);
// defaults come from the code's defaults objects (SERVER_DEFAULTS, SETTINGS), checked against
// the TSDoc's `@default`; examples and import notes from docs/examples (examples.ts).
//   node dist/scripts/schema/generate.js        rewrites schema.json

import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";
import { SETTINGS } from "../../provider/core/settings/declaration";
import { CONFIG_KEYS } from "../../provider/plugin/config";
import { SERVER_DEFAULTS } from "../../provider/server/types";
import { examplesSection, importSection } from "./examples";
import { NamedTypes } from "./named-types";

type Json = Record<string, unknown>;

interface Source {
  file: string;
  name: string;
}

/**
 * Each resource: where its arguments and class are declared, and the defaults its `check`
 * writes into the inputs (a scalar one becomes the input's schema `default`, so an SDK that
 * fills it in sends what `check` would have written: no diff).
 */
const RESOURCES: Record<string, { inputs: Source; outputs: Source; defaults?: Record<string, unknown> }> = {
  Server: { inputs: { file: "provider/server/types.ts", name: "ServerArgs" }, outputs: { file: "provider/server/resource.ts", name: "Server" }, defaults: SERVER_DEFAULTS },
  Webhook: { inputs: { file: "provider/webhook/types.ts", name: "WebhookArgs" }, outputs: { file: "provider/webhook/resource.ts", name: "Webhook" } },
  Fleet: { inputs: { file: "provider/fleet/types.ts", name: "FleetArgs" }, outputs: { file: "provider/fleet/resource.ts", name: "Fleet" } },
};

/** Each lookup: where its `getX` function, args and result are declared. */
const FUNCTIONS: Record<string, { file: string; args?: string; result: string }> = {
  getRegion: { file: "provider/functions/regions.ts", args: "GetRegionArgs", result: "GetRegionResult" },
  getRegions: { file: "provider/functions/regions.ts", args: "GetRegionsArgs", result: "GetRegionsResult" },
  getPlan: { file: "provider/functions/plans.ts", args: "GetPlanArgs", result: "GetPlanResult" },
  getPlans: { file: "provider/functions/plans.ts", args: "GetPlansArgs", result: "GetPlansResult" },
  getOsImage: { file: "provider/functions/os-images.ts", args: "GetOsImageArgs", result: "GetOsImageResult" },
  getOsImages: { file: "provider/functions/os-images.ts", args: "GetOsImagesArgs", result: "GetOsImagesResult" },
  getAccount: { file: "provider/functions/account.ts", result: "GetAccountResult" },
};

/** Object types that results and resources refer to, declared in provider/api/wire/types.ts unless TYPE_FILES says where. */
const TYPES = ["Region", "Plan", "OsImage", "Account", "FleetDefaults", "FleetGroup", "FleetMember", "FleetHealthCheck"];
const TYPE_FILES: Record<string, string> = {
  FleetDefaults: "provider/fleet/types.ts", FleetGroup: "provider/fleet/types.ts", FleetMember: "provider/fleet/types.ts", FleetHealthCheck: "provider/fleet/health/types.ts",
};
/** Config keys whose values are a closed set: the string-literal alias declaring it. */
const CONFIG_ENUMS: Partial<Record<(typeof CONFIG_KEYS)[number], Source>> = {
  apiShape: { file: "provider/core/settings/declaration.ts", name: "ApiShapeSetting" },
};
/** Properties that are always secret (provider/plugin/resources.ts says the same at run time). */
const SECRETS = new Set(["Server.userData", "Webhook.secret"]);

/** Where the project lives; the Go SDK's module path is under it (scripts/gen-sdk.sh). */
export const REPOSITORY = "https://github.com/pulumi-hosting/pulumi-hosting";
/** The Go SDK's module (scripts/gen-sdk.sh writes its go.mod) and its package's import path. */
export const GO_MODULE = "github.com/pulumi-hosting/pulumi-hosting/sdk";
export const GO_IMPORT_BASE = `${GO_MODULE}/go/hosting`;

export interface SchemaOptions {
  /** Where the engine downloads the plugin from (`npm run release -- --plugin-download-url`); none in the committed schema.json. */
  pluginDownloadURL?: string;
  /** The schema's version, so the SDKs' (`npm run release -- --version`); package.json's when not given. */
  version?: string;
}

export function generateSchema(root: string, options: SchemaOptions = {}): Json {
  const files = [...new Set([
    ...Object.values(RESOURCES).flatMap((r) => [r.inputs.file, r.outputs.file]),
    ...Object.values(FUNCTIONS).map((f) => f.file),
    ...Object.values(CONFIG_ENUMS).map((c) => c.file),
    "provider/api/wire/types.ts",
  ])];
  const program = ts.createProgram(files.map((f) => path.join(root, f)), { strict: true, skipLibCheck: true, noEmit: true, esModuleInterop: true });
  const checker = program.getTypeChecker();
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string; description: string };

  const declared = (file: string, name: string): ts.Symbol => {
    const sf = program.getSourceFile(path.join(root, file));
    if (!sf) throw new Error(`schema: ${file} is not in the program`);
    const module = checker.getSymbolAtLocation(sf);
    const sym = module && checker.getExportsOfModule(module).find((s) => s.name === name);
    if (!sym) throw new Error(`schema: ${name} is not exported by ${file}`);
    return sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
  };
  const doc = (sym: ts.Symbol): string => {
    const text = ts.displayPartsToString(sym.getDocumentationComment(checker)).trim();
    if (!text) throw new Error(`schema: ${sym.name} has no TSDoc; every resource, property and function needs a description`);
    return text.replace(/\s*\n\s*/g, " ");
  };
  /** The text of a symbol's `@default` tag, if it has one. */
  const defaultTag = (sym: ts.Symbol): string | undefined => {
    const tag = sym.getJsDocTags(checker).find((t) => t.name === "default");
    return tag ? ts.displayPartsToString(tag.text).trim().replace(/\s*\n\s*/g, " ") : undefined;
  };
  const named = new NamedTypes(checker, doc);

  /** The schema type of a TypeScript type node (Input/Output unwrapped, undefined dropped). */
  const typeOf = (node: ts.TypeNode | undefined, where: string): Json => {
    if (!node) throw new Error(`schema: ${where} has no declared type`);
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText();
      if (/^pulumi\.(Input|Output)$/.test(name)) return typeOf(node.typeArguments?.[0], where);
      if (TYPES.includes(name)) return { $ref: `#/types/hosting:index:${name}` };
      const own = named.typeOf(node);
      if (own) return own;
      // Record<string, T>: a map (a Fleet's members by key).
      if (name === "Record" && node.typeArguments?.length === 2) return { type: "object", additionalProperties: typeOf(node.typeArguments[1], where) };
      throw new Error(`schema: ${where} has type ${name}, which the schema generator does not map`);
    }
    if (ts.isArrayTypeNode(node)) return { type: "array", items: typeOf(node.elementType, where) };
    if (ts.isParenthesizedTypeNode(node)) return typeOf(node.type, where);
    if (ts.isUnionTypeNode(node)) {
      const kept = node.types.filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword);
      if (kept.length === 1) return typeOf(kept[0], where);
      throw new Error(`schema: ${where} is a union the schema generator does not map`);
    }
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) {
      throw new Error(`schema: ${where} has an inline string literal type; declare it as a named type alias so that it becomes an enum`);
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: "string" };
      case ts.SyntaxKind.NumberKeyword:
        return { type: "number" };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: "boolean" };
      case ts.SyntaxKind.UnknownKeyword:
        return { $ref: "pulumi.json#/Any" };
    }
    throw new Error(`schema: ${where} has type ${node.getText()}, which the schema generator does not map`);
  };

  const optional = (decl: ts.Declaration): boolean => {
    const d = decl as ts.PropertySignature | ts.PropertyDeclaration;
    if (d.questionToken) return true;
    const text = d.type?.getText() ?? "";
    return /\|\s*undefined\b/.test(text);
  };

  /** Properties of an interface or class (inherited ones included), in declaration order. */
  const propertiesOf = (sym: ts.Symbol, owner: string, secretPrefix?: string, onlyIn?: string, defaults: Record<string, unknown> = {}) => {
    const type = checker.getDeclaredTypeOfSymbol(sym);
    const properties: Record<string, Json> = {};
    const required: string[] = [];
    for (const p of checker.getPropertiesOfType(type)) {
      const decl = p.valueDeclaration ?? p.declarations?.[0];
      if (!decl || !(ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl))) continue;
      // A class's own fields only, not those of pulumi.CustomResource (id, urn).
      if (onlyIn && path.resolve(decl.getSourceFile().fileName) !== path.join(root, onlyIn)) continue;
      const tag = defaultTag(p);
      const prop: Json = { ...typeOf(decl.type, `${owner}.${p.name}`), description: tag === undefined ? doc(p) : `${doc(p)} Default: ${tag}.` };
      const value = defaults[p.name];
      if (value !== undefined && typeof value !== "object") {
        if (tag !== JSON.stringify(value)) throw new Error(`schema: ${owner}.${p.name} says @default ${tag ?? "nothing"}, the code's default is ${JSON.stringify(value)}`);
        prop.default = value;
      }
      if (secretPrefix && SECRETS.has(`${secretPrefix}.${p.name}`)) prop.secret = true;
      properties[p.name] = prop;
      if (!optional(decl)) required.push(p.name);
    }
    return { properties, required };
  };

  const resources: Json = {};
  for (const [name, src] of Object.entries(RESOURCES)) {
    const cls = declared(src.outputs.file, src.outputs.name);
    const ins = propertiesOf(declared(src.inputs.file, src.inputs.name), `${name}Args`, name, undefined, src.defaults);
    const outs = propertiesOf(cls, name, name, src.outputs.file);
    resources[`hosting:index:${name}`] = {
      description: [doc(cls), examplesSection(root, name), importSection(root, name)].join("\n\n"),
      inputProperties: ins.properties,
      requiredInputs: ins.required,
      properties: outs.properties,
      required: outs.required,
    };
  }

  const functions: Json = {};
  for (const [name, src] of Object.entries(FUNCTIONS)) {
    const fn = declared(src.file, name);
    const result = propertiesOf(declared(src.file, src.result), src.result);
    const spec: Json = { description: [doc(fn), examplesSection(root, name)].join("\n\n"), outputs: { properties: result.properties, required: result.required, type: "object" } };
    if (src.args) {
      const args = propertiesOf(declared(src.file, src.args), src.args);
      spec.inputs = { properties: args.properties, required: args.required, type: "object" };
    }
    functions[`hosting:index:${name}`] = spec;
  }

  const types: Json = {};
  for (const name of TYPES) {
    const sym = declared(TYPE_FILES[name] ?? "provider/api/wire/types.ts", name);
    const t = propertiesOf(sym, name);
    types[`hosting:index:${name}`] = { type: "object", description: doc(sym), properties: t.properties, required: t.required };
  }

  // Each setting with a stack config key, as SETTINGS declares it (the README's table too).
  const config: Record<string, Json> = {};
  const providerInputs: Record<string, Json> = {};
  for (const key of CONFIG_KEYS) {
    const s = SETTINGS[key];
    const choices = CONFIG_ENUMS[key];
    const alias = choices && declared(choices.file, choices.name);
    const aliasDecl = alias?.declarations?.find(ts.isTypeAliasDeclaration);
    if (alias && !aliasDecl) throw new Error(`schema: ${choices!.name} in ${choices!.file} is not a type alias`);
    const type = alias && aliasDecl ? named.enumOf(alias, aliasDecl) : { type: "string" };
    const prop: Json = { ...type, description: `${s.description} Default: ${s.default}. Allowed: ${s.allowed}. When not set: the environment variable ${s.env}.` };
    if (s.secret) prop.secret = true;
    // No `default` for apiShape ("auto", the one setting whose default is a value), and no
    // `defaultInfo` on an enum provider input: for an enum, Go's generator (pkg v3.259.0) writes
    // code that does not compile (config.go names the enum without importing it; provider.go
    // assigns the variable's string to the enum input). The description says both, and the
    // provider reads the variable itself (provider/core/settings).
    const env = { defaultInfo: { environment: [s.env] } };
    config[key] = { ...prop, ...env };
    providerInputs[key] = choices ? prop : { ...prop, ...env };
  }
  // The enums every declaration above referred to, by token.
  for (const token of [...named.enums.keys()].sort()) types[token] = named.enums.get(token);
  return {
    name: "hosting",
    displayName: "Hosting",
    version: options.version ?? pkg.version,
    description: pkg.description,
    keywords: ["pulumi", "hosting", "category/cloud"],
    license: "Apache-2.0",
    homepage: REPOSITORY,
    repository: REPOSITORY,
    publisher: "pulumi-hosting",
    ...(options.pluginDownloadURL ? { pluginDownloadURL: options.pluginDownloadURL } : {}),
    config: { variables: config },
    provider: { description: "The configuration of a `hosting` provider: stack config `hosting:<key>`, or an explicit provider's arguments.", inputProperties: providerInputs },
    resources,
    functions,
    types,
    language: {
      // respectSchemaVersion: each SDK reports the schema's version (the release's) as the
      // plugin version it needs, rather than asking its package manager at run time.
      nodejs: { packageName: "@pulumi-hosting/sdk", dependencies: { "@pulumi/pulumi": "^3.0.0" }, respectSchemaVersion: true },
      go: { importBasePath: GO_IMPORT_BASE, respectSchemaVersion: true },
      python: { packageName: "pulumi_hosting", respectSchemaVersion: true },
      // C#: the NuGet package PulumiHosting.Hosting, namespace PulumiHosting.Hosting.
      csharp: { packageReferences: { Pulumi: "3.*" }, namespaces: { hosting: "Hosting" }, rootNamespace: "PulumiHosting", respectSchemaVersion: true },
      // Java: package com.pulumihosting.hosting, built with Gradle on Pulumi's Java SDK (0.18.0: the
      // default of pulumi-java's codegen v0.19.0, which scripts/gen-docs builds with).
      java: { basePackage: "com.pulumihosting", buildFiles: "gradle", dependencies: { "com.pulumi:pulumi": "0.18.0", "com.google.code.gson:gson": "2.8.9", "com.google.code.findbugs:jsr305": "3.0.2" } },
    },
  };
}

export function schemaText(root: string, options: SchemaOptions = {}): string {
  return `${JSON.stringify(generateSchema(root, options), null, 2)}\n`;
}

if (require.main === module) {
  const root = path.resolve(__dirname, "..", "..", "..");
  fs.writeFileSync(path.join(root, "schema.json"), schemaText(root));
  console.log(`schema: wrote ${path.join(root, "schema.json")}`);
}
