import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UNAVAILABLE_DIGEST } from "@/lib/errors/digest";
import { PageError } from "./page-error";

describe("the error page", () => {
  const render = (digest?: string) => renderToStaticMarkup(<PageError error={Object.assign(new Error("hidden in production"), { digest })} retry={() => {}} />);

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
});
