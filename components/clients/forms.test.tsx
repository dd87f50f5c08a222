import { parse } from "node-html-parser";
import { describe, expect, it, vi } from "vitest";
import { renderIntl } from "@/lib/testing/intl";
import { AddClient } from "./add-client";
import { ImportClients } from "./import-clients";
import { InviteClientForm } from "./invite-client-form";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const labelOf = (html: string, id: string) => parse(html).querySelector(`label[for="${id}"]`)?.text.trim();
const invite = vi.fn();

describe("the clients' forms", () => {
  it("keep their English labels", () => {
    const imports = renderIntl(<ImportClients />);
    expect(labelOf(imports, "clients-csv")).toBe("CSV with a header row, up to 2,000 clients");
    expect(parse(imports).querySelector("#clients-csv-hint")!.text).toContain(
      "Columns: name,email,address,balance,rate,type,closing date. Name and address are required;",
    );
    expect(parse(imports).querySelector("button")!.text).toBe("Import clients");
    const add = parse(renderIntl(<AddClient />));
    expect(add.querySelectorAll("#loanType option").map((o) => o.text)).toEqual([
      "Not known",
      "Conventional",
      "FHA",
      "VA",
      "USDA",
      "Jumbo",
      "Other",
    ]);
    expect(add.querySelectorAll("#term option").map((o) => [o.getAttribute("value"), o.text])).toEqual([
      ["", "Not known"],
      ["30", "30 years"],
      ["20", "20 years"],
      ["15", "15 years"],
      ["10", "10 years"],
      ["40", "40 years"],
    ]);
    expect(labelOf(add.toString(), "phone")).toBe("Phone (if known)");
    expect(add.querySelector("button")!.text).toBe("Add client");
    const form = renderIntl(<InviteClientForm action={invite} />);
    expect(labelOf(form, "invite-email")).toContain("Client's email");
    expect(parse(form).querySelector("button")!.text).toBe("Send invitation");
  });

  it("read in Spanish", () => {
    const imports = renderIntl(<ImportClients />, "es");
    expect(labelOf(imports, "clients-csv")).toBe("CSV con una fila de encabezado, hasta 2,000 clientes");
    const add = parse(renderIntl(<AddClient />, "es"));
    expect(add.querySelectorAll("option").map((o) => o.text)).toContain("Convencional");
    expect(add.querySelector("button")!.text).toBe("Agregar cliente");
    expect(parse(renderIntl(<InviteClientForm action={invite} />, "es")).querySelector("button")!.text).toBe(
      "Enviar invitación",
    );
  });
});
