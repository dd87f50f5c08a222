import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { renderIntl } from "@/lib/testing/intl";
import { SelectField } from "./select-field";

const OPTIONS = [
  { value: "", label: "Any" },
  { value: "en", label: "English", lang: "en" },
  { value: "es", label: "Español", lang: "es" },
];

describe("a labelled select", () => {
  it("is named by its label and holds its options, each in its own language", () => {
    const page = parse(
      renderIntl(<SelectField id="pick-locale" name="locale" label="Language" options={OPTIONS} defaultValue="es" />),
    );
    const select = page.querySelector("select")!;
    expect(select.id).toBe("pick-locale");
    expect(select.getAttribute("name")).toBe("locale");
    expect(page.querySelector(`label[for="${select.id}"]`)!.text).toBe("Language");
    expect(select.querySelectorAll("option").map((o) => [o.text, o.getAttribute("lang")])).toEqual([
      ["Any", undefined],
      ["English", "en"],
      ["Español", "es"],
    ]);
    expect(select.getAttribute("aria-describedby")).toBeUndefined();
    expect(select.getAttribute("aria-invalid")).toBeUndefined();
  });

  it("announces its error and its hint with it, and marks itself invalid", () => {
    const page = parse(
      renderIntl(
        <SelectField
          id="pick-locale"
          name="locale"
          label="Language"
          hint="Mail goes out in it."
          error="Choose a language."
          options={OPTIONS}
        />,
      ),
    );
    const select = page.querySelector("select")!;
    expect(select.getAttribute("aria-invalid")).toBe("true");
    const described = select.getAttribute("aria-describedby")!.split(" ");
    expect(described.map((id) => page.querySelector(`#${id}`)!.text)).toEqual([
      "Choose a language.",
      "Mail goes out in it.",
    ]);
  });

  it("inside a row, its label is read out but not shown", () => {
    const page = parse(
      renderIntl(<SelectField id="role-7" label="Role of pat@example.com" look="inline" options={OPTIONS} />),
    );
    expect(page.querySelector('label[for="role-7"]')!.classList.contains("sr-only")).toBe(true);
  });
});
