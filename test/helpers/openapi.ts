// The project's OpenAPI description (docs/openapi.yaml), read once, and the document of one
// shape: every part marked `x-shape` for the other shape taken out (a response, a schema, a
// link, a branch of a oneOf, directly or through a $ref), so that a deployment of shape A is
// checked against shape A alone.
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import type { ApiShape } from "../../protocol/shapes";

export const OPENAPI_FILE = path.resolve(__dirname, "../../../docs/openapi.yaml");

/** The document as plain JSON values (YAML aliases expanded into copies). */
export function loadOpenApi(): any {
  return JSON.parse(JSON.stringify(parse(fs.readFileSync(OPENAPI_FILE, "utf8"), { maxAliasCount: -1 })));
}

/** The object a local `$ref` ("#/components/schemas/X") points at. */
export function resolveRef(doc: any, ref: string): any {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are used in docs/openapi.yaml, got ${ref}`);
  return ref.slice(2).split("/").reduce((o, k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
}

/** The document of one shape. */
export function shapeDocument(source: any, shape: ApiShape): any {
  const doc = JSON.parse(JSON.stringify(source));
  const other = (v: unknown): boolean => {
    if (!v || typeof v !== "object") return false;
    const o = v as Record<string, unknown>;
    const target = typeof o.$ref === "string" ? resolveRef(source, o.$ref) : o;
    return target?.["x-shape"] !== undefined && target["x-shape"] !== shape;
  };
  const walk = (node: any): void => {
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) if (other(node[i])) node.splice(i, 1);
      node.forEach(walk);
    } else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (other(v)) delete node[k];
        else walk(v);
      }
    }
  };
  walk(doc);
  doc.info.title += ` (shape ${shape})`;
  return doc;
}

/** Every operation of the document as "METHOD /v1/path/:param". */
export function operationsOf(doc: any): string[] {
  const out: string[] = [];
  for (const [p, item] of Object.entries<any>(doc.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      if (item[method]) out.push(`${method.toUpperCase()} /v1${p.replace(/\{(\w+)\}/g, ":$1")}`);
    }
  }
  return out;
}
