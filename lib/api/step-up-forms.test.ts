import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importGraph } from "@/lib/testing/import-graph";

/**
 * Issue 53, item 3: every action declared with `stepUp` (a route's or a server action's) that a form of the app calls
 * shows the step-up dialog, so that a stale session's "Confirm it is you" is a question the form asks, not a dead end.
 * Read from the sources: the declarations, the forms that call them (the client component that holds the call, or the
 * one a page hands the path or the action to), and whether that component draws the dialog.
 */

const root = process.cwd();
const graph = importGraph(root, ["app", "components", "lib"]);
const sources = new Map<string, string>();
const source = (file: string) => {
  if (!sources.has(file)) sources.set(file, readFileSync(`${root}/${file}`, "utf8"));
  return sources.get(file)!;
};
const isClient = (file: string) => /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(source(file));
const isServerActions = (file: string) => /^(?:\s|\/\/[^\n]*\n)*["']use server["']/.test(source(file));

interface Declared {
  /** `PUT /api/admin/organization`, or `registerSite (app/(site)/admin/actions.ts)`. */
  name: string;
  stepUp: string;
  /** What a caller's source names it by: the route's path (its dynamic segments `[id]`), or the action's name. */
  path?: string[];
  action?: { file: string; name: string };
}

/** Each handler of each route file, with the `stepUp` in its declaration. */
function declaredRoutes(): Declared[] {
  return globSync("app/api/**/route.ts").flatMap((file) => {
    const path = file.replace(/^app/, "").replace(/\/route\.ts$/, "");
    const handlers = source(file)
      .split(/^export const (?=(?:GET|POST|PUT|PATCH|DELETE) = )/m)
      .slice(1);
    return handlers.flatMap((handler) => {
      const method = /^\w+/.exec(handler)![0];
      const stepUp = /\bstepUp: "([\w.]+)"/.exec(handler)?.[1];
      return stepUp ? [{ name: `${method} ${path}`, stepUp, path: path.split("/").slice(1) }] : [];
    });
  });
}

/** The exported server actions (`export const x = action({ … stepUp … })`) of every "use server" file. */
function declaredActions(): Declared[] {
  return globSync("app/**/*.ts")
    .filter((file) => !file.endsWith(".test.ts") && isServerActions(file))
    .flatMap((file) =>
      source(file)
        .split(/^export const (?=\w+ = action\()/m)
        .slice(1)
        .flatMap((declaration) => {
          const name = /^\w+/.exec(declaration)![0];
          const stepUp = /\bstepUp: "([\w.]+)"/.exec(declaration)?.[1];
          return stepUp ? [{ name: `${name} (${file})`, stepUp, action: { file, name } }] : [];
        }),
    );
}

/** The segments of a path written in a caller's source (`${…}` for a part it fills in). */
const segments = (literal: string) => literal.split("?")[0]!.split("/").slice(1);
const fills = (route: string[], written: string[]) =>
  route.length === written.length &&
  route.every(
    (part, i) => part === written[i] || (/^\[\w+\]$/.test(part) && /^(?:\$\{[^}]*\}|\d+)$/.test(written[i]!)),
  );

/** The positions in a file's source where it names the declared action. */
function mentions(file: string, declared: Declared): number[] {
  const text = source(file);
  if (declared.path)
    return [...text.matchAll(/["'`](\/api\/(?:[^"'`$]|\$\{[^}]*\})*)["'`]/g)]
      .filter((match) => fills(declared.path!, segments(match[1]!)))
      .map((match) => match.index);
  const { file: actions, name } = declared.action!;
  if (!graph.get(file)?.includes(actions)) return [];
  return [...text.matchAll(new RegExp(`\\b${name}\\b`, "g"))]
    .filter((match) => !/import\s*\{[^}]*$/.test(text.slice(0, match.index)))
    .map((match) => match.index);
}

/** The module among a file's imports that exports a component of this name. */
const componentFile = (file: string, component: string) =>
  graph.get(file)?.find((target) => new RegExp(`export (?:function|const) ${component}\\b`).test(source(target)));

/** A form's component, and for a server action the name it has there (the prop a page hands it as). */
interface Form {
  file: string;
  action?: string;
}
const label = (form: Form) => (form.action ? `${form.file} (${form.action})` : form.file);

/**
 * The form behind each place a file names the action: the file itself when it runs in the browser, else the component
 * a page hands the path or the action to (the element that encloses the mention).
 */
function formsIn(file: string, declared: Declared): Form[] {
  return mentions(file, declared).flatMap((at) => {
    const before = source(file).slice(0, at);
    if (isClient(file)) return [{ file, action: declared.action?.name }];
    const element = [...before.matchAll(/<([A-Z]\w*)\b/g)].at(-1)?.[1];
    const target = element && componentFile(file, element);
    const prop = declared.action && /(\w+)=\{$/.exec(before)?.[1];
    return target && isClient(target) ? [{ file: target, ...(prop ? { action: prop } : {}) }] : [];
  });
}

/** The callers of each declared action among the app's pages and components, and the forms behind them. */
function formsOf(declared: Declared): Form[] {
  const files = [...graph.keys()].filter(
    (file) => (file.startsWith("app/") || file.startsWith("components/")) && !file.startsWith("app/api/"),
  );
  const forms = new Map(files.flatMap((file) => formsIn(file, declared)).map((form) => [label(form), form]));
  return [...forms.values()].sort((a, b) => label(a).localeCompare(label(b)));
}

const DIALOG = /\buseStepUp\(|<StepUpDialog\b/;

/**
 * Whether a form draws the step-up dialog. A server action's: it submits that action through useStepUpForm (another
 * form of the same component asking is not enough). A route's: it draws it itself, or it runs the call through a
 * `withStepUp` that a component around it (one that imports it, up the tree) draws.
 */
function drawsDialog(form: Form): boolean {
  if (form.action) return new RegExp(`\\buseStepUpForm\\(\\s*${form.action}\\b`).test(source(form.file));
  return drawsRouteDialog(form.file);
}

function drawsRouteDialog(file: string, seen = new Set<string>()): boolean {
  if (DIALOG.test(source(file))) return true;
  if (!/\bwithStepUp\(/.test(source(file)) || seen.has(file)) return false;
  seen.add(file);
  return [...graph].some(([parent, imports]) => imports.includes(file) && drawsRouteDialog(parent, seen));
}

const declared = [...declaredRoutes(), ...declaredActions()];

describe("every action that asks for a step-up and has a form, asks in the form (issue 53, item 3)", () => {
  it("finds the declarations: the routes' and the server actions'", () => {
    const names = declared.map((one) => one.name);
    expect(names).toContain("POST /api/admin/webhooks");
    expect(names).toContain("POST /api/admin/sites");
    expect(names).toContain("registerSite (app/(site)/admin/actions.ts)");
  });

  it("finds the forms that call them, the webhook, token, site and officer forms among them", () => {
    const labelsOf = (declared: Declared) => formsOf(declared).map(label);
    expect(labelsOf(declared.find((one) => one.name === "POST /api/admin/webhooks")!)).toEqual([
      "components/webhooks/webhook-admin.tsx",
    ]);
    expect(labelsOf(declared.find((one) => one.name === "POST /api/admin/tokens")!)).toEqual([
      "components/account/api-tokens.tsx",
    ]);
    expect(labelsOf(declared.find((one) => one.name === "DELETE /api/admin/users/[userId]")!)).toEqual([
      "components/admin/staff-list.tsx",
    ]);
    expect(labelsOf(declared.find((one) => one.name.startsWith("registerSite "))!)).toEqual([
      "components/admin/site-form.tsx (action)",
    ]);
    expect(labelsOf(declared.find((one) => one.name.startsWith("assignSiteOfficer "))!)).toEqual([
      "components/officer/assign-officer-forms.tsx (assignSite)",
    ]);
  });

  it("asks for one on every change of where leads go: the default officer and lender's name, a site's and a homeowner's officer", () => {
    const stepUps = Object.fromEntries(declared.map((one) => [one.name, one.stepUp]));
    expect({
      organization: stepUps["PUT /api/admin/organization"],
      site: stepUps["PATCH /api/admin/sites"],
      homeowner: stepUps["PUT /api/admin/users/[userId]/officer"],
      siteForm: stepUps["assignSiteOfficer (app/(site)/admin/actions.ts)"],
      homeownerForm: stepUps["assignOfficer (app/(site)/admin/actions.ts)"],
    }).toEqual({
      organization: "organization.change",
      site: "site.officer",
      homeowner: "officer.assign",
      siteForm: "site.officer",
      homeownerForm: "officer.assign",
    });
  });

  it("draws the dialog in each form of each declared action", () => {
    const without = declared.flatMap((one) =>
      formsOf(one)
        .filter((form) => !drawsDialog(form))
        .map((form) => `${one.name} (stepUp ${one.stepUp}): ${label(form)}`),
    );
    expect(without).toEqual([]);
  });
});
