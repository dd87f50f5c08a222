import { describe, expect, it } from "vitest";
import { interestOnlyPayment, monthlyPayment, roundCents } from "./payment";

describe("monthlyPayment (standard amortization)", () => {
  it.each([
    // principal, rate %, years, payment: worked examples from amortization tables
    [200_000, 6.5, 30, 1_264.14],
    [300_000, 7, 30, 1_995.91],
    [100_000, 5, 15, 790.79],
    [50_000, 8.5, 20, 433.91],
    [250_000, 3.25, 10, 2_442.98],
    [1_000, 12, 1, 88.85],
  ])("$%s at %s%% for %s years is $%s a month", (principal, rate, years, payment) => {
    expect(monthlyPayment(principal, rate, years)).toBe(payment);
  });

  it("splits the principal evenly at 0%, to the cent", () => {
    expect(monthlyPayment(120_000, 0, 10)).toBe(1_000);
    expect(monthlyPayment(100_000, 0, 30)).toBe(277.78);
  });

  it("is nothing for nothing borrowed, and refuses a term under a month", () => {
    expect(monthlyPayment(0, 6.5, 30)).toBe(0);
    expect(monthlyPayment(-5, 6.5, 30)).toBe(0);
    expect(() => monthlyPayment(1_000, 5, 0)).toThrow(RangeError);
  });

  it("repays the loan: the payments' present value is the principal, within the rounding", () => {
    const payment = monthlyPayment(200_000, 6.5, 30);
    const r = 0.065 / 12;
    let balance = 200_000;
    for (let month = 0; month < 360; month++) balance = balance * (1 + r) - payment;
    expect(Math.abs(balance)).toBeLessThan(5);
  });

  it("approaches interest only as the term grows long, and is always more than the interest", () => {
    const interest = interestOnlyPayment(200_000, 6.5);
    expect(monthlyPayment(200_000, 6.5, 30)).toBeGreaterThan(interest);
    expect(monthlyPayment(200_000, 6.5, 1_000) - interest).toBeLessThan(0.01);
  });
});

describe("interestOnlyPayment", () => {
  it("is the principal times the monthly rate", () => {
    expect(interestOnlyPayment(200_000, 6.5)).toBe(1_083.33);
    expect(interestOnlyPayment(50_000, 8.25)).toBe(343.75);
    expect(interestOnlyPayment(50_000, 0)).toBe(0);
    expect(interestOnlyPayment(0, 8)).toBe(0);
  });
});

describe("roundCents", () => {
  it("rounds half away from zero as written, despite binary floating point", () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(1.004)).toBe(1);
    expect(roundCents(1264.136)).toBe(1264.14);
    expect(roundCents(-2.675)).toBe(-2.68);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
  });
});
