import { parse } from "node-html-parser";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AccessLogList } from "@/components/account/access-log-list";
import { EquityPanel } from "@/components/equity/equity-panel";
import { VerificationAnswer } from "@/components/lookup/panels";
import { RecentApplicants } from "@/components/lookup/recent-applicants";
import { LoansSection } from "@/components/records/loans-section";
import { dayOf } from "@/components/security/format";
import type { EquityDto } from "@/lib/services/homes/dto";
import { withIntl } from "@/lib/testing/intl";

/** What a person reads of the markup. */
const text = (element: React.ReactElement) =>
  parse(renderToStaticMarkup(withIntl(element))).textContent.replace(/\s+/g, " ");

const INSTANT = "November 26, 2026 at 3:04 PM UTC";

describe("the formats where they appear on the pages", () => {
  it("the lookup's owners on record read as a person writes them, the match score as a whole percent", () => {
    const shown = text(
      <VerificationAnswer
        applicant="John Fitzgerald"
        v={{
          isVerified: true,
          matchScore: 0.874,
          ownerOccupied: true,
          corporateOwner: false,
          propertyType: "RESIDENTIAL",
          owners: [
            { lastName: "FITZGERALD", firstNameAndInitial: "JOHN O" },
            { lastName: "OBRIEN", firstNameAndInitial: "MARY" },
          ],
        }}
      />,
    );
    expect(shown).toContain("John O. Fitzgerald");
    expect(shown).toContain("Mary O'Brien");
    expect(shown).not.toContain("JOHN O FITZGERALD");
    expect(shown).toContain("Match score 87%");
  });

  it("the records' loans: the type as lenders write it, the rate at its own precision, the day in words", () => {
    const shown = text(
      <LoansSection
        loans={[
          {
            position: 1,
            lender: "Acme Bank",
            type: "FHA",
            ratePercent: 6.5,
            originalAmount: 300_000,
            recordedDate: "2021-03-04",
            estimatedBalance: 250_000,
          },
          {
            position: 2,
            lender: "Acme Bank",
            type: "CONVENTIONAL",
            ratePercent: 7.125,
            originalAmount: 50_000,
            recordedDate: "2023-11-26",
            estimatedBalance: 45_000,
          },
        ]}
      />,
    );
    expect(shown).toContain("FHA6.5%$300,000March 4, 2021");
    expect(shown).toContain("Conventional7.125%$50,000November 26, 2023");
    expect(shown).not.toMatch(/6\.500%|CONVENTIONAL|Mar 4/);
  });

  it("the equity panel: the loan-to-value at one decimal, the maximum as a whole percent", () => {
    const equity: EquityDto = {
      estimate: 400_000,
      estimateLow: 380_000,
      estimateHigh: 420_000,
      totalLoanBalance: 313_600,
      totalEquity: 86_400,
      ltv: 0.784,
      maxLtv: 0.8,
      availableEquity: 6_400,
      availableEquityLow: 0,
      availableEquityHigh: 22_400,
      loans: [],
    };
    const shown = text(<EquityPanel equity={equity} orgMaxLtv={0.8} />);
    expect(shown).toContain("Loan-to-value78.4%");
    expect(shown).toContain("Maximum loan-to-value: 80%");
  });

  it("the access log: when in words with UTC, and the address in the page's case", () => {
    const shown = text(
      <AccessLogList
        entries={[
          {
            at: "2026-11-26T15:04:09.000Z",
            action: "lookup.valuation",
            description: "Read a home's estimate",
            address: "2800 N 24th St, Phoenix, AZ 85008",
            by: { email: "officer@example.com", name: null, role: "loan_officer", partnerSite: null },
          },
        ]}
      />,
    );
    expect(shown).toContain(INSTANT);
    expect(shown).not.toContain("When (UTC)");
  });

  it("recent applicants and the security page's days", () => {
    const shown = text(
      <RecentApplicants
        applicants={[
          {
            address: "2800 N 24th St, Phoenix, AZ 85008",
            applicant: "Samantha Jones",
            lookedUpAt: new Date("2026-11-26T15:04:09Z"),
          },
        ]}
      />,
    );
    expect(shown).toContain(INSTANT);
    expect(dayOf("2026-03-03T23:30:00Z")).toBe("March 3, 2026");
  });
});
