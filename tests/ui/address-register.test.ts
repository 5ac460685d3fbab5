import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const LOCALES = resolve(import.meta.dirname, "..", "..", "locales");

/** Every text of a language as [file:key, text]: the screens' files and the server's (server*.json). */
function texts(language: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (file: string, value: unknown, key: string) => {
    if (typeof value === "string") out.push([`${file}:${key}`, value]);
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(file, v, key ? `${key}.${k}` : k);
  };
  for (const file of readdirSync(join(LOCALES, language)).filter((f) => f.endsWith(".json")))
    walk(file, JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")), "");
  return out;
}

/**
 * One way of addressing the reader per language (issue 30, decision 064): Spanish says "usted",
 * Italian "tu". The forms below belong only to the other register (pronouns, possessives, verb
 * forms and imperatives no text of the chosen register has), so a text using one mixes the two.
 * The server's texts (mails, invoice PDF, .xlsx exports, errors) are the server*.json files.
 */
const words = (list: string[], flags: string) =>
  new RegExp(`(?<![\\p{L}])(${list.join("|")})(?![\\p{L}])`, `u${flags}`);

const OTHER_REGISTER: Record<string, { name: string; forms: RegExp[] }> = {
  es: {
    name: "tú",
    forms: [
      words(
        [
          // pronouns and possessives
          "tu|tus|tú|te|ti|contigo|tuyo|tuya|tuyos|tuyas",
          // second-person verbs
          "puedes|podrás|tienes|tendrás|quieres|debes|necesitas|has|eres|estás|accedes|abres|recibirás|esperabas|deseas|buscas|encuentras|verás",
          // imperatives and their pronouns
          "introduce|elige|comprueba|inténtalo|confírmalo|confírmala|escríbenos|pídele|pídelo|únete|ignora este|cambia el|ábrela|inicia sesión|revisa tu|vuelve a iniciar|vuelve pronto|guárdala|selecciona|añade|usa|escribe",
        ],
        "i",
      ),
    ],
  },
  it: {
    name: "Lei / voi",
    forms: [
      // the courtesy pronouns are capitalised wherever they stand
      words(["Lei|Suo|Sua|Suoi|Sue|La preghiamo|Le serve|Le verranno|La contatteremo"], ""),
      words(
        [
          // voi
          "vostro|vostra|vostri|vostre|avete|siete|potete|volete|dovete|effettuatelo|contattateci|scriveteci",
          // Lei's imperatives
          "inserisca|scelga|indichi|chieda|riprovi|acceda|scriva|attenda|si unisca|verifichi|aggiunga|prema|inviti i|controlli la|ci scriva|lo trova|ripeta|scopra|completi la|scarichi|legga|imposti|ignori|carichi il|è sicuro di|speriamo lei|stato lei|ha dimenticato|cosa può|la preghiamo|visiti|richieda|controlli questo",
        ],
        "i",
      ),
    ],
  },
};

/** The first of the other register's forms in `text`, if any. */
const otherForm = (forms: RegExp[], text: string) =>
  forms.map((f) => f.exec(text)?.[0]).find((m) => m !== undefined);

describe("one register per language", () => {
  for (const [language, { name, forms }] of Object.entries(OTHER_REGISTER))
    it(`no ${language} text uses ${name}`, () => {
      const mixed = texts(language)
        .map(([where, text]) => [where, text, otherForm(forms, text)] as const)
        .filter(([, , form]) => form !== undefined)
        .map(([where, text, form]) => `${where}: "${form}" in "${text.slice(0, 80)}"`);
      expect(mixed).toEqual([]);
    });

  it("the word lists find the other register's forms", () => {
    expect(otherForm(OTHER_REGISTER.es!.forms, "Introduce tu contraseña.") !== undefined).toBe(
      true,
    );
    expect(otherForm(OTHER_REGISTER.es!.forms, "¿Has olvidado la contraseña?") !== undefined).toBe(
      true,
    );
    expect(otherForm(OTHER_REGISTER.es!.forms, "Introduzca su contraseña.") !== undefined).toBe(
      false,
    );
    expect(
      otherForm(OTHER_REGISTER.es!.forms, "Nuestro equipo revisa su solicitud.") !== undefined,
    ).toBe(false);
    expect(otherForm(OTHER_REGISTER.it!.forms, "La preghiamo di riprovare.") !== undefined).toBe(
      true,
    );
    expect(otherForm(OTHER_REGISTER.it!.forms, "Il Suo carrello") !== undefined).toBe(true);
    expect(otherForm(OTHER_REGISTER.it!.forms, "la vostra azienda") !== undefined).toBe(true);
    expect(
      otherForm(OTHER_REGISTER.it!.forms, "Supera il suo limite di spesa.") !== undefined,
    ).toBe(false);
    expect(otherForm(OTHER_REGISTER.it!.forms, "Riprova tra qualche istante.") !== undefined).toBe(
      false,
    );
  });
});
