import { describe, expect, it } from "vitest";
import { UNAVAILABLE_DIGEST } from "@/lib/errors/digest";
import { renderIntl } from "@/lib/testing/intl";
import { PageError } from "./page-error";

describe("the error page", () => {
  const render = (digest?: string, locale: "en" | "es" = "en") =>
    renderIntl(
      <PageError error={Object.assign(new Error("hidden in production"), { digest })} retry={() => {}} />,
      locale,
    );

  it("says that the database is down when the page failed for that reason, and offers to try again", () => {
    const html = render(UNAVAILABLE_DIGEST);
    expect(html).toMatch(/database is not answering/);
    expect(html).toMatch(/Nothing you saved is lost/);
    expect(html).toMatch(/role="alert"/);
    expect(html).toMatch(/<button[^>]*>Try again<\/button>/);
  });

  it("does not blame the database for any other failure", () => {
    const html = render("1234567");
    expect(html).not.toMatch(/database/);
    expect(html).toMatch(/Something went wrong/);
  });

  it("says it in Spanish to a reader who chose Spanish", () => {
    const html = render(UNAVAILABLE_DIGEST, "es");
    expect(html).toMatch(/Nuestra base de datos no responde/);
    expect(html).toMatch(/<button[^>]*>Intentar de nuevo<\/button>/);
  });
});
