import { parse } from "node-html-parser";
import { renderIntl } from "@/lib/testing/intl";
import { describe, expect, it } from "vitest";
import { PropertyCard } from "@/components/property/property-card";
import type { Brand } from "@/lib/env";
import type { OwnedProperty } from "@/lib/services/homes/dto";
import { formatsFor, formatUsd } from "@/lib/format";
import { DEFAULT_DISCLAIMER } from "@/lib/format/estimate-core";
import { estimateContent } from "@/lib/i18n/estimate-content";
import { ServiceEstimate } from "./service-estimate";

const brand: Brand = {
  provider: "Property Data Service",
  logoUrl: "/brand/logo.svg",
  disclaimer: "An estimate, not an appraisal.",
  methodologyUrl: "/how-estimates-work",
};

/** Valuation amounts that appear in the markup outside every `service-estimate` box. */
function unbrandedValuations(html: string, amounts: number[], usd: (n: number) => string = formatUsd): string[] {
  const root = parse(html);
  for (const box of root.querySelectorAll('[data-testid="service-estimate"]')) box.remove();
  const text = root.textContent;
  return amounts.map(usd).filter((amount) => text.includes(amount));
}

const property: OwnedProperty = {
  propertyId: 7,
  facts: {
    id: 7,
    address: "2800 N 24th St, Phoenix, AZ 85008-1114",
    county: "Maricopa County",
    apn: "1",
    propertyType: "SFR",
    yearBuilt: 1987,
    livingSqft: 2100,
    lotSqft: 10510,
    bedrooms: null,
    bathsFull: 3,
    bathsTotal: 4,
    stories: 2,
    construction: "MASONRY",
    roof: "TILE",
    garageSpaces: 2,
    display: {
      propertyType: "Single family residence",
      livingArea: "2,100 sq ft",
      lot: "10,510 sq ft (0.24 acres)",
      bedrooms: "Not available",
      bathrooms: "3 full, 1 half",
      parking: "2 garage spaces",
    },
    heating: "HEAT PUMP",
    cooling: "CENTRAL",
    ownerOccupied: true,
    lastSale: { date: "2015-01-20", amount: 194_500, pricePerSqft: 92.6 },
    assessment: { year: 2026, assessedValue: 37_430, marketValue: 374_300, tax: 2665 },
    estimate: {
      value: 423_000,
      low: 379_000,
      high: 468_000,
      confidence: 74,
      date: "2026-11-01",
      changeAmount: 1_200,
      changePercent: 0.28,
    },
  },
  equity: {
    estimate: 423_000,
    estimateLow: 379_000,
    estimateHigh: 468_000,
    totalLoanBalance: 100_000,
    totalEquity: 323_000,
    ltv: 0.236,
    maxLtv: 0.8,
    availableEquity: 238_400,
    availableEquityLow: 203_200,
    availableEquityHigh: 274_400,
    loans: [],
  },
};
const amounts = [423_000, 379_000, 468_000];

describe("the service's branding", () => {
  it("goes with every valuation the property card shows", () => {
    const html = renderIntl(<PropertyCard property={property} brand={brand} />);
    expect(html).toContain("$423,000");
    expect(unbrandedValuations(html, amounts)).toEqual([]);
  });

  it("goes with every valuation the property card shows in Spanish", () => {
    const html = renderIntl(<PropertyCard property={property} brand={brand} />, "es");
    const es = formatsFor("es");
    expect(html).toContain(es.usd(423_000));
    expect(html).toContain("Valoración proporcionada por");
    expect(html).toContain("Capital total");
    expect(unbrandedValuations(html, amounts, es.usd)).toEqual([]);
  });

  it("names the estimate, the provider with its logo, the date and the disclaimer with its link", () => {
    const box = parse(
      renderIntl(
        <ServiceEstimate
          value={423_000}
          low={379_000}
          high={468_000}
          confidence={74}
          date="2026-11-01"
          brand={brand}
        />,
      ),
    );
    const text = box.textContent;
    expect(text).toContain("Service Estimate");
    expect(text).toContain("Valuation provided by Property Data Service");
    expect(text).toContain("November 1, 2026");
    expect(text).toContain("An estimate, not an appraisal.");
    expect(box.querySelector("img")!.getAttribute("src")).toBe("/brand/logo.svg");
    expect(box.querySelector("a")!.getAttribute("href")).toBe("/how-estimates-work");
  });

  it("shows only the range when confidence is low", () => {
    const text = parse(
      renderIntl(
        <ServiceEstimate
          value={423_000}
          low={300_000}
          high={560_000}
          confidence={35}
          date="2026-11-01"
          brand={brand}
        />,
      ),
    ).textContent;
    expect(text).toContain("$300,000 – $560,000");
    expect(text).not.toContain("$423,000");
  });

  it("catches a valuation rendered without it", () => {
    const html = renderIntl(
      <div>
        <ServiceEstimate value={423_000} low={379_000} high={468_000} confidence={74} date="2026-11-01" brand={brand} />
        <p>Worth {formatUsd(423_000)}</p>
      </div>,
    );
    expect(unbrandedValuations(html, amounts)).toEqual(["$423,000"]);
  });

  it("holds in Spanish: the estimate's name, the provider with its logo, the date, the disclaimer and its link", () => {
    const box = parse(
      renderIntl(
        <ServiceEstimate
          value={423_000}
          low={379_000}
          high={468_000}
          confidence={74}
          date="2026-11-01"
          brand={{ ...brand, disclaimer: DEFAULT_DISCLAIMER }}
        />,
        "es",
      ),
    );
    const text = box.textContent.replace(/\u00a0/g, " ");
    expect(text).toContain("Estimación del servicio");
    expect(text).toContain("Valoración proporcionada por Property Data Service");
    expect(text).toContain("$423,000");
    expect(text).toContain("nivel de confianza 74/100");
    expect(text).toContain("1 de noviembre de 2026");
    expect(text).toContain("Esta es una estimación automatizada del valor de mercado, no una tasación.");
    expect(text).toContain("Cómo se calcula esta estimación");
    expect(text).not.toContain("Service Estimate");
    expect(box.querySelector("img")!.getAttribute("src")).toBe("/brand/logo.svg");
    expect(box.querySelector("a")!.getAttribute("href")).toBe("/how-estimates-work");
  });

  it("keeps a disclaimer the service configured in its own words, in Spanish too", () => {
    const text = parse(
      renderIntl(
        <ServiceEstimate
          value={423_000}
          low={379_000}
          high={468_000}
          confidence={74}
          date="2026-11-01"
          brand={brand}
        />,
        "es",
      ),
    ).textContent;
    expect(text).toContain("An estimate, not an appraisal.");
  });

  it("is the same in the HTML views (estimateContent) as in the component, in each language", () => {
    const input = { value: 423_000, low: 300_000, high: 560_000, confidence: 35, date: "2026-11-01", brand };
    expect(estimateContent(input)).toMatchObject({
      title: "Service Estimate",
      headline: "$300,000 – $560,000",
      detail: "Too few similar sales for a single figure (confidence 35/100). · as of November 1, 2026",
      attribution: { prefix: "Valuation provided by", provider: "Property Data Service" },
      methodology: { text: "How this estimate is made" },
    });
    const es = estimateContent({ ...input, locale: "es", compact: true });
    expect(es.title).toBe("Estimación del servicio");
    expect(es.attribution.prefix).toBe("Valoración proporcionada por");
    expect(es.headline).toBe(`${formatsFor("es").usd(300_000)} – ${formatsFor("es").usd(560_000)}`);
    expect(es.detail).toContain("1 de noviembre de 2026");
    expect(es.disclaimer).toBe("Una estimación, no una tasación.");
  });
});
