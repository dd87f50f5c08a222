import { createHash, randomBytes } from "node:crypto";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Provider } from "oidc-provider";
import { freePort } from "./processes";

/** A person at the identity provider: what its ID tokens say of them, changed by the test between sign-ins. */
export interface Person {
  email: string;
  groups: string[];
  /** How they signed in at the provider (RFC 8176). */
  amr: string[];
  /** What the provider says of the email: `email_verified` (left out of the token when undefined). */
  emailVerified?: boolean;
  /** When they signed in at the provider (seconds since the epoch): now, unless a test makes it long ago. */
  authTime?: number;
  /** The level the provider says the sign-in reached (`acr`). */
  acr?: string;
}

/** A browser's cookies per origin (host and port), enough for these redirects: paths are ignored. */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  /** fetch without following redirects, sending and keeping the origin's cookies. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const { origin } = new URL(url);
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    this.byOrigin.set(origin, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const expires = attributes.find((a) => /^expires=/i.test(a));
      const gone =
        value === "" ||
        attributes.some((a) => /^max-age=0$/i.test(a)) ||
        (expires !== undefined && Date.parse(expires.slice(8)) < Date.now());
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects from `url` until one points where `stop` says; returns that address, not fetched. */
  async followUntil(url: string, stop: (url: string) => boolean): Promise<string> {
    let next = url;
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.fetch(next);
      const location = response.headers.get("location");
      if (!location)
        throw new Error(
          `${next} answered ${response.status} without a redirect: ${(await response.text()).slice(0, 500)}`,
        );
      next = new URL(location, next).href;
      if (stop(next)) return next;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

export interface TestIdp {
  issuer: string;
  clientSecret: string;
  people: Map<string, Person>;
  /** The next token answer the app gets carries this id_token instead of its own. */
  swapNextIdToken(idToken: string): void;
  /** A whole sign-in of `login` at the second client, `other`, with the nonce given: the ID token it got. */
  idTokenForOther(login: string, nonce: string): Promise<string>;
  close(): Promise<void>;
}

const OTHER_REDIRECT = "http://127.0.0.1:9/other/callback";
const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * oidc-provider on a port of its own, behind a relay that is its public address (the issuer): the relay passes every
 * request through, Host header included, and can swap the id_token of a token answer. The provider signs in whoever
 * the authorization request's `login_hint` names, with that person's `amr`, `acr` and sign-in time, and grants what the
 * client asks. The app's client may refresh: a refresh answers with the person's groups as they are then.
 */
export async function startIdp(appUrl: string): Promise<TestIdp> {
  const [providerPort, relayPort] = [await freePort(), await freePort()];
  const issuer = `http://127.0.0.1:${relayPort}`;
  const clientSecret = randomBytes(16).toString("hex");
  const people = new Map<string, Person>();
  let swap: string | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "app",
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
      {
        client_id: "other",
        client_secret: "other-secret",
        redirect_uris: [OTHER_REDIRECT],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    // Groups come with the profile scope, amr with openid, and scope claims go into the ID token (next-auth reads
    // the ID token, never userinfo).
    claims: {
      openid: ["sub", "amr", "acr"],
      email: ["email", "email_verified"],
      profile: ["name", "groups"],
      auth_time: null,
      sid: null,
    },
    acrValues: ["urn:test:loa:password", "urn:test:loa:mfa"],
    // Like most providers (Okta, Keycloak, Entra ID), a refresh token for a client allowed the grant, without the
    // consent prompt oidc-provider otherwise asks before it honours offline_access.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx: unknown, sub: string) => {
      const person = people.get(sub);
      return (
        person && {
          accountId: sub,
          claims: () => ({
            sub,
            email: person.email,
            name: sub,
            groups: person.groups,
            ...(person.emailVerified === undefined ? {} : { email_verified: person.emailVerified }),
          }),
        }
      );
    },
  });

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const { prompt, params, session, grantId } = await provider.interactionDetails(req, res);
    const login = String(params.login_hint);
    if (prompt.name === "login") {
      const person = people.get(login);
      const signedIn = { accountId: login, amr: person?.amr, acr: person?.acr, ts: person?.authTime };
      await provider.interactionFinished(req, res, { login: signedIn }, { mergeWithLastSubmission: false });
      return;
    }
    const grant =
      (grantId && (await provider.Grant.find(grantId))) ||
      new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(" "));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  const handle = provider.callback();
  const providerServer = createServer((req, res) => {
    if (!req.url?.startsWith("/interaction/")) return handle(req, res);
    interaction(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  const relay = createServer((req, res) => {
    const upstream = request(
      { host: "127.0.0.1", port: providerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const idToken = req.method === "POST" && req.url === "/token" ? swap : undefined;
        if (!idToken) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        swap = undefined;
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = JSON.stringify({ ...JSON.parse(Buffer.concat(chunks).toString("utf8")), id_token: idToken });
          const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(body)) };
          delete headers["transfer-encoding"];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });

  await listen(providerServer, providerPort);
  await listen(relay, relayPort);

  async function idTokenForOther(login: string, nonce: string): Promise<string> {
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: "other",
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: OTHER_REDIRECT,
      state: "other-state",
      nonce,
      login_hint: login,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }).toString();
    const landing = await new CookieJar().followUntil(authorize.href, (url) => url.startsWith(OTHER_REDIRECT));
    const code = new URL(landing).searchParams.get("code") ?? "";
    const tokens = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from("other:other-secret").toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: OTHER_REDIRECT,
        code_verifier: verifier,
      }),
    });
    const body = (await tokens.json()) as { id_token?: string };
    if (!body.id_token) throw new Error(`no id_token for client other: ${JSON.stringify(body)}`);
    return body.id_token;
  }

  return {
    issuer,
    clientSecret,
    people,
    swapNextIdToken: (idToken) => void (swap = idToken),
    idTokenForOther,
    close: async () => {
      relay.closeAllConnections();
      providerServer.closeAllConnections();
      await Promise.all([close(relay), close(providerServer)]);
    },
  };
}
