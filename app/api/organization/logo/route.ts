import { route } from "@/lib/api/route";
import { AppError } from "@/lib/services/errors";
import { organizationLogo } from "@/lib/services/portfolio/organization";

export const GET = route(
  {
    roles: "public",
    summary: "The organization's logo (256 px WebP)",
    responses: { 200: { files: ["image/webp"] } },
    errors: [404],
  },
  async () => {
    const logo = await organizationLogo();
    if (!logo) throw new AppError({ code: "not_found", message: "The organization has no logo." });
    return new Response(new Uint8Array(logo.bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: `"${logo.updatedAt.getTime()}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);
