import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { SignJWT } from "jose";
import { expect, signedInAs, test } from "./fixtures";

/** The partner bank's own page on another origin, framing the dashboard URL it was given. */
async function partnerPage(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://x").searchParams.get("src") ?? "";
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(
      `<!doctype html><html lang="en"><head><title>Online banking</title></head><body><h1>Online banking</h1><iframe title="Home dashboard" src="${src.replace(/"/g, "&quot;")}" style="width:900px;height:700px"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function registerPartner(page: Page, origin: string) {
  await signedInAs(page, "admin");
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
  const response = await page.request.post("/api/admin/sites", {
    data: { name: "Partner bank", allowedOrigins: [origin], dailyBudget: 100 },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { siteKey: string; siteSecret: string };
}

function sign(
  site: { siteKey: string; siteSecret: string },
  options: { memberId: string; expiresAt?: number; issuedAt?: number; secret?: string },
) {
  return new SignJWT({
    email: "member@partner.example",
    given_name: "Isabel",
    family_name: "Brown",
    address: "2604 N 24th St, Phoenix, AZ 85008",
  })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(site.siteKey)
    .setSubject(options.memberId)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresAt ?? "5m")
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(options.secret ?? site.siteSecret));
}

test("a partner page on another origin shows its member's dashboard from a freshly signed token, again when the member reloads; replayed elsewhere, expired and tampered tokens are refused", async ({
  page,
  baseURL,
  browser,
}) => {
  const partner = await partnerPage();
  try {
    const site = await registerPartner(page, partner.origin);
    const framed = (token: string) =>
      page.goto(`${partner.origin}/?src=${encodeURIComponent(`${baseURL}/embed/dashboard?token=${token}`)}`);
    const frame = page.frameLocator("iframe[title='Home dashboard']");

    const token = await sign(site, { memberId: `member-${Date.now()}` });
    await framed(token);
    await expect(frame.getByRole("heading", { name: /^Your homes, Isabel/ })).toBeVisible();
    await expect(frame.getByRole("article").filter({ hasText: "2604 N 24th St" })).toBeVisible();
    await expect(frame.getByTestId("service-estimate").first()).toContainText(
      "Valuation provided by Property Data Service",
    );
    // The member gets the report from inside the frame.
    const download = page.waitForEvent("download");
    await frame.getByRole("link", { name: /Download the report \(PDF\) for 2604 N 24th St/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^property-report-.*\.pdf$/);

    // Each card opens the home's own page, inside the frame: estimate, equity, facts and the report, and a way back.
    await frame.getByRole("link", { name: /See valuation, equity and facts for 2604 N 24th St/ }).click();
    await expect(frame.getByRole("heading", { level: 1, name: "2604 N 24th St" })).toBeVisible();
    // The home's own estimate (its value history, streamed in below, is a second branded box).
    await expect(frame.getByRole("region", { name: "What it is worth" }).getByTestId("service-estimate")).toContainText(
      "Valuation provided by Property Data Service",
    );
    await expect(frame.getByRole("heading", { name: "Your equity" })).toBeVisible();
    await expect(frame.getByRole("heading", { name: "Property facts" })).toBeVisible();
    const pdf = page.waitForEvent("download");
    await frame.getByRole("link", { name: /Download the property report \(PDF\)/ }).click();
    expect((await pdf).suggestedFilename()).toMatch(/^property-report-.*\.pdf$/);
    await frame.getByRole("link", { name: "← All your homes" }).click();
    await expect(frame.getByRole("heading", { name: /^Your homes, Isabel/ })).toBeVisible();

    // The member reloads the bank's page: the same token, with their live session, simply carries on.
    await page.reload();
    await expect(frame.getByRole("heading", { name: /^Your homes, Isabel/ })).toBeVisible();
    // The same token anywhere else (no session of that member) is refused.
    const elsewhere = await browser.newContext();
    try {
      const stranger = await elsewhere.newPage();
      await stranger.goto(`${partner.origin}/?src=${encodeURIComponent(`${baseURL}/embed/dashboard?token=${token}`)}`);
      await expect(stranger.frameLocator("iframe[title='Home dashboard']").getByRole("alert")).toContainText(
        "already used",
      );
    } finally {
      await elsewhere.close();
    }

    const now = Math.floor(Date.now() / 1000);
    const expired = await sign(site, { memberId: "m2", issuedAt: now - 600, expiresAt: now - 330 });
    await framed(expired);
    await expect(frame.getByRole("alert")).toContainText("expired");

    const [head, body, signature] = (await sign(site, { memberId: "m3" })).split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), sub: "someone-else" }),
    ).toString("base64url");
    await framed(`${head}.${forged}.${signature}`);
    await expect(frame.getByRole("alert")).toContainText("signature is not valid");

    const foreign = await sign(site, { memberId: "m4", secret: "sec_not_this_sites_secret_0123456789" });
    await framed(foreign);
    await expect(frame.getByRole("alert")).toContainText("signature is not valid");
  } finally {
    partner.server.close();
  }
});
