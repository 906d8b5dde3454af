// The named TypeScript types the schema gives a type of their own (scripts/schema/generate.ts):
//   a type alias of string literals       an enum `hosting:index:<Alias>`, one value per literal,
//                                          each described by the `/** */` comment before it;
//   `(typeof VALUES)[number]`             the same, from the elements of a `[...] as const` array;
//   `Integer` (provider/api/wire/types.ts) `integer`, since TypeScript has only `number`.
// Literal unions written inline are refused: a closed set needs a name to become an enum.

import * as ts from "typescript";

type Json = Record<string, unknown>;

/** Where the Integer alias is declared; a same-named type elsewhere is not it. */
const INTEGER_FILE = "provider/api/wire/types.ts";

export class NamedTypes {
  /** The enums met so far, by schema token. */
  readonly enums = new Map<string, Json>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly doc: (sym: ts.Symbol) => string,
  ) {}

  /** The schema type of a reference to a named type, or undefined when it is not one of ours. */
  typeOf(node: ts.TypeReferenceNode): Json | undefined {
    let sym = this.checker.getSymbolAtLocation(node.typeName);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = this.checker.getAliasedSymbol(sym);
    const decl = sym?.declarations?.find(ts.isTypeAliasDeclaration);
    if (!sym || !decl) return undefined;
    if (sym.name === "Integer" && decl.getSourceFile().fileName.endsWith(INTEGER_FILE)) return { type: "integer" };
    const target = this.checker.getTypeFromTypeNode(node);
    if (!(target.isUnion() || target.isStringLiteral()) || !(target.isUnion() ? target.types : [target]).every((t) => t.isStringLiteral())) return undefined;
    return this.enumOf(sym, decl);
  }

  /** Registers the enum of a string-literal alias and returns a reference to it. */
  enumOf(sym: ts.Symbol, decl: ts.TypeAliasDeclaration): Json {
    const token = `hosting:index:${sym.name}`;
    if (!this.enums.has(token)) {
      const values = this.members(decl).map(({ node, value }) => ({
        name: enumName(value),
        value,
        description: commentBefore(node, decl.getSourceFile(), `${sym.name} "${value}"`),
      }));
      this.enums.set(token, { type: "string", description: this.doc(sym), enum: values });
    }
    return { $ref: `#/types/${token}` };
  }

  /** The literal nodes of the alias, with their values, in declaration order. */
  private members(decl: ts.TypeAliasDeclaration): { node: ts.Node; value: string }[] {
    const literal = (n: ts.Node) => (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) ? n.literal.text : ts.isStringLiteral(n) ? n.text : undefined);
    let nodes: readonly ts.Node[] | undefined;
    if (ts.isUnionTypeNode(decl.type)) nodes = decl.type.types;
    else if (ts.isLiteralTypeNode(decl.type)) nodes = [decl.type];
    else if (ts.isIndexedAccessTypeNode(decl.type)) nodes = this.arrayElements(decl.type.objectType);
    const members = (nodes ?? []).map((node) => ({ node, value: literal(node) }));
    if (members.length === 0 || members.some((m) => m.value === undefined)) {
      throw new Error(`schema: ${decl.name.text} must be a union of string literals or (typeof VALUES)[number] of a const array to become an enum`);
    }
    return members as { node: ts.Node; value: string }[];
  }

  /** The elements of `[...] as const` behind `typeof VALUES`. */
  private arrayElements(node: ts.TypeNode): readonly ts.Node[] | undefined {
    while (ts.isParenthesizedTypeNode(node)) node = node.type;
    if (!ts.isTypeQueryNode(node)) return undefined;
    let sym = this.checker.getSymbolAtLocation(node.exprName);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = this.checker.getAliasedSymbol(sym);
    const v = sym?.valueDeclaration;
    let init = v && ts.isVariableDeclaration(v) ? v.initializer : undefined;
    while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
    return init && ts.isArrayLiteralExpression(init) ? init.elements : undefined;
  }
}

/** The last `/** *\/` comment between the previous member (or the `=`/`[`) and this one. */
function commentBefore(node: ts.Node, sf: ts.SourceFile, where: string): string {
  const parent = node.parent;
  const siblings: readonly ts.Node[] = ts.isUnionTypeNode(parent) ? parent.types : ts.isArrayLiteralExpression(parent) ? parent.elements : [node];
  const i = siblings.indexOf(node);
  const from = i > 0 ? siblings[i - 1].end : ts.isArrayLiteralExpression(parent) ? parent.getStart(sf) + 1 : ts.isUnionTypeNode(parent) ? parent.pos : node.pos;
  const comments = [...sf.text.slice(from, node.getStart(sf)).matchAll(/\/\*\*([\s\S]*?)\*\//g)];
  const last = comments.at(-1)?.[1];
  const text = last?.split("\n").map((l) => l.replace(/^\s*\*?\s?/, "").trim()).filter(Boolean).join(" ").trim();
  if (!text) throw new Error(`schema: ${where} has no /** */ comment; every enum value needs a description`);
  return text;
}

/** "server.status_changed" -> "ServerStatusChanged": the name each SDK's constant is made from. */
function enumName(value: string): string {
  return value.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}
