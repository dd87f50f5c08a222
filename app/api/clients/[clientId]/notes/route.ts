import { ClientNoteAdded, ClientNotes } from "@/lib/api/answers";
import { STAFF } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { ClientIdParams, ClientNoteBody } from "@/lib/api/schemas/clients";
import { addClientNote, readClientNotes } from "@/lib/services/portfolio/client-record";

// The officer's notes on a client: kept as written (an edit is a new note); each added note is a row of the activity
// log naming the note, not its text. Another officer's client is a 404.
export const GET = route(
  {
    roles: STAFF,
    tokenScope: "clients:read",
    params: ClientIdParams,
    summary: "The notes on one of your clients, newest first",
    responses: { 200: ClientNotes },
    errors: [404],
  },
  async ({ caller, params }) => Response.json({ notes: await readClientNotes(caller, params.clientId) }),
);

export const POST = route(
  {
    roles: STAFF,
    tokenScope: "clients:write",
    params: ClientIdParams,
    body: ClientNoteBody,
    summary: "Add a note to one of your clients (1 to 2,000 characters)",
    responses: { 201: ClientNoteAdded },
    errors: [404],
  },
  async ({ caller, params, body }) =>
    Response.json(await addClientNote(caller, params.clientId, body.body), { status: 201 }),
);
