import { YourFigures } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { OwnerFiguresBody, PropertyIdParams } from "@/lib/api/schemas/property";
import { clearFigures, readFigures, saveFigures } from "@/lib/services/homes/figures";

// GET, PUT, DELETE /api/owner-figures/:propertyId: the owner's own figures for a home they proved they own (its loans
// today, its condition) and the equity they give. The service's answers are never changed. Someone else's home: 404.
const common = {
  roles: ["homeowner"],
  params: PropertyIdParams,
  responses: { 200: YourFigures },
  errors: [404],
} as const;

export const GET = route(
  { ...common, summary: "Your figures for one of your homes, and the equity from them" },
  async ({ caller, params }) => Response.json(await readFigures(caller, params.propertyId)),
);

export const PUT = route(
  {
    ...common,
    body: OwnerFiguresBody,
    summary: "Replace your figures for one of your homes (what is left out is removed)",
  },
  async ({ caller, params, body }) => Response.json(await saveFigures(caller, params.propertyId, body)),
);

export const DELETE = route(
  { ...common, summary: "Remove all your figures for one of your homes" },
  async ({ caller, params }) => Response.json(await clearFigures(caller, params.propertyId)),
);
