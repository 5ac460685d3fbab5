import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, translate } from "../../server/core/i18n.js";
import {
  contractPriceHeader,
  quickOrderHeader,
  sheetName,
  volumePriceHeader,
} from "../../server/files/xlsx.js";
import { handWrittenXlsx, multipart, type CellValue } from "../fixtures/files/builders.js";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CONTRACT = "/shop/export/xlsx/contract-price";
const SAMPLE = "/shop/export/xlsx/quick-order";
const IMPORT = "/shop/import/xlsx/quick-order";

/** Each sheet's name and first row, as a spreadsheet program shows them. */
function headersOf(buf: Buffer) {
  const book = XLSX.read(buf, { type: "buffer" });
  return {
    book,
    sheets: book.SheetNames.map((name) => ({
      name,
      header: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 })[0],
    })),
  };
}

/** Excel's rules for a sheet's name. */
const excelSheetName = (name: string) =>
  name.length >= 1 &&
  name.length <= 31 &&
  !/[[\]:*?/\\]/.test(name) &&
  !name.startsWith("'") &&
  !name.endsWith("'");

describe("export texts", () => {
  it("names every sheet as Excel allows, in every language", () => {
    for (const l of LANGUAGES)
      for (const key of ["contractSheet", "volumeSheet", "quickOrderSheet"]) {
        const name = sheetName(translate(l, `xlsxExport.${key}`));
        expect(excelSheetName(name), `${l} ${key}: ${name}`).toBe(true);
        // The translations fit as they are: nothing is cut or replaced.
        expect(name).toBe(translate(l, `xlsxExport.${key}`));
      }
    expect(sheetName("Prices [EUR]: A/B? C*D\\E")).toBe("Prices EUR A B C D E");
    expect(sheetName("'Quoted'")).toBe("Quoted");
    expect(sheetName("A".repeat(40))).toBe("A".repeat(31));
    expect(sheetName("[]:*?/\\")).toBe("Sheet1");
  });

  it("has a header of its own in every language, which the importer's message names", () => {
    const label = (l: (typeof LANGUAGES)[number]) => (key: string) => translate(l, key);
    for (const l of LANGUAGES) {
      expect(contractPriceHeader(label(l))).toHaveLength(6);
      expect(volumePriceHeader(label(l))).toHaveLength(6);
      const [code, quantity] = quickOrderHeader(label(l));
      // The message for a file without these columns names them in the reader's language.
      const message = translate(l, "quickOrderImport.noColumns");
      expect(message).toContain(code);
      expect(message).toContain(quantity);
    }
  });
});

describe.each(backends)("xlsx files in the reader's language on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  async function get(url: string, as: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${await t.token(as)}`, ...headers },
    });
  }

  async function upload(data: Buffer, headers: Record<string, string> = {}) {
    const { body, contentType } = multipart([
      { name: "file", filename: "order.xlsx", type: XLSX_TYPE, data },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: IMPORT,
      headers: {
        "content-type": contentType,
        authorization: `Bearer ${await t.token(USERS.spaBuyer)}`,
        ...headers,
      },
      payload: body,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  }

  it("writes the contract price list's sheets, headers and title in German and French", async () => {
    const de = await get(CONTRACT, USERS.spaAdmin, { locale: "de_DE" });
    expect(de.statusCode).toBe(200);
    const german = headersOf(de.rawPayload);
    expect(german.sheets).toEqual([
      {
        name: "Vertragspreise",
        header: ["Artikelnummer", "Name", "Preis", "UVP", "EAN", "Währung"],
      },
      {
        name: "Staffelpreise",
        header: [
          "Produktnummer",
          "Variante",
          "Mindestmenge",
          "Höchstmenge",
          "Stückpreis",
          "Währung",
        ],
      },
    ]);
    expect(german.book.Props?.Title).toBe("Vertragspreise");

    // A plain link names the language in its address; the browser's language is the fallback.
    const browsers: Record<string, string>[] = [
      { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" },
      {},
    ];
    for (const headers of browsers) {
      const url = Object.keys(headers).length === 0 ? `${CONTRACT}?locale=fr` : CONTRACT;
      const fr = headersOf((await get(url, USERS.spaAdmin, headers)).rawPayload);
      expect(fr.sheets).toEqual([
        {
          name: "Prix contractuels",
          header: ["Code article", "Nom", "Prix", "PVC", "EAN", "Devise"],
        },
        {
          name: "Prix dégressifs",
          header: [
            "Code produit",
            "Variante",
            "Quantité minimale",
            "Quantité maximale",
            "Prix unitaire",
            "Devise",
          ],
        },
      ]);
      expect(fr.book.Props?.Title).toBe("Prix contractuels");
    }

    // Numbers stay numbers, shown with two decimals, whatever the language; names are the
    // catalogue's in the reader's language.
    const cells = XLSX.read(de.rawPayload, { type: "buffer", cellNF: true });
    expect(cells.Sheets["Vertragspreise"]!["C2"]).toMatchObject({ t: "n", z: "0.00" });
    expect(cells.Sheets["Staffelpreise"]!["E2"]).toMatchObject({ t: "n", z: "0.00" });
    expect(cells.Sheets["Staffelpreise"]!["C2"]).toMatchObject({ t: "n" });
    const english = XLSX.read((await get(CONTRACT, USERS.spaAdmin)).rawPayload, {
      type: "buffer",
    });
    expect(english.SheetNames).toEqual(["Contract prices", "Volume prices"]);
    const rowsDe = XLSX.utils.sheet_to_json<unknown[]>(cells.Sheets["Vertragspreise"]!, {
      header: 1,
    });
    const rowsEn = XLSX.utils.sheet_to_json<unknown[]>(english.Sheets["Contract prices"]!, {
      header: 1,
    });
    expect(rowsDe.map((r) => [r[0], r[2], r[3], r[4], r[5]])).toEqual(
      rowsEn.map((r, n) =>
        n === 0
          ? ["Artikelnummer", "Preis", "UVP", "EAN", "Währung"]
          : [r[0], r[2], r[3], r[4], r[5]],
      ),
    );
  });

  it("writes the quick-order sample in German and French, and reads the German one back filled in", async () => {
    const fr = headersOf((await get(`${SAMPLE}?locale=fr`, USERS.spaBuyer)).rawPayload);
    expect(fr.sheets).toEqual([{ name: "Commande rapide", header: ["Code article", "Quantité"] }]);
    expect(fr.book.Props?.Title).toBe("Commande rapide");

    const res = await get(SAMPLE, USERS.spaBuyer, { "accept-language": "de-DE,de;q=0.9" });
    expect(res.statusCode).toBe(200);
    const de = headersOf(res.rawPayload);
    expect(de.sheets).toEqual([{ name: "Schnellbestellung", header: ["Artikelnummer", "Menge"] }]);
    expect(de.book.Props?.Title).toBe("Schnellbestellung");

    // A German partner fills the template: keeps its header, writes over the example rows
    // and deletes the third.
    const book = XLSX.read(res.rawPayload, { type: "buffer" });
    const sheet = book.Sheets["Schnellbestellung"]!;
    XLSX.utils.sheet_add_aoa(
      sheet,
      [
        ["GLOW-MINI-ROSE", 4],
        ["FIRM-LIFT-SERUM-30ML", "7"],
      ],
      { origin: "A2" },
    );
    delete sheet["A4"];
    delete sheet["B4"];
    sheet["!ref"] = "A1:B3";
    const filled = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const imported = await upload(filled, { "accept-language": "de-DE" });
    expect(imported.status).toBe(200);
    expect(imported.body.errors).toEqual([]);
    expect(
      (imported.body.rows as { row: number; product_variant_code: string; quantity: number }[]).map(
        (r) => [r.row, r.product_variant_code, r.quantity],
      ),
    ).toEqual([
      [2, "GLOW-MINI-ROSE", 4],
      [3, "FIRM-LIFT-SERUM-30ML", 7],
    ]);
  });

  it("reads the sample's header of every language, in any case, with or without accents", async () => {
    const headers: CellValue[][] = [
      ...LANGUAGES.map((l) => [
        translate(l, "xlsxExport.quickOrderCode"),
        translate(l, "xlsxExport.quickOrderQuantity"),
      ]),
      ["ARTIKELNUMMER", "menge"],
      ["code-article", "QUANTITE"],
      [" Codice  articolo ", "quantita"],
      ["codigo de articulo", "CANTIDAD"],
      // The contract price list's code column, with a quantity column added.
      ["Artikelnummer", "Name", "Preis", "Menge"],
    ];
    for (const header of headers) {
      const quantityAt = header.length - 1;
      const row: CellValue[] = header.map((_, i) =>
        i === 0 ? "GLOW-MINI-ROSE" : i === quantityAt ? 2 : "x",
      );
      const res = await upload(handWrittenXlsx([{ name: "Tabelle1", rows: [header, row] }]));
      expect(res.status, JSON.stringify(header)).toBe(200);
      expect(res.body.rows).toMatchObject([
        { row: 2, product_variant_code: "GLOW-MINI-ROSE", quantity: 2 },
      ]);
    }
  });

  it("names the columns it wants in the reader's language when the header is not one of them", async () => {
    const res = await upload(
      handWrittenXlsx([
        {
          name: "Tabelle1",
          rows: [
            ["Produkt", "Anzahl"],
            ["GLOW-MINI-ROSE", 1],
          ],
        },
      ]),
      { locale: "de_DE" },
    );
    expect(res.status).toBe(422);
    expect((res.body.violations as { message: string }[])[0]!.message).toBe(
      "Die erste Zeile muss die Spalten Artikelnummer und Menge benennen (oder product_variant_code und quantity).",
    );
  });
});
