import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software, for tests: it answers WebAuthn registration and sign-in options the way a
 * platform authenticator does (ES256, "none" attestation, user present and verified, a signature counter), so the
 * server's real verification runs on its answers. Its private key can be handed to Chromium's virtual authenticator
 * (DevTools `WebAuthn.addCredential`), so a browser signs in with the same passkey. Its signature counter stays 0,
 * as many platform passkeys' do (synced passkeys have none), so copies of it in several test processes stay usable.
 */
export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  userHandle?: string;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

export function newSoftPasskey(): SoftPasskey {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { credentialId: randomBytes(16), privateKey };
}

function authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), Buffer.alloc(4), ...(attested ? [attested] : [])]);
}

const clientData = (type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** The browser's JSON answer to registration options (`navigator.credentials.create`), for `origin`. */
export function softRegistration(
  key: SoftPasskey,
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  key.userHandle = options.user.id;
  const jwk = key.privateKey.export({ format: "jwk" });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, "base64url")],
    [-3, Buffer.from(jwk.y!, "base64url")],
  ]);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, key.credentialId, Buffer.from(isoCBOR.encode(cose))]);
  // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
  const authData = authenticatorData(rpId, 0x45, attested);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]) as never,
  );
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}

/** The browser's JSON answer to sign-in options (`navigator.credentials.get`), for `origin`. */
export function softAssertion(key: SoftPasskey, options: { challenge: string; rpId?: string }, origin: string) {
  const rpId = options.rpId ?? new URL(origin).hostname;
  const authData = authenticatorData(rpId, 0x05);
  const data = clientData("webauthn.get", options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), key.privateKey);
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(key.userHandle ? { userHandle: key.userHandle } : {}),
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}

/** The passkey as data a test can pass between processes (Vitest's provide, a file) and rebuild with `fromExported`. */
export const exportSoftPasskey = (key: SoftPasskey) => ({
  credentialId: b64url(key.credentialId),
  privateKey: key.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
  userHandle: key.userHandle,
});
export type ExportedSoftPasskey = ReturnType<typeof exportSoftPasskey>;

export const importSoftPasskey = (data: ExportedSoftPasskey): SoftPasskey => ({
  credentialId: Buffer.from(data.credentialId, "base64url"),
  privateKey: createPrivateKey({ key: Buffer.from(data.privateKey, "base64"), format: "der", type: "pkcs8" }),
  userHandle: data.userHandle,
});
