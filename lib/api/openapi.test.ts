import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { config } from "@/proxy";
import { appOrigin } from "@/lib/env";

/**
 * Every route file under app/api with the methods it exports, by the path it is served at (`[userId]` → `{userId}`).
 */
function routeFiles(dir = "app/api"): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) Object.assign(found, routeFiles(path));
    else if (entry === "route.ts") {
      const methods = [
        ...readFileSync(path, "utf8").matchAll(
          /export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g,
        ),
      ].map((m) => m[1]!.toLowerCase());
      found["/" + dir.replace(/^app\//, "").replace(/\[(\w+)\]/g, "{$1}")] = methods.sort();
    }
  }
  return found;
}

describe("the OpenAPI document", async () => {
  const document = await GET().json();

  it("lists every operation of every route file at its own path, and nothing else", () => {
    const files = routeFiles();
    // next-auth's own endpoints, and the document itself.
    delete files["/api/auth/{...nextauth}"];
    delete files["/api/auth/[...nextauth]"];
    delete files["/api/openapi.json"];
    const documented = Object.fromEntries(
      Object.entries(document.paths as Record<string, object>).map(([path, ops]) => [path, Object.keys(ops).sort()]),
    );
    expect(documented).toEqual(files);
  });

  it("groups every operation under one section, in the order an integrator reads them, homeowner first", () => {
    const sections = (document.tags as { name: string }[]).map((tag) => tag.name);
    expect(sections.slice(0, 2)).toEqual(["Homeowner", "Loan officer"]);
    const tagged = Object.entries(document.paths as Record<string, Record<string, { tags: string[] }>>).flatMap(
      ([path, operations]) => Object.entries(operations).map(([method, op]) => ({ at: `${method} ${path}`, ...op })),
    );
    for (const op of tagged) {
      expect(op.tags, op.at).toHaveLength(1);
      expect(sections, op.at).toContain(op.tags[0]);
    }
    const section = (method: string, path: string) => document.paths[path][method].tags[0];
    expect(section("post", "/api/leads")).toBe("Homeowner");
    expect(section("get", "/api/clients")).toBe("Loan officer");
    expect(section("post", "/api/avm")).toBe("Homes and addresses");
    expect(section("delete", "/api/account")).toBe("Account and sign-in");
    expect(section("post", "/api/widget/leads")).toBe("Partner sites and widget");
    expect(section("post", "/api/admin/webhooks")).toBe("Webhooks");
    expect(section("get", "/api/admin/audit")).toBe("Administration");
    expect(section("get", "/api/health")).toBe("Operations");
    // No section is empty.
    for (const name of sections)
      expect(
        tagged.some((op) => op.tags[0] === name),
        name,
      ).toBe(true);
  });

  it("names the app's own origin as its server, so the reference's curl examples can be pasted as they are", () => {
    expect(document.servers).toEqual([{ url: appOrigin, description: "This app" }]);
    expect(appOrigin).toMatch(/^https?:\/\/[^/]+$/);
  });

  it("says who may call each operation, and every status it answers", () => {
    const avm = document.paths["/api/avm"].post;
    expect(avm.description).toBe(
      "Who may call it: homeowner, loan_officer, admin. Also an API token with the scope `lookups`.",
    );
    expect(avm.security).toEqual([{ session: [] }, { apiToken: ["lookups"] }]);
    expect(document.paths["/api/account/tokens"].get.security).toEqual([{ session: [] }]);
    expect(Object.keys(avm.responses)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "429",
      "500",
      "502",
      "503",
      "504",
    ]);
    expect(Object.keys(document.paths["/api/signup"].post.responses)).toContain("201");
    expect(Object.keys(document.paths["/api/signup"].post.responses)).not.toContain("200");
    expect(document.paths["/api/admin/users/{userId}"].delete.parameters).toEqual([
      expect.objectContaining({
        name: "userId",
        in: "path",
        required: true,
        schema: expect.objectContaining({ type: "integer", minimum: 1, maximum: 2_147_483_647 }),
      }),
    ]);
  });

  it("names step_up_required on the 403 of every operation a stolen session must not take, and on no other", () => {
    const stepUp = (path: string, method: string) =>
      String(document.paths[path][method].responses["403"].description).includes("`step_up_required`");
    const declared = [
      ["/api/admin/users/{userId}", "patch"],
      ["/api/admin/users/{userId}", "delete"],
      ["/api/admin/users/{userId}/factors", "delete"],
      ["/api/admin/tokens", "post"],
      ["/api/admin/tokens/{tokenId}", "delete"],
      ["/api/account/tokens", "post"],
      ["/api/account/tokens/{tokenId}", "delete"],
      ["/api/admin/webhooks", "post"],
      ["/api/admin/webhooks/{webhookId}", "delete"],
      ["/api/admin/sites", "post"],
      ["/api/admin/sites", "patch"],
      ["/api/admin/organization", "put"],
      ["/api/admin/users/{userId}/officer", "put"],
      ["/api/account/authenticator", "delete"],
      ["/api/account/passkeys/{passkeyId}", "delete"],
      ["/api/account/recovery-codes", "post"],
      ["/api/clients/export", "get"],
    ] as const;
    expect(declared.filter(([path, method]) => !stepUp(path, method))).toEqual([]);
    expect(stepUp("/api/account/tokens", "get")).toBe(false);
    expect(stepUp("/api/account/passkeys/{passkeyId}", "patch")).toBe(false);
  });

  it("describes the metrics route as a machine's, behind its bearer token", () => {
    const metrics = document.paths["/api/metrics"].get;
    expect(metrics.security).toEqual([{ metricsToken: [] }]);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(metrics.responses)).toEqual(["200", "401", "404", "500", "503"]);
    expect(Object.keys(metrics.responses["200"].content)).toEqual(["text/plain"]);
    expect(metrics.description).toContain("METRICS_TOKEN");
  });
});

describe("the proxy's matcher", () => {
  // A dynamic segment that does not decode fails in Next.js's own decoding as a plain-text 500, before route() runs:
  // the proxy answers it with a 400, but only for the routes its matcher lists (literal values, so kept by hand).
  it("covers every API route with a dynamic segment, so that an undecodable segment is a 400", () => {
    const prefixes = config.matcher
      .filter((entry): entry is string => typeof entry === "string" && entry.startsWith("/api/"))
      .map((entry) => entry.replace(/\/:path\+$/, "/"));
    const dynamic = Object.keys(routeFiles()).filter((path) => path.includes("{") && !path.startsWith("/api/auth/"));
    expect(dynamic.length).toBeGreaterThan(10);
    const uncovered = dynamic.filter(
      (path) => !prefixes.some((prefix) => path.startsWith(prefix) && path.indexOf("{") >= prefix.length),
    );
    expect(uncovered).toEqual([]);
  });
});
