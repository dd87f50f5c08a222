import { readiness } from "@/lib/services/health";

// GET /api/health: the process serves (liveness). GET /api/health?deep=1: the database, cache and property data
// service answer too (readiness), 503 when one does not.
export async function GET(request: Request) {
  const headers = { "Cache-Control": "no-store" };
  if (!new URL(request.url).searchParams.has("deep")) return Response.json({ status: "ok" }, { headers });
  const result = await readiness();
  return Response.json(result, { status: result.status === "ok" ? 200 : 503, headers });
}
