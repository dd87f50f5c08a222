import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { expect, expectNoSeriousViolations, signedInAs, test } from "./fixtures";

test("an admin adds a webhook endpoint, keeps its secret, sends a test event and sees it delivered", async ({
  page,
}) => {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(204).end();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  try {
    await signedInAs(page, "admin", "/admin");
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    const form = page.getByRole("region", { name: "Add an endpoint" });
    await form.getByLabel("URL").fill(`http://127.0.0.1:${port}/crm`);
    await form.getByLabel("client.refreshed").uncheck();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "I have kept it" }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

    const endpoint = page.getByRole("region", { name: `http://127.0.0.1:${port}/crm` });
    await endpoint.getByRole("button", { name: "Send a test event" }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).toMatchObject({ data: { test: true } });
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByRole("region", { name: `http://127.0.0.1:${port}/crm` })
            .getByRole("cell", { name: "Delivered" })
            .count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expectNoSeriousViolations(page);
  } finally {
    server.close();
  }
});
