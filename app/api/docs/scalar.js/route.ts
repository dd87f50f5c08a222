import { scalarBundle } from "@/lib/api/api-docs";
import { route } from "@/lib/api/route";

export const GET = route(
  {
    roles: "public",
    summary: "The API reference's script (Scalar's published browser bundle)",
    responses: { 200: { files: ["text/javascript"] } },
  },
  async () =>
    new Response(new Uint8Array(await scalarBundle()), {
      headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
    }),
);
