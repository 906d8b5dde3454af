// scripts/schema/named-types.ts: which TypeScript types become enums and integers in schema.json.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import { NamedTypes } from "../../scripts/schema/named-types";

const SOURCE = `
/** A whole number. */
export type Integer = number;
/** A colour. */
export type Colour =
  /** The colour of grass. */
  | "green"
  /** The colour of the sky. */
  | "blue";
export const SIZES = [
  /** Small. */
  "s",
  /** Large. */
  "l",
] as const;
/** A size. */
export type Size = (typeof SIZES)[number];
export type Undescribed = "x" | /** Why. */ "y";
export interface Shapes { colour: Colour; size: Size; count: Integer; bad: Undescribed; }
`;

describe("schema named types", () => {
  let dir: string;
  let named: NamedTypes;
  let field: (name: string) => ts.TypeReferenceNode;
  before(() => {
    // Integer counts only where the product declares it: provider/api/wire/types.ts.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "named-types-"));
    const file = path.join(dir, "provider", "api", "wire", "types.ts");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, SOURCE);
    const program = ts.createProgram([file], { strict: true, noEmit: true });
    const checker = program.getTypeChecker();
    named = new NamedTypes(checker, (sym) => ts.displayPartsToString(sym.getDocumentationComment(checker)));
    const shapes = program.getSourceFile(file)!.statements.find(ts.isInterfaceDeclaration)!;
    field = (name) => shapes.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && m.name.getText() === name)!.type as ts.TypeReferenceNode;
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("makes a string-literal alias an enum, each value described by the comment before it", () => {
    expect(named.typeOf(field("colour"))).to.deep.equal({ $ref: "#/types/hosting:index:Colour" });
    expect(named.enums.get("hosting:index:Colour")).to.deep.equal({
      type: "string",
      description: "A colour.",
      enum: [
        { name: "Green", value: "green", description: "The colour of grass." },
        { name: "Blue", value: "blue", description: "The colour of the sky." },
      ],
    });
  });

  it("reads the values of (typeof VALUES)[number] from the const array", () => {
    named.typeOf(field("size"));
    expect(named.enums.get("hosting:index:Size")!.enum).to.deep.equal([
      { name: "S", value: "s", description: "Small." },
      { name: "L", value: "l", description: "Large." },
    ]);
  });

  it("makes Integer an integer", () => {
    expect(named.typeOf(field("count"))).to.deep.equal({ type: "integer" });
  });

  it("refuses an enum value without a description", () => {
    expect(() => named.typeOf(field("bad"))).to.throw('Undescribed "x" has no /** */ comment');
  });
});
