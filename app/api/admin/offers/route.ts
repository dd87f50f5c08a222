import { route } from "@/lib/api/route";
import { OffersBody } from "@/lib/api/schemas/admin";
import { offers, setOffers } from "@/lib/services/platform/settings";

export const GET = route(
  { roles: ["admin"], summary: "The rates and terms the organization offers", responses: { 200: OffersBody } },
  async () => Response.json(await offers()),
);

export const PUT = route(
  {
    roles: ["admin"],
    body: OffersBody,
    summary: "Set the rates and terms the organization offers",
    responses: { 200: OffersBody },
  },
  async ({ body }) => {
    await setOffers(body);
    return Response.json(body);
  },
);
