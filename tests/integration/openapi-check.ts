import { z } from "zod";

/**
 * Every answer the integration tests receive from a documented route is checked against the app's own OpenAPI
 * document: the status must be listed for that method and path, and a JSON body must match the listed schema. What
 * does not is kept here, and run-env.ts fails the test that received it.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const documents = new Map<string, Promise<Document>>();
const validators = new Map<object, z.ZodType>();
const violations: string[] = [];

async function readDocument(origin: string): Promise<Document> {
  const response = await fetch(`${origin}/api/openapi.json`);
  if (!response.ok) throw new Error(`status ${response.status}`);
  const document = (await response.json()) as Partial<Document>;
  if (typeof document.paths !== "object" || document.paths === null) throw new Error("no paths in it");
  return document as Document;
}

/**
 * The app's document, read once per origin. A failed read is a violation of the answer that needed it (an answer
 * left unchecked is not a pass), and it is forgotten, so the next answer reads the document again.
 */
async function documentOf(origin: string): Promise<Document | undefined> {
  let document = documents.get(origin);
  if (!document) documents.set(origin, (document = readDocument(origin)));
  try {
    return await document;
  } catch (error) {
    if (documents.get(origin) === document) documents.delete(origin);
    violations.push(
      `${origin}/api/openapi.json could not be read, so the answer was not checked: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

function matchPath(document: Document, pathname: string): string | undefined {
  return Object.keys(document.paths).find((template) =>
    new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`).test(pathname),
  );
}

function validator(schema: object): z.ZodType {
  let found = validators.get(schema);
  if (!found) validators.set(schema, (found = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0])));
  return found;
}

/** Checks one answer; anything the document does not describe is recorded as a violation. */
export async function checkAnswer(
  url: string,
  method: string,
  answer: { status: number; headers: Headers; body: unknown },
): Promise<void> {
  const { origin, pathname } = new URL(url);
  if (!pathname.startsWith("/api/") || pathname === "/api/openapi.json") return;
  const document = await documentOf(origin);
  if (!document) return;
  const template = matchPath(document, pathname);
  // Not a documented route (next-auth's own endpoints), or the framework's own refusal of a method.
  if (!template || answer.status === 405) return;
  const where = `${method} ${template} → ${answer.status}`;
  const operation = document.paths[template]![method.toLowerCase()];
  if (!operation) return void violations.push(`${where}: the document has no ${method} at ${template}`);
  const response = operation.responses[String(answer.status)];
  if (!response)
    return void violations.push(
      `${where}: status not in the document (it lists ${Object.keys(operation.responses).join(", ")})`,
    );
  const type = answer.headers.get("content-type")?.split(";")[0] ?? "";
  if (!response.content) {
    if (answer.status !== 204 && type) violations.push(`${where}: a ${type} body where the document lists none`);
    return;
  }
  if (!(type in response.content))
    return void violations.push(
      `${where}: ${type || "no body"} where the document lists ${Object.keys(response.content).join(", ")}`,
    );
  const schema = response.content[type]?.schema;
  if (type !== "application/json" || !schema || Object.keys(schema).length === 0) return;
  const parsed = validator(schema).safeParse(answer.body);
  if (!parsed.success)
    violations.push(`${where}: the body does not match the document: ${z.prettifyError(parsed.error).slice(0, 600)}`);
}

/** The violations found since the last call, which forgets them. */
export function takeViolations(): string[] {
  return violations.splice(0);
}
