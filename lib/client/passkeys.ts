import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { ApiProblem, fetchJson } from "./fetch-json";

/** The browser's own refusals (cancelled, timed out, no passkey for this site) as a sentence a person can act on. */
function passkeyProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return new ApiProblem("This device already holds a passkey for your account.", { code: "passkey_exists" });
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return new ApiProblem(
      "The passkey was not used: it was cancelled, or it timed out. Try again when you are ready.",
      { code: "passkey_cancelled" },
    );
  return new ApiProblem("This browser could not use a passkey. Try again, or use a code instead.", {
    code: "passkey_unavailable",
  });
}

/** Asks the browser for a passkey's answer to options fetched from `optionsPath` (a sign-in or a step-up). */
export async function passkeyAnswer(optionsPath: string): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await fetchJson<PublicKeyCredentialRequestOptionsJSON>(optionsPath, { method: "POST" });
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw passkeyProblem(error);
  }
}

/** Makes a passkey on this device for the signed-in account and saves it under `name`. */
export async function addPasskey(name: string): Promise<{ id: string; recoveryCodes?: string[] }> {
  const optionsJSON = await fetchJson<PublicKeyCredentialCreationOptionsJSON>("/api/account/passkeys/options", {
    method: "POST",
  });
  let response;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw passkeyProblem(error);
  }
  return fetchJson("/api/account/passkeys", { body: { name, response } });
}
