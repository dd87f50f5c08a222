// GET /api/health: the process is up and serving (no database or upstream call: a load balancer's liveness probe)
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
