import { openApiDocument } from "@/lib/api/openapi";

// GET /api/openapi.json: the API as OpenAPI 3.1
export const dynamic = "force-static";

export function GET() {
  return Response.json(openApiDocument());
}
