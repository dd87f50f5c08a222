import { route } from "@/lib/api/route";
import { UserIdParams } from "@/lib/api/schemas";
import { AppError } from "@/lib/services/errors";
import { officerPhoto } from "@/lib/services/officers";

// GET /api/officers/:userId/photo?v=: an officer's card photo. Public: the card goes out in email and into partners'
// frames, where no session comes with an image; only the photo of a shown card (NMLS ID set) is served. The link
// carries the photo's change time, so an answer may be kept for good.
export const GET = route(
  {
    roles: "public",
    params: UserIdParams,
    summary: "A loan officer's card photo (256 px WebP)",
    responses: { 200: { files: ["image/webp"] } },
    errors: [404],
  },
  async ({ params }) => {
    const photo = await officerPhoto(params.userId);
    if (!photo) throw new AppError(404, "not_found", "This officer has no photo on a card.");
    return new Response(new Uint8Array(photo.bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: `"${photo.updatedAt.getTime()}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);
