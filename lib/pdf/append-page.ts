/**
 * Adds one page to the end of an existing PDF as an incremental update (PDF 32000-1 §7.5.6): the file's bytes are
 * kept as they are, and new objects, a new page tree node and a new cross-reference section are appended. The app
 * uses it to put the officer's card at the end of a report the property service made. Works on PDFs with a classic
 * cross-reference table (what pdfkit writes); returns null for any other (a cross-reference stream), which the caller
 * sends unchanged.
 *
 * In a tagged PDF (pdfkit's, with a Document element at the root of its structure tree) the page is tagged too: a
 * section of paragraphs, links and figures (the photo, the logo) at the end of the document's structure, so that a
 * screen reader reads it after the report. Any other file gets the page untagged.
 */

export interface PageLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Makes the line a link (an annotation over the text). */
  url?: string;
  /** Space before the line, in points (beyond the line's own height). */
  gap?: number;
}

export interface AppendedPage {
  lines: PageLine[];
  /** A JPEG drawn at the top right (the officer's photo), with its alternative text. */
  jpeg?: { bytes: Buffer; width: number; height: number; alt?: string };
  /** Draws the Equal Housing Opportunity logo beside the line with this index. */
  logoBesideLine?: number;
}

const PAGE = { width: 612, height: 792, margin: 72 };

/** Text for a PDF literal string in WinAnsi: typographic marks made plain, anything outside Latin-1 a question mark. */
function pdfString(text: string): string {
  const plain = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
  return `(${plain.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Splits text into lines of at most `width` points in Helvetica at `size` (about half an em per character). */
export function wrap(text: string, size: number, width: number): string[] {
  const perLine = Math.max(10, Math.floor(width / (size * 0.5)));
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > perLine) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

function lastObject(pdf: string, num: number, gen: number): string | undefined {
  const pattern = new RegExp(`(?:^|[\\r\\n\\s])${num} ${gen} obj([\\s\\S]*?)endobj`, "g");
  let found: string | undefined;
  for (const match of pdf.matchAll(pattern)) found = match[1];
  return found;
}

/** Where the array that opens at `open` (its "[") closes, nested arrays included. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "[") depth++;
    else if (text[i] === "]" && --depth === 0) return i;
  }
  return -1;
}

interface Structure {
  tree: { num: number; gen: number; body: string; nextKey: number };
  document: { num: number; gen: number; body: string };
}

/** The structure tree the page joins: pdfkit's (a parent tree of numbers, a Document element first); none otherwise. */
function structureOf(pdf: string, catalog: string): Structure | undefined {
  const treeRef = /\/StructTreeRoot\s+(\d+)\s+(\d+)\s+R/.exec(catalog);
  if (!treeRef || !/\/MarkInfo/.test(catalog)) return undefined;
  const tree = { num: Number(treeRef[1]), gen: Number(treeRef[2]) };
  const treeBody = lastObject(pdf, tree.num, tree.gen);
  const nextKey = treeBody && /\/ParentTreeNextKey\s+(\d+)/.exec(treeBody);
  const documentRef = treeBody && /\/K\s*\[\s*(\d+)\s+(\d+)\s+R/.exec(treeBody);
  if (!treeBody || !nextKey || !documentRef || !/\/Nums\s*\[/.test(treeBody)) return undefined;
  const document = { num: Number(documentRef[1]), gen: Number(documentRef[2]) };
  const documentBody = lastObject(pdf, document.num, document.gen);
  if (!documentBody || !/\/S\s*\/Document\b/.test(documentBody) || !/\/K\s*\[[\d\sR]*\]/.test(documentBody))
    return undefined;
  return {
    tree: { ...tree, body: treeBody, nextKey: Number(nextKey[1]) },
    document: { ...document, body: documentBody },
  };
}

export function appendPage(original: Uint8Array, page: AppendedPage): Buffer | null {
  const source = Buffer.from(original);
  const pdf = source.toString("latin1");
  const startxref = [...pdf.matchAll(/startxref\s+(\d+)/g)].at(-1);
  const trailerAt = pdf.lastIndexOf("trailer");
  if (!startxref || trailerAt < 0) return null;
  const trailer = pdf.slice(trailerAt, pdf.indexOf("startxref", trailerAt));
  const root = /\/Root\s+(\d+)\s+(\d+)\s+R/.exec(trailer);
  const size = /\/Size\s+(\d+)/.exec(trailer);
  if (!root || !size) return null;
  const catalog = lastObject(pdf, Number(root[1]), Number(root[2]));
  const pagesRef = catalog && /\/Pages\s+(\d+)\s+(\d+)\s+R/.exec(catalog);
  if (!pagesRef) return null;
  const pagesNum = Number(pagesRef[1]);
  const pagesGen = Number(pagesRef[2]);
  const pages = lastObject(pdf, pagesNum, pagesGen);
  const count = pages && /\/Count\s+(\d+)/.exec(pages);
  if (!pages || !count || !/\/Kids\s*\[/.test(pages)) return null;

  let next = Number(size[1]);
  const pageNum = next++;
  const contentNum = next++;
  const fontNum = next++;
  const boldNum = next++;
  const imageNum = page.jpeg ? next++ : 0;
  const annotations: { num: number; rect: number[]; url: string }[] = [];
  const structure = structureOf(pdf, catalog);
  // The page's tagged content in reading order: each one's marked-content id is its index.
  const tagged: { type: "P" | "Link" | "Figure"; alt?: string; annotation?: number }[] = [];
  const marked = (element: (typeof tagged)[number], operators: string) => {
    if (!structure) return operators;
    tagged.push(element);
    return `/${element.type} <</MCID ${tagged.length - 1}>> BDC ${operators} EMC`;
  };

  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const textLeft = PAGE.margin;
  page.lines.forEach((line, index) => {
    const fontSize = line.size ?? 11;
    y -= fontSize * 1.35 + (line.gap ?? 0);
    const x = textLeft + (page.logoBesideLine === index ? 40 : 0);
    if (page.logoBesideLine === index) {
      // The Equal Housing Opportunity logo: a house with an equals sign, 30 pt square.
      const s = 30 / 64;
      const bx = textLeft;
      const by = y - 8;
      const p = (px: number, py: number) => `${(bx + px * s).toFixed(2)} ${(by + (64 - py) * s).toFixed(2)}`;
      ops.push(
        marked(
          { type: "Figure", alt: "Equal Housing Opportunity logo" },
          [
            `q 0 0 0 rg ${p(32, 4)} m ${p(2, 28)} l ${p(10, 28)} l ${p(10, 58)} l ${p(54, 58)} l ${p(54, 28)} l ${p(62, 28)} l h`,
            `${p(48, 52)} m ${p(16, 52)} l ${p(16, 26)} l ${p(32, 13)} l ${p(48, 26)} l h f*`,
            `${p(21, 36)} ${(22 * s).toFixed(2)} ${(6 * s).toFixed(2)} re f ${p(21, 46)} ${(22 * s).toFixed(2)} ${(6 * s).toFixed(2)} re f Q`,
          ].join("\n"),
        ),
      );
    }
    if (line.url) {
      const width = Math.min(PAGE.width - PAGE.margin - x, line.text.length * fontSize * 0.5);
      annotations.push({ num: next++, rect: [x, y - 2, x + width, y + fontSize], url: line.url });
    }
    const text = `BT /${line.bold ? "F2" : "F1"} ${fontSize} Tf ${line.url ? "0.06 0.32 0.2" : "0.1 0.1 0.1"} rg ${x} ${y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`;
    ops.push(marked(line.url ? { type: "Link", annotation: annotations.length - 1 } : { type: "P" }, text));
  });
  if (page.jpeg) {
    ops.push(
      marked(
        { type: "Figure", alt: page.jpeg.alt ?? "Photo" },
        `q 96 0 0 96 ${PAGE.width - PAGE.margin - 96} ${PAGE.height - PAGE.margin - 96} cm /Im1 Do Q`,
      ),
    );
  }
  const content = ops.join("\n");

  const objects: { num: number; gen: number; body: Buffer }[] = [];
  const add = (num: number, body: string | Buffer, gen = 0) =>
    objects.push({ num, gen, body: typeof body === "string" ? Buffer.from(body, "latin1") : body });
  const kids = pages
    .replace(/\/Kids\s*\[([^\]]*)\]/, (_, list: string) => `/Kids [${list.trim()} ${pageNum} 0 R]`)
    .replace(/\/Count\s+\d+/, `/Count ${Number(count[1]) + 1}`);
  add(pagesNum, kids.trim(), pagesGen);
  const resources = `/Resources << /Font << /F1 ${fontNum} 0 R /F2 ${boldNum} 0 R >>${page.jpeg ? ` /XObject << /Im1 ${imageNum} 0 R >>` : ""} >>`;
  const annots = annotations.length ? ` /Annots [${annotations.map((a) => `${a.num} 0 R`).join(" ")}]` : "";
  // The page's key in the parent tree, then one per link annotation.
  const pageKey = structure?.tree.nextKey ?? 0;
  const structParents = structure ? ` /StructParents ${pageKey} /Tabs /S` : "";
  add(
    pageNum,
    `<< /Type /Page /Parent ${pagesNum} ${pagesGen} R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ${resources} /Contents ${contentNum} 0 R${annots}${structParents} >>`,
  );
  add(contentNum, `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`);
  add(fontNum, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  add(boldNum, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  if (page.jpeg) {
    const { bytes, width, height } = page.jpeg;
    const head = `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${bytes.byteLength} >>\nstream\n`;
    add(imageNum, Buffer.concat([Buffer.from(head, "latin1"), bytes, Buffer.from("\nendstream", "latin1")]));
  }
  annotations.forEach((a, i) =>
    add(
      a.num,
      `<< /Type /Annot /Subtype /Link /Rect [${a.rect.map((n) => n.toFixed(2)).join(" ")}] /Border [0 0 0] /A << /S /URI /URI ${pdfString(a.url)} >>${structure ? ` /StructParent ${pageKey + 1 + i}` : ""} >>`,
    ),
  );
  if (structure) {
    const { tree, document } = structure;
    const sectNum = next++;
    const elements = tagged.map((element, mcid) => ({ ...element, mcid, num: next++ }));
    const pageRef = `${pageNum} 0 R`;
    for (const e of elements) {
      const annotation =
        e.annotation === undefined
          ? ""
          : ` << /Type /OBJR /Obj ${annotations[e.annotation]!.num} 0 R /Pg ${pageRef} >>`;
      add(
        e.num,
        `<< /S /${e.type} /P ${sectNum} 0 R /Pg ${pageRef}${e.alt ? ` /Alt ${pdfString(e.alt)}` : ""} /K [${e.mcid}${annotation}] >>`,
      );
    }
    // The photo, drawn last, is read after the page's heading (it sits beside it, at the top right).
    const reading = page.jpeg ? [elements[0]!, elements.at(-1)!, ...elements.slice(1, -1)] : elements;
    add(
      sectNum,
      `<< /S /Sect /P ${document.num} ${document.gen} R /K [${reading.map((e) => `${e.num} 0 R`).join(" ")}] >>`,
    );
    add(
      document.num,
      document.body.replace(/\/K\s*\[([\d\sR]*)\]/, (_, list: string) => `/K [${list.trim()} ${sectNum} 0 R]`).trim(),
      document.gen,
    );
    // The parent tree: the page's marked contents by id, then each link annotation's element.
    const links = elements
      .filter((e) => e.annotation !== undefined)
      .map((e) => `${pageKey + 1 + e.annotation!} ${e.num} 0 R`);
    const entries = [`${pageKey} [${elements.map((e) => `${e.num} 0 R`).join(" ")}]`, ...links].join(" ");
    const numsAt = tree.body.search(/\/Nums\s*\[/);
    const numsEnd = closingBracket(tree.body, tree.body.indexOf("[", numsAt));
    const lastKey = pageKey + annotations.length;
    const body = `${tree.body.slice(0, numsEnd)} ${entries}${tree.body.slice(numsEnd)}`
      .replace(/\/Limits\s*\[\s*(\d+)\s+\d+\s*\]/, (_, first: string) => `/Limits [${first} ${lastKey}]`)
      .replace(/\/ParentTreeNextKey\s+\d+/, `/ParentTreeNextKey ${lastKey + 1}`);
    add(tree.num, body.trim(), tree.gen);
  }

  const parts: Buffer[] = [source, Buffer.from(source.at(-1) === 0x0a ? "" : "\n", "latin1")];
  let offset = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const entries: { num: number; gen: number; offset: number }[] = [];
  for (const object of objects) {
    const chunk = Buffer.concat([
      Buffer.from(`${object.num} ${object.gen} obj\n`, "latin1"),
      object.body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    entries.push({ num: object.num, gen: object.gen, offset });
    parts.push(chunk);
    offset += chunk.byteLength;
  }
  const xref = [
    "xref",
    ...entries
      .sort((a, b) => a.num - b.num)
      .flatMap((e) => [`${e.num} 1`, `${String(e.offset).padStart(10, "0")} ${String(e.gen).padStart(5, "0")} n `]),
  ].join("\n");
  const id = /\/ID\s*\[[^\]]*\]/.exec(trailer)?.[0] ?? "";
  const info = /\/Info\s+\d+\s+\d+\s+R/.exec(trailer)?.[0] ?? "";
  const tail = `${xref}\ntrailer\n<< /Size ${next} /Root ${root[1]} ${root[2]} R ${info} ${id} /Prev ${startxref[1]} >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(tail, "latin1"));
  return Buffer.concat(parts);
}
