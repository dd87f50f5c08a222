import "server-only";
import sharp from "sharp";
import { appOrigin } from "@/lib/env";
import { log } from "@/lib/log";
import { officerCardHtml } from "@/lib/mail/officer-card";
import { appendPage, wrap, type PageLine } from "@/lib/pdf/append-page";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import type { OfficerCardDto } from "@/lib/services/portfolio/officer-fields";
import { officerPhoto } from "@/lib/services/portfolio/officers";
import type { ReportDownload } from "@/lib/services/homes/properties";

/** The card as the lines of the report's last page. */
function cardLines(card: OfficerCardDto, locale: Locale): { lines: PageLine[]; logoBesideLine: number } {
  const t = translator(locale, "Mail");
  const lines: PageLine[] = [
    { text: t("cardYourOfficer"), size: 18, bold: true },
    { text: card.name, size: 14, bold: true, gap: 8 },
    ...(card.title ? [{ text: card.title }] : []),
    ...(card.phone
      ? [{ text: `${t("cardPhone")}: ${card.phoneDisplay ?? card.phone}`, url: `tel:${card.phone}` }]
      : []),
    { text: `${t("cardEmail")}: ${card.email}`, url: `mailto:${card.email}` },
    ...(card.bookingUrl ? [{ text: `${t("cardBook")}: ${card.bookingUrl}`, url: card.bookingUrl }] : []),
    { text: `${t("cardNmls")} ${card.nmlsId}`, gap: 6 },
    { text: card.nmlsUrl, size: 9, url: card.nmlsUrl },
  ];
  if (card.company.name) lines.push({ text: card.company.name, bold: true, gap: 12 });
  if (card.company.nmlsId && card.company.nmlsUrl) {
    lines.push({ text: `${t("cardCompanyNmls")} ${card.company.nmlsId}`, gap: card.company.name ? 0 : 12 });
    lines.push({ text: card.company.nmlsUrl, size: 9, url: card.company.nmlsUrl });
  }
  const logoBesideLine = lines.length;
  wrap(card.equalHousingStatement, 10, 420).forEach((text, index) =>
    lines.push({ text, size: 10, gap: index === 0 ? 16 : 0 }),
  );
  return { lines, logoBesideLine };
}

async function photoJpeg(officerId: number) {
  const photo = await officerPhoto(officerId);
  if (!photo) return undefined;
  const { data, info } = await sharp(photo.bytes)
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * The report with the homeowner's officer's card: a section before the end of the HTML, a last page of the PDF (an
 * incremental update of the service's file). JSON stays the service's. A PDF the app cannot extend goes unchanged.
 */
export async function withOfficerCard(
  file: ReportDownload,
  card: OfficerCardDto | null,
  locale: Locale = "en",
): Promise<ReportDownload> {
  if (!card) return file;
  const t = translator(locale, "Mail");
  if (file.contentType.startsWith("text/html")) {
    const html = Buffer.from(file.body).toString("utf8");
    const section = `<section aria-label="${t("cardYourOfficer")}" style="max-width:640px;margin:24px auto">${officerCardHtml(card, appOrigin, locale)}</section>`;
    const at = html.lastIndexOf("</body>");
    const body = at < 0 ? html + section : html.slice(0, at) + section + html.slice(at);
    return { ...file, body: Buffer.from(body, "utf8") };
  }
  if (file.contentType.startsWith("application/pdf")) {
    const jpeg = await photoJpeg(card.officerId).catch(() => undefined);
    const pdf = appendPage(file.body, {
      ...cardLines(card, locale),
      jpeg: jpeg && { ...jpeg, alt: t("cardPhoto", { name: card.name }) },
    });
    if (!pdf) {
      log.warn("report: the service's PDF has no classic cross-reference table; sent without the officer's card");
      return file;
    }
    return { ...file, body: pdf };
  }
  return file;
}
