import { route } from "@/lib/api/route";
import { isStaff } from "@/lib/auth/roles";
import { UserIdParams } from "@/lib/api/schemas/admin";
import { AppError } from "@/lib/services/errors";
import { officerPhoto } from "@/lib/services/portfolio/officers";

// GET /api/officers/:userId/photo?v=: an officer's card photo. Public: the card goes out in email and into partners'
// frames, where no session comes with an image; only the photo of a shown card (NMLS ID set) is served (to staff, any
// officer's: their own form shows it before the card is complete). The link carries the photo's change time, so a
// shown card's photo may be kept for good.
export const GET = route(
  {
    roles: "public",
    params: UserIdParams,
    summary: "A loan officer's card photo (256 px WebP)",
    responses: { 200: { files: ["image/webp"] } },
    errors: [404],
  },
  async ({ params, user }) => {
    const photo = await officerPhoto(params.userId, !!user && isStaff(user.role));
    if (!photo) throw new AppError({ code: "not_found", message: "This officer has no photo on a card." });
    return new Response(new Uint8Array(photo.bytes), {
      headers: {
        "Content-Type": "image/webp",
        // A photo shown only to staff (its card is not complete) is kept by no shared cache.
        "Cache-Control": photo.public ? "public, max-age=31536000, immutable" : "private, no-store",
        ETag: `"${photo.updatedAt.getTime()}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);
