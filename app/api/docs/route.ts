import { DOCS_HEADERS, DOCS_HTML } from "@/lib/api/api-docs";
import { route } from "@/lib/api/route";

// GET /api/docs: the API reference, a page rendering /api/openapi.json with "try it" (Scalar, served by the app itself
// under a policy that lets its script and requests reach this origin only)
export const GET = route(
  {
    roles: "public",
    summary: 'The API reference: the OpenAPI document as a readable page, with "try it"',
    responses: { 200: { files: ["text/html"] } },
  },
  async () =>
    new Response(DOCS_HTML, {
      headers: { ...DOCS_HEADERS, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
    }),
);
