import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/auth/roles";
import { checkCredentials, createUser } from "@/lib/auth/users";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { auditEvents } from "@/lib/db/schema";
import { appOrigin, env } from "@/lib/env";
import { readOutbox } from "@/lib/mail/outbox";
import { inviteStaff, requestPasswordReset, resetPassword } from "./accounts";
import { auditSettled } from "@/lib/services/audit/log";
import { pseudonym } from "@/lib/services/audit/chain";

describe("inviting staff by email", () => {
  let handle: DatabaseHandle;
  let admin: SessionUser;
  let n = 0;
  const email = () => `staff-${++n}-${Date.now()}@example.com`;
  /** The token of the link in the last mail to `to` (no SMTP_URL: the outbox keeps the whole message). */
  const linkTo = async (to: string) => {
    const [mail] = await readOutbox({ to, kind: "email" });
    return { mail: mail!, token: mail!.text.match(/\/reset-password\?token=([\w-]+)&first=1/)?.[1] };
  };
  // Time passing for the links made so far (a fake clock would leave the activity log's writer waiting for it).
  const age = (ms: number) =>
    handle.pglite!.query(
      `update app.password_resets set created_at = created_at - $1 * interval '1 ms', expires_at = expires_at - $1 * interval '1 ms'`,
      [ms],
    );
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    (globalThis as { appDatabase?: Promise<DatabaseHandle> }).appDatabase = Promise.resolve(handle);
    admin = {
      ...(await createUser({ email: "boss@example.com", password: "a-long-admin-passphrase", role: "admin" })),
      name: "Pat Boss",
    };
  });
  afterEach(() => {
    env.STAFF_PASSWORDS = true;
  });
  afterAll(async () => {
    await auditSettled();
    (globalThis as { appDatabase?: unknown }).appDatabase = undefined;
    await handle.close();
  });

  it("makes an account no password opens, and mails who invited them, the role and a link at the app's own origin", async () => {
    const to = email();
    const invited = await inviteStaff(admin, { email: to, role: "admin" });
    expect(invited).toMatchObject({ email: to, role: "admin" });
    expect(new Date(invited.invitationExpiresAt).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    const { mail, token } = await linkTo(to);
    expect(token).toBeTruthy();
    expect(mail.text).toContain(`${appOrigin}/reset-password?token=`);
    expect(mail.text).toContain("Pat Boss made you an account on the home dashboard, as an admin.");
    // Hashed at rest: the token itself is nowhere in the table.
    expect(JSON.stringify((await handle.pglite!.query("select * from app.password_resets")).rows)).not.toContain(token);
    for (const guess of ["", "password", token!])
      expect((await checkCredentials(to, guess, { ip: `10.9.0.${++n}` })).ok).toBe(false);
    await auditSettled();
    const [row] = (await handle.db.select().from(auditEvents)).filter((r) => r.action === "user.invite");
    // The person is named by their pseudonym, never by an email in the detail, which enters the row's hash and so
    // could never be erased with the person (review, issue 38).
    expect(row).toMatchObject({ actorId: admin.id, subjectRef: pseudonym(invited.id), detail: { role: "admin" } });
    expect(JSON.stringify(row!.detail)).not.toContain(to);
  });

  it("lets the link set a strong password once; then the password signs in", async () => {
    const to = email();
    await inviteStaff(admin, { email: to, role: "loan_officer" });
    const { token } = await linkTo(to);
    // Past a reset link's 30 minutes, well within the invitation's 3 days.
    await age(2 * 3_600_000);
    await expect(resetPassword(token!, "password2026")).rejects.toMatchObject({
      status: 400,
      fields: { password: expect.stringMatching(/easy to guess/) },
    });
    expect((await resetPassword(token!, "quiet-harbor-lantern-7")).email).toBe(to);
    expect((await checkCredentials(to, "quiet-harbor-lantern-7", { ip: "10.9.1.1" })).ok).toBe(true);
    await expect(resetPassword(token!, "another-quiet-harbor-8")).rejects.toMatchObject({
      status: 400,
      code: "reset_link_invalid",
    });
  });

  it("voids the invitation once a password is chosen another way (a reset asked for meanwhile)", async () => {
    const to = email();
    await inviteStaff(admin, { email: to, role: "loan_officer" });
    const { token: invitation } = await linkTo(to);
    await (
      await requestPasswordReset(to, "10.9.2.1")
    ).mailed;
    const [reset] = await readOutbox({ to, kind: "email" });
    const resetToken = reset!.text.match(/\/reset-password\?token=([\w-]+)(?!&first)/)?.[1];
    expect(resetToken).toBeTruthy();
    expect(resetToken).not.toBe(invitation);
    await resetPassword(resetToken!, "quiet-harbor-lantern-7");
    await expect(resetPassword(invitation!, "another-quiet-harbor-8")).rejects.toMatchObject({
      status: 400,
      code: "reset_link_invalid",
    });
    expect((await checkCredentials(to, "quiet-harbor-lantern-7", { ip: "10.9.2.2" })).ok).toBe(true);
  });

  it("refuses the link after 3 days", async () => {
    const to = email();
    await inviteStaff(admin, { email: to, role: "loan_officer" });
    const { token } = await linkTo(to);
    await age(72 * 3_600_000 + 60_000);
    await expect(resetPassword(token!, "quiet-harbor-lantern-7")).rejects.toMatchObject({
      status: 400,
      code: "reset_link_invalid",
    });
  });

  it("answers 409 for an email that has an account, and sends nothing", async () => {
    const to = email();
    await createUser({ email: to, password: "someone-else-entirely", role: "homeowner" });
    await expect(inviteStaff(admin, { email: to.toUpperCase(), role: "admin" })).rejects.toMatchObject({
      status: 409,
      fields: { email: "is already registered" },
    });
    expect(await readOutbox({ to })).toHaveLength(0);
  });

  it("is refused with 400 when staff sign in with single sign-on only", async () => {
    env.STAFF_PASSWORDS = false;
    const to = email();
    await expect(inviteStaff(admin, { email: to, role: "loan_officer" })).rejects.toMatchObject({
      status: 400,
      code: "sso_only",
      fields: { invite: expect.any(String) },
    });
    expect(await readOutbox({ to })).toHaveLength(0);
  });

  it("wipes every factor and session of an account whose email was never proved when a reset link proves it; a proved account keeps its factors", async () => {
    const db = handle.pglite!;
    const plant = async (id: number) => {
      await db.query(`insert into app.passkeys (id, user_id, name, public_key) values ($1, $2, 'planted', 'key')`, [
        `key-${id}`,
        id,
      ]);
      await db.query(`insert into app.recovery_codes (code_hash, user_id) values ($1, $2)`, [`code-${id}`, id]);
      await db.query(`update app.users set totp_secret = 'sealed' where id = $1`, [id]);
      await db.query(`insert into app.sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
        `session-${id}`,
        id,
      ]);
    };
    const left = async (id: number) =>
      (
        await db.query<{ passkeys: number; codes: number; sessions: number; totp: string | null; proved: Date | null }>(
          `select (select count(*)::int from app.passkeys where user_id = $1) as passkeys, (select count(*)::int from app.recovery_codes where user_id = $1) as codes,
                  (select count(*)::int from app.sessions where user_id = $1) as sessions, totp_secret as totp, email_verified_at as proved from app.users where id = $1`,
          [id],
        )
      ).rows[0]!;
    // A stranger signed up with this email and planted factors; the owner resets the password from the mailbox.
    const planted = await createUser({ email: email(), password: "the-strangers-password", role: "homeowner" });
    await plant(planted.id);
    await (
      await requestPasswordReset(planted.email, "10.7.0.1")
    ).mailed;
    const [mail] = await readOutbox({ to: planted.email, kind: "email" });
    await resetPassword(mail!.text.match(/token=([\w-]+)/)![1]!, "the-owners-own-long-password");
    expect(await left(planted.id)).toMatchObject({
      passkeys: 0,
      codes: 0,
      sessions: 0,
      totp: null,
      proved: expect.any(Date),
    });
    // An account that had proved its email keeps what it set up.
    const owner = await createUser({
      email: email(),
      password: "the-owners-password-1",
      role: "homeowner",
      emailVerified: true,
    });
    await plant(owner.id);
    await (
      await requestPasswordReset(owner.email, "10.7.0.2")
    ).mailed;
    const [ownMail] = await readOutbox({ to: owner.email, kind: "email" });
    await resetPassword(ownMail!.text.match(/token=([\w-]+)/)![1]!, "the-owners-new-long-password");
    expect(await left(owner.id)).toMatchObject({ passkeys: 1, codes: 1, sessions: 0, totp: "sealed" });
  });
});
