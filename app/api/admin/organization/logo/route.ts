import { IMAGE_UPLOAD_TYPES, Organization } from "@/lib/api/officer-answers";
import { route } from "@/lib/api/route";
import { MAX_IMAGE_BYTES } from "@/lib/security/images";
import { saveOrganizationLogo } from "@/lib/services/portfolio/organization";

// PUT /api/admin/organization/logo: the logo, sent as the file itself (JPEG, PNG or WebP by content, ≤ 5 MB); kept
// as a WebP within 256 px without metadata. Anything else is a 400 naming `logo` (admins).
export const PUT = route(
  {
    roles: ["admin"],
    upload: { field: "logo", maxBytes: MAX_IMAGE_BYTES, contentTypes: IMAGE_UPLOAD_TYPES },
    summary: "Upload the organization's logo (JPEG, PNG or WebP, at most 5 MB)",
    responses: { 200: Organization },
  },
  async ({ user, upload }) => Response.json(await saveOrganizationLogo(user, upload)),
);
