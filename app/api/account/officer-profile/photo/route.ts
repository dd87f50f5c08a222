import { IMAGE_UPLOAD_TYPES, OfficerProfile } from "@/lib/api/officer-answers";
import { route } from "@/lib/api/route";
import { STAFF } from "@/lib/auth/roles";
import { MAX_IMAGE_BYTES } from "@/lib/security/images";
import { saveOfficerPhoto } from "@/lib/services/portfolio/officers";

// PUT /api/account/officer-profile/photo: the card's photo, sent as the file itself (JPEG, PNG or WebP by content, ≤ 5
// MB); kept as a 256 px WebP without metadata. Anything else is a 400 naming `photo`.
export const PUT = route(
  {
    roles: STAFF,
    upload: { field: "photo", maxBytes: MAX_IMAGE_BYTES, contentTypes: IMAGE_UPLOAD_TYPES },
    summary: "Upload your card's photo (JPEG, PNG or WebP, at most 5 MB): kept as a 256 px WebP without metadata",
    responses: { 200: OfficerProfile },
  },
  async ({ user, upload }) => Response.json(await saveOfficerPhoto(user, upload)),
);
