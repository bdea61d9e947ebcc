// Sizes (docs/CONVENTIONS.md, "Sizes"; issue 41): no hand-written module of app/ over 400 lines, no function over
// 120 lines, no React component over 200. Functions (declarations, expressions, arrows, methods, accessors) and their
// lines are found with the TypeScript compiler; a component is a function of a .tsx file whose name starts with a
// capital letter. Tests, the schema, the demo data and generated files are not counted.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MAX_MODULE_LINES = 400;
const MAX_FUNCTION_LINES = 120;
const MAX_COMPONENT_LINES = 200;

/** Not written by hand, or data rather than code. */
const NOT_COUNTED = new Set(["app/db/schema.ts", "app/db/demo-data.ts", "app/domain/common-passwords.ts"]);
const isGenerated = (text: string) => /^\/\/ GENERATED\b/.test(text);

/** The name a function goes by: its own, or the variable, property or class member it is assigned to. */
function functionName(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    parent.name
  ) {
    return parent.name.getText(file);
  }
  return "(anonymous)";
}

function isFunctionWithBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** What is too long in one module: the module itself, then each function (`path:line name (n lines > limit)`). */
function sizeViolations(path: string, text: string): string[] {
  const found: string[] = [];
  const moduleLines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (moduleLines > MAX_MODULE_LINES) found.push(`${path}: module of ${moduleLines} lines > ${MAX_MODULE_LINES}`);
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node) => {
    if (isFunctionWithBody(node)) {
      const name = functionName(node, file);
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      const limit = kind === ts.ScriptKind.TSX && /^[A-Z]/.test(name) ? MAX_COMPONENT_LINES : MAX_FUNCTION_LINES;
      if (lines > limit) found.push(`${path}:${start} ${name} (${lines} lines > ${limit})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function handWrittenModules(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return handWrittenModules(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || NOT_COUNTED.has(path)) return [];
    return [path];
  });
}

/** Synthetic sources: `n` lines of a function body. */
const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
const fn = (head: string, inner: number, tail = "}") => `${head}\n${body(inner)}\n${tail}\n`;

describe("sizeViolations", () => {
  it.each([
    ["a short function", "a.ts", fn("function short() {", 10), []],
    ["a function of exactly 120 lines", "a.ts", fn("function edge() {", 118), []],
    ["a function of 121 lines", "a.ts", fn("function long() {", 119), ["a.ts:1 long (121 lines > 120)"]],
    [
      "a long arrow, named by its variable",
      "a.ts",
      fn("export const go = () => {", 130),
      ["a.ts:1 go (132 lines > 120)"],
    ],
    ["a long method, named", "a.ts", `class C {\n${fn("  run() {", 125, "  }")}}\n`, ["a.ts:2 run (127 lines > 120)"]],
    [
      "a long object method",
      "a.ts",
      `export const o = {\n${fn("  async save() {", 121, "  },")}};\n`,
      ["a.ts:2 save (123 lines > 120)"],
    ],
    ["a component of 180 lines in a .tsx", "a.tsx", fn("export function Page() {", 178), []],
    ["a component of 201 lines", "a.tsx", fn("export function Page() {", 199), ["a.tsx:1 Page (201 lines > 200)"]],
    [
      "a capitalised function in a .ts is no component",
      "a.ts",
      fn("export function Page() {", 178),
      ["a.ts:1 Page (180 lines > 120)"],
    ],
    ["a lower-case function of a .tsx", "a.tsx", fn("function helper() {", 150), ["a.tsx:1 helper (152 lines > 120)"]],
    [
      "a long callback inside a short-enough component",
      "a.tsx",
      `function List() {\n${fn("  const f = useCallback(() => {", 125, "  });")}  return null;\n}\n`,
      ["a.tsx:2 (anonymous) (127 lines > 120)"],
    ],
    ["a module of 400 lines", "m.ts", `${body(400)}\n`, []],
    ["a module of 401 lines", "m.ts", `${body(401)}\n`, ["m.ts: module of 401 lines > 400"]],
  ])("%s", (_what, path, source, expected) => {
    expect(sizeViolations(path, source)).toEqual(expected);
  });

  it("names every long function of a module, nested ones included", () => {
    const source = `function outer() {\n${fn("  function inner() {", 125, "  }")}}\n`;
    expect(sizeViolations("n.ts", source)).toEqual([
      "n.ts:1 outer (129 lines > 120)",
      "n.ts:2 inner (127 lines > 120)",
    ]);
  });
});

/**
 * Parsing every module of app/ takes about a second alone, and many times that on a busy two-core machine (the whole
 * suite runs beside it): this is a guard on sizes, not a timed test, so it gets a minute.
 */
const PARSE_ALL_TIMEOUT_MS = 60_000;

describe("app/ sizes", () => {
  it("finds the modules it measures", () => {
    const modules = handWrittenModules("app");
    expect(modules.length).toBeGreaterThan(100);
    expect(modules).toContain("app/root.tsx");
    expect(modules).not.toContain("app/db/schema.ts");
  });

  it(
    "has no module over 400 lines, no function over 120, no component over 200",
    () => {
      const violations = handWrittenModules("app").flatMap((path) => {
        const text = readFileSync(join(ROOT, path), "utf8");
        return isGenerated(text) ? [] : sizeViolations(relative(ROOT, join(ROOT, path)), text);
      });
      expect(violations).toEqual([]);
    },
    PARSE_ALL_TIMEOUT_MS,
  );
});
